import { LIMITS } from '../service/limits.ts';
import { isUnavailable, type BoundedCache } from '../shared-state/shared-store.ts';
import type { RegisteredClient } from './clients.ts';

/**
 * Where resolved client metadata documents are kept between requests: the registration read
 * from a document (as the compact document `writeCachedRegistration` gives, which is read and
 * checked again like a fetched one) under the document's URL, for a number of seconds. The
 * in-memory store below serves one instance; a shared store (Redis) implements the same two
 * calls so that every instance reuses one fetch. Both are bounded per host and in all.
 * @see draft-ietf-oauth-client-id-metadata-document-03 §5.2 (Metadata Caching)
 */
export interface ClientMetadataCache {
  /** The registration kept for a URL, or undefined when there is none or it expired. */
  get(url: string): Promise<string | undefined>;
  /**
   * Keeps a registration for a URL for `ttlSeconds` (a positive number of seconds), when the
   * bounds allow; a cache that is full for the URL's host keeps nothing.
   */
  set(url: string, registration: string, ttlSeconds: number): Promise<void>;
}

/**
 * The registration a document gave, as a compact client metadata document: only the members
 * this server uses, so what is kept is a few hundred bytes however the document was padded,
 * and reading it back goes through the same checks as the fetched document.
 * @see draft-ietf-oauth-client-id-metadata-document-03 §4.1
 */
export function writeCachedRegistration(clientId: string, client: RegisteredClient): string {
  return JSON.stringify({
    client_id: clientId,
    client_name: client.clientName,
    redirect_uris: client.redirectUris,
    grant_types: client.grantTypes,
    scope: client.scope,
    token_endpoint_auth_method: 'none',
  });
}

/** Bounds of the in-memory store. */
export interface MemoryCacheBounds {
  /** The most registrations kept; the oldest entry goes first. */
  readonly maxEntries: number;
  /** The most registrations of one host; past it, another of that host is not kept. */
  readonly maxEntriesPerHost?: number;
  /** The clock, in milliseconds; tests move it by hand. */
  readonly now?: () => number;
}

/**
 * An in-memory ClientMetadataCache bounded in count (oldest entry evicted first), per host (a
 * host at its bound gets nothing more kept) and time (each entry expires after its TTL), for
 * one instance.
 */
export function createMemoryClientMetadataCache(bounds: MemoryCacheBounds): ClientMetadataCache {
  const now = bounds.now ?? Date.now;
  const perHost = bounds.maxEntriesPerHost ?? LIMITS.clientMetadataCacheEntriesPerHost;
  const entries = new Map<string, { registration: string; host: string; expiresAt: number }>();
  return {
    get(url) {
      const entry = entries.get(url);
      if (entry && entry.expiresAt <= now()) entries.delete(url);
      return Promise.resolve(entry && entry.expiresAt > now() ? entry.registration : undefined);
    },
    set(url, registration, ttlSeconds) {
      entries.delete(url);
      if (ttlSeconds <= 0 || bounds.maxEntries <= 0) return Promise.resolve();
      const host = readHost(url);
      let ofHost = 0;
      for (const [key, entry] of entries) {
        if (entry.expiresAt <= now()) entries.delete(key);
        else if (entry.host === host) ofHost += 1;
      }
      if (ofHost >= perHost) return Promise.resolve();
      while (entries.size >= bounds.maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
      entries.set(url, { registration, host, expiresAt: now() + ttlSeconds * 1000 });
      return Promise.resolve();
    },
  };
}

/**
 * A ClientMetadataCache in the deployment's shared store (Redis when `REDIS_URL` is set), so every
 * instance reads a document once per lifetime. It is best effort and bounded: at most
 * LIMITS.clientMetadataCacheEntries registrations in all and LIMITS.clientMetadataCacheEntriesPerHost
 * per host, enforced by the store in one atomic step; a registration that would pass a bound is
 * not kept (and nothing is evicted), so the cache can never grow into the memory the rate-limit
 * counts and redeemed codes need. A store that cannot answer is a miss (the document is fetched
 * again), never a failure.
 */
export function createSharedClientMetadataCache(store: BoundedCache): ClientMetadataCache {
  return {
    async get(url) {
      const answer = await store.read('cimd', url);
      return isUnavailable(answer) ? undefined : answer;
    },
    async set(url, registration, ttlSeconds) {
      if (ttlSeconds <= 0) return;
      await store.keep({
        cache: 'cimd',
        key: url,
        group: readHost(url),
        value: registration,
        ttlSeconds,
        maxEntries: LIMITS.clientMetadataCacheEntries,
        maxEntriesPerGroup: LIMITS.clientMetadataCacheEntriesPerHost,
      });
    },
  };
}

/** The host (and port) a client_id URL names, which its entries count against. */
function readHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
}
