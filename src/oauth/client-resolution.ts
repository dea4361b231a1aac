import { LIMITS } from '../service/limits.ts';
import { logToStderr } from '../http/problem.ts';
import { readProcessStore } from '../shared-state/process-store.ts';
import {
  createMemoryClientMetadataCache,
  createSharedClientMetadataCache,
  writeCachedRegistration,
  type ClientMetadataCache,
} from './client-metadata-cache.ts';
import {
  checkClientIdUrl,
  isUrlClientId,
  readCacheLifetime,
  readClientMetadataDocument,
} from './client-metadata-document.ts';
import {
  fetchClientMetadataDocument,
  STRICT_FETCH_POLICY,
  type ClientMetadataFetchPolicy,
} from './client-metadata-fetch.ts';
import type { HostResolver } from '../net/host-resolver.ts';
import { readClientKey } from '../http/rate-limit.ts';
import { verifyClientId, type RegisteredClient } from './clients.ts';
import { refuse, type OAuthResult } from './errors.ts';
import type { OAuthKeys } from './keys.ts';

/** How URL client ids are resolved: where their documents are kept, and how they are fetched. */
export interface ClientMetadataOptions {
  /**
   * Where fetched documents are kept: by default the shared store when `REDIS_URL` names one,
   * else one bounded in-memory store per endpoint.
   */
  readonly cache?: ClientMetadataCache;
  /** Test only: a relaxed fetch policy (see ClientMetadataFetchPolicy); deployments never set it. */
  readonly fetchPolicy?: ClientMetadataFetchPolicy;
  /**
   * What resolves the documents' host names: by default the process's resolver, which asks the
   * system's name servers (`readProcessMetadataResolver`); a test names its own name server.
   */
  readonly resolver?: HostResolver;
}

/**
 * Reads a client_id back into its client, or refuses it with invalid_client. `requester` is the
 * network address of the client that sent it (its lookups are capped per requester).
 */
export type ClientResolver = (
  clientId: string,
  requester: string,
) => Promise<OAuthResult<RegisteredClient>>;

/**
 * Resolves either kind of client_id: an https URL names a client ID metadata document, fetched
 * under the strict policy (or taken from the cache) and checked; anything else must be a
 * client_id this issuer signed at /oauth/register.
 * @see draft-ietf-oauth-client-id-metadata-document-03 §5, RFC 7591 §3.2.1
 */
export function createClientResolver(
  context: { keys: () => Promise<OAuthKeys>; issuer: string; seconds: () => number },
  options: ClientMetadataOptions = {},
): ClientResolver {
  const cache = options.cache ?? readDefaultCache();
  const policy = options.fetchPolicy ?? STRICT_FETCH_POLICY;
  const fetcher = options.resolver ? { resolver: options.resolver } : {};
  return async (clientId, requester) => {
    if (!isUrlClientId(clientId)) {
      return verifyClientId(clientId, await context.keys(), context.issuer);
    }
    const checked = checkClientIdUrl(clientId);
    if ('problem' in checked) {
      return refuse('invalid_client', `The URL client_id ${checked.problem}.`);
    }
    const now = context.seconds() * 1000;
    const cached = await cache.get(clientId);
    if (cached !== undefined) return readClientMetadataDocument(clientId, cached, now);
    const fetched = await fetchClientMetadataDocument(checked.url, policy, {
      ...fetcher,
      client: readClientKey(requester),
    });
    if (!fetched.ok) {
      return refuse(
        'invalid_client',
        `The client metadata document at ${clientId} could not be fetched: ${fetched.reason}.`,
      );
    }
    const client = readClientMetadataDocument(clientId, fetched.text, now);
    // Only a document that passed is kept, so a fixed document is read again at once; what is
    // kept is its registration, not its text (see writeCachedRegistration).
    if (client.ok) {
      const registration = writeCachedRegistration(clientId, client.value);
      await cache.set(clientId, registration, readCacheLifetime(fetched.cacheControl));
    }
    return client;
  };
}

/** The shared store's cache when the deployment has one, else this endpoint's memory. */
function readDefaultCache(): ClientMetadataCache {
  const store = readProcessStore(logToStderr);
  return store
    ? createSharedClientMetadataCache(store)
    : createMemoryClientMetadataCache({ maxEntries: LIMITS.clientMetadataCacheEntries });
}
