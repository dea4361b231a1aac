import { isUnavailable, type ExpiringCache } from '../shared-state/shared-store.ts';
/**
 * Where fetched client metadata documents are kept between requests: the document's text under
 * its URL, for a number of seconds. The in-memory store below serves one instance; a shared
 * store (Redis) implements the same two calls so that every instance reuses one fetch.
 * @see draft-ietf-oauth-client-id-metadata-document-03 §5.2 (Metadata Caching)
 */
export interface ClientMetadataCache {
  /** The document text kept for a URL, or undefined when there is none or it expired. */
  get(url: string): Promise<string | undefined>;
  /** Keeps a document text for a URL for `ttlSeconds` (a positive number of seconds). */
  set(url: string, document: string, ttlSeconds: number): Promise<void>;
}

/** Bounds of the in-memory store. */
export interface MemoryCacheBounds {
  /** The most documents kept; the oldest entry goes first. */
  readonly maxEntries: number;
  /** The clock, in milliseconds; tests move it by hand. */
  readonly now?: () => number;
}

/**
 * An in-memory ClientMetadataCache bounded in count (oldest entry evicted first) and time (each
 * entry expires after its TTL), for one instance.
 */
export function createMemoryClientMetadataCache(bounds: MemoryCacheBounds): ClientMetadataCache {
  const now = bounds.now ?? Date.now;
  const entries = new Map<string, { document: string; expiresAt: number }>();
  return {
    get(url) {
      const entry = entries.get(url);
      if (entry && entry.expiresAt <= now()) entries.delete(url);
      return Promise.resolve(entry && entry.expiresAt > now() ? entry.document : undefined);
    },
    set(url, document, ttlSeconds) {
      entries.delete(url);
      if (ttlSeconds <= 0 || bounds.maxEntries <= 0) return Promise.resolve();
      while (entries.size >= bounds.maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
      entries.set(url, { document, expiresAt: now() + ttlSeconds * 1000 });
      return Promise.resolve();
    },
  };
}

/**
 * A ClientMetadataCache in the deployment's shared store (Redis when `REDIS_URL` is set), so every
 * instance reads a document once per lifetime. Documents stay within the same bounds: at most
 * LIMITS.clientMetadataBytes each, kept for their capped lifetime. A store that cannot answer is a
 * miss (the document is fetched again), never a failure.
 */
export function createSharedClientMetadataCache(store: ExpiringCache): ClientMetadataCache {
  const keyOf = (url: string) => `cimd:${url}`;
  return {
    async get(url) {
      const answer = await store.read(keyOf(url));
      return isUnavailable(answer) ? undefined : answer;
    },
    async set(url, document, ttlSeconds) {
      if (ttlSeconds > 0) await store.write(keyOf(url), document, ttlSeconds);
    },
  };
}
