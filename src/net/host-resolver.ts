import { getServers, promises as dns } from 'node:dns';
import { isIP } from 'node:net';

/** One address of a host, as `net.connect`'s `lookup` gives it. */
export interface ResolvedAddress {
  readonly address: string;
  readonly family: 4 | 6;
}

/** The host's addresses, or why there are none (`timedOut` when the name servers were silent). */
export type HostResolution =
  | { readonly addresses: readonly ResolvedAddress[] }
  | { readonly failure: string; readonly timedOut: boolean };

/** How a resolver asks, and how much it lets pile up. */
export interface HostResolverOptions {
  /**
   * The name servers to ask, as `dns.setServers` takes them (`'127.0.0.1:5353'`); by default the
   * system's, as `dns.getServers()` gives them when the resolver is made.
   */
  readonly servers?: readonly string[];
  /** Milliseconds one query waits for an answer before it is sent again (c-ares `timeout`). */
  readonly attemptMs: number;
  /** How many times one query is sent (c-ares `tries`). */
  readonly tries: number;
  /** The most lookups in progress at once; one more is refused at once. */
  readonly maxPending: number;
  /** The most lookups in progress at once for one client (as `resolve` names it). */
  readonly maxPendingPerClient: number;
  /** Milliseconds a host whose lookup failed is answered with that failure without asking again. */
  readonly failureMs: number;
  /** The most failed hosts remembered; the oldest is forgotten first. */
  readonly maxFailures: number;
  /** The clock, in milliseconds. */
  readonly now?: () => number;
}

/** Resolves host names to addresses, never waiting past a deadline. */
export interface HostResolver {
  /**
   * The addresses of `hostname` (A and AAAA records), or why there are none, by `deadline`
   * (milliseconds on the resolver's clock). `client` names who asked, for the per-client cap.
   */
  resolve(
    hostname: string,
    within: { readonly deadline: number; readonly client?: string },
  ): Promise<HostResolution>;
}

/** Error codes of `dns.promises.Resolver` that mean no name server answered in time. */
const SILENT_CODES = new Set(['ETIMEOUT', 'ECANCELLED', 'ECONNREFUSED']);
/** Error codes that mean the name has no such records. */
const ABSENT_CODES = new Set(['ENOTFOUND', 'ENODATA', 'ENONAME']);

/**
 * A resolver that asks the name servers itself (c-ares through `dns.promises.Resolver`, on the
 * event loop) instead of `dns.lookup`, whose calls hold one of libuv's four threadpool threads
 * until the system resolver gives up (about 10 s) and cannot be cancelled: a few silent name
 * servers then stall every other lookup of the process. Each lookup here asks for A and AAAA
 * records with `attemptMs` and `tries`, and is cancelled at its deadline. `localhost` (and names
 * under it) and IP literals are answered without DNS; lookups in progress are capped per
 * resolver and per client; a failed host is answered from memory for `failureMs`. Names are
 * looked up in DNS only: `/etc/hosts` is not read (localhost aside).
 * @see RFC 6761 §6.3 (localhost), RFC 1035 §4.2.1 (UDP retransmission)
 */
export function createHostResolver(options: HostResolverOptions): HostResolver {
  const now = options.now ?? Date.now;
  const servers = options.servers ?? getServers();
  const failures = new Map<string, { failure: string; timedOut: boolean; until: number }>();
  const pendingPerClient = new Map<string, number>();
  let pending = 0;

  const remember = (host: string, failure: { failure: string; timedOut: boolean }) => {
    if (options.failureMs <= 0 || options.maxFailures <= 0) return;
    failures.delete(host);
    while (failures.size >= options.maxFailures) {
      const oldest = failures.keys().next().value;
      if (oldest === undefined) break;
      failures.delete(oldest);
    }
    failures.set(host, { ...failure, until: now() + options.failureMs });
  };

  return {
    async resolve(hostname, { deadline, client = '' }) {
      const host = hostname
        .replace(/^\[(.*)\]$/, '$1')
        .replace(/\.$/, '')
        .toLowerCase();
      const literal = readLiteralAddresses(host);
      if (literal) return { addresses: literal };
      const remembered = failures.get(host);
      if (remembered && remembered.until > now()) {
        return { failure: remembered.failure, timedOut: remembered.timedOut };
      }
      if (remembered) failures.delete(host);
      // A caller out of time is told so, and the host is not held against later callers.
      const waitMs = deadline - now();
      if (waitMs <= 0) return { failure: 'resolving its host name timed out', timedOut: true };
      const clientPending = pendingPerClient.get(client) ?? 0;
      if (pending >= options.maxPending || clientPending >= options.maxPendingPerClient) {
        return { failure: 'too many host name lookups are in progress', timedOut: false };
      }
      pending += 1;
      pendingPerClient.set(client, clientPending + 1);
      try {
        const resolution = await askNameServers(host, servers, options, waitMs);
        if ('failure' in resolution) remember(host, resolution);
        return resolution;
      } finally {
        pending -= 1;
        const left = (pendingPerClient.get(client) ?? 1) - 1;
        if (left > 0) pendingPerClient.set(client, left);
        else pendingPerClient.delete(client);
      }
    },
  };
}

/** The addresses of an IP literal or of `localhost`, which need no name server. */
function readLiteralAddresses(host: string): readonly ResolvedAddress[] | undefined {
  const version = isIP(host);
  if (version !== 0) return [{ address: host, family: version === 4 ? 4 : 6 }];
  if (host === 'localhost' || host.endsWith('.localhost')) {
    return [
      { address: '127.0.0.1', family: 4 },
      { address: '::1', family: 6 },
    ];
  }
  return undefined;
}

/** Asks for A and AAAA records at once, cancelling both when `waitMs` runs out. */
async function askNameServers(
  host: string,
  servers: readonly string[],
  options: HostResolverOptions,
  waitMs: number,
): Promise<HostResolution> {
  const resolver = new dns.Resolver({ timeout: options.attemptMs, tries: options.tries });
  if (servers.length > 0) resolver.setServers([...servers]);
  const timer = setTimeout(() => resolver.cancel(), waitMs);
  try {
    const [v4, v6] = await Promise.allSettled([resolver.resolve4(host), resolver.resolve6(host)]);
    const addresses: ResolvedAddress[] = [
      ...(v4.status === 'fulfilled'
        ? v4.value.map((address) => ({ address, family: 4 as const }))
        : []),
      ...(v6.status === 'fulfilled'
        ? v6.value.map((address) => ({ address, family: 6 as const }))
        : []),
    ];
    if (addresses.length > 0) return { addresses };
    const codes = [v4, v6].map((result) =>
      result.status === 'rejected' ? String((result.reason as { code?: unknown }).code) : '',
    );
    if (codes.some((code) => SILENT_CODES.has(code))) {
      return { failure: 'resolving its host name timed out', timedOut: true };
    }
    if (codes.every((code) => ABSENT_CODES.has(code) || code === '')) {
      return { failure: 'its host name does not resolve', timedOut: false };
    }
    return { failure: `resolving its host name failed (${codes.find(Boolean)})`, timedOut: false };
  } finally {
    clearTimeout(timer);
  }
}
