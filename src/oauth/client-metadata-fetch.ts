import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import {
  createHostResolver,
  type HostResolver,
  type HostResolverOptions,
} from '../net/host-resolver.ts';
import { LIMITS } from '../service/limits.ts';
import { keepForProcess } from '../shared-state/process-values.ts';
import { findForbiddenRange } from './address-policy.ts';

/**
 * How a client metadata document is fetched. Deployments always use STRICT_FETCH_POLICY; the
 * relaxations below exist for tests that run a real https server on 127.0.0.1 and are passed in
 * process only (no environment variable or configuration file reaches them).
 */
export interface ClientMetadataFetchPolicy {
  readonly maxBytes: number;
  readonly timeoutMs: number;
  /** Test only: an address in a forbidden range that may be fetched from anyway. */
  readonly permitAddress?: (address: string) => boolean;
  /** Test only: PEM certificates to trust instead of Node's bundled roots. */
  readonly trustedCertificates?: readonly string[];
}

/** The policy every deployment uses. @see draft-ietf-oauth-client-id-metadata-document-03 §8.6, §8.7 */
export const STRICT_FETCH_POLICY: ClientMetadataFetchPolicy = {
  maxBytes: LIMITS.clientMetadataBytes,
  timeoutMs: LIMITS.clientMetadataTimeoutMs,
};

/** Who fetches: the resolver that finds the host's addresses, and the client that asked. */
export interface ClientMetadataFetcher {
  /** By default the process's resolver for metadata hosts (the system's name servers). */
  readonly resolver?: HostResolver;
  /** The address of the client whose request needs the document, for the per-client cap. */
  readonly client?: string;
}

/** A fetched document (its text and its Cache-Control), or why none could be had. */
export type FetchedClientMetadata =
  | { readonly ok: true; readonly text: string; readonly cacheControl: string | undefined }
  | { readonly ok: false; readonly reason: string };

function failed(reason: string): FetchedClientMetadata {
  return { ok: false, reason };
}

/**
 * The process's resolver for client metadata hosts, shared by the functions it runs, so its caps
 * hold for the whole instance: LIMITS.hostLookup* (the system's name servers).
 */
export function readProcessMetadataResolver(): HostResolver {
  return keepForProcess('agent-facts.client-metadata-resolver', () =>
    createHostResolver(METADATA_LOOKUP_OPTIONS),
  );
}

/** How client metadata hosts are looked up: the deployment's LIMITS.hostLookup* bounds. */
export const METADATA_LOOKUP_OPTIONS: HostResolverOptions = {
  attemptMs: LIMITS.hostLookupAttemptMs,
  tries: LIMITS.hostLookupTries,
  maxPending: LIMITS.hostLookupsPending,
  maxPendingPerClient: LIMITS.hostLookupsPendingPerClient,
  failureMs: LIMITS.hostLookupFailureSeconds * 1000,
  maxFailures: LIMITS.hostLookupFailures,
};

/**
 * GETs a client metadata document under a strict policy: https only; the host's addresses
 * resolved once (by a resolver that is cancelled at the deadline, see host-resolver.ts), EVERY
 * one checked against the forbidden ranges, and the connection made to the checked address (no
 * second lookup, so a name cannot be rebound between check and connect); no redirect followed;
 * only `200` with a JSON media type; at most `maxBytes`, within `timeoutMs` from the lookup to
 * the last byte. Never throws: a failure is a reason the client can act on, without the
 * server's internals. @see draft-ietf-oauth-client-id-metadata-document-03 §5, §8.6, §8.7
 */
export async function fetchClientMetadataDocument(
  url: URL,
  policy: ClientMetadataFetchPolicy = STRICT_FETCH_POLICY,
  fetcher: ClientMetadataFetcher = {},
): Promise<FetchedClientMetadata> {
  if (url.protocol !== 'https:') return failed('it is not an https URL');
  const deadline = Date.now() + policy.timeoutMs;
  const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const resolver = fetcher.resolver ?? readProcessMetadataResolver();
  const resolved = await resolver.resolve(hostname, {
    deadline,
    ...(fetcher.client === undefined ? {} : { client: fetcher.client }),
  });
  if ('failure' in resolved) return failed(resolved.failure);
  if (resolved.addresses.length === 0) return failed('its host name does not resolve');
  for (const { address } of resolved.addresses) {
    const range = findForbiddenRange(address);
    if (range && !policy.permitAddress?.(address)) {
      return failed(`its host resolves to an address that is not public (${range})`);
    }
  }
  const pinned = resolved.addresses[0] as { address: string; family: 4 | 6 };
  const pinnedLookup: LookupFunction = (_host, options, callback) => {
    if (options.all) callback(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
  return getDocument(url, hostname, pinnedLookup, policy, deadline);
}

/** The GET itself, connected through `lookup` to the checked address. */
function getDocument(
  url: URL,
  hostname: string,
  lookup: LookupFunction,
  policy: ClientMetadataFetchPolicy,
  deadline: number,
): Promise<FetchedClientMetadata> {
  return new Promise((resolve) => {
    const request = httpsRequest({
      protocol: 'https:',
      hostname,
      port: url.port || 443,
      path: `${url.pathname}${url.search}`,
      method: 'GET',
      headers: { Accept: 'application/json', 'Accept-Encoding': 'identity' },
      lookup,
      // Server name indication and the certificate check name the host, not the address.
      ...(isIP(hostname) === 0 ? { servername: hostname } : {}),
      ...(policy.trustedCertificates ? { ca: [...policy.trustedCertificates] } : {}),
      agent: false,
    });
    // One deadline for connect, TLS, head and body: a slow trickle is cut off like a silence.
    const timer = setTimeout(
      () => finish(failed(`it took longer than ${policy.timeoutMs} ms`)),
      Math.max(0, deadline - Date.now()),
    );
    const finish = (result: FetchedClientMetadata) => {
      clearTimeout(timer);
      request.destroy();
      resolve(result);
    };
    request.on('error', () =>
      finish(failed('the https connection failed (refused, reset, or an untrusted certificate)')),
    );
    request.on('response', (response) => {
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400) {
        return finish(failed(`it answered a redirect (${status}); redirects are not followed`));
      }
      if (status !== 200) return finish(failed(`it answered ${status}, not 200`));
      const mediaType = (response.headers['content-type'] ?? '').split(';')[0]?.trim() ?? '';
      if (!/^application\/([a-z0-9.+-]+\+)?json$/i.test(mediaType)) {
        return finish(failed('its Content-Type is not application/json'));
      }
      const declared = Number(response.headers['content-length'] ?? 0);
      if (declared > policy.maxBytes) {
        return finish(failed(`it is larger than ${policy.maxBytes} bytes`));
      }
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > policy.maxBytes) finish(failed(`it is larger than ${policy.maxBytes} bytes`));
        else chunks.push(chunk);
      });
      response.on('error', () => finish(failed('the https connection failed while reading')));
      response.on('end', () => {
        const cacheControl = response.headers['cache-control'];
        finish({ ok: true, text: Buffer.concat(chunks).toString('utf8'), cacheControl });
      });
    });
    request.end();
  });
}
