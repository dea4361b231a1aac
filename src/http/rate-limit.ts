/**
 * A per-client rate limit for the functions: a fixed window of `windowSeconds` in which a client
 * may send `limit` requests. Counts live in a `RateLimitStore`: the instance's memory by default,
 * or the shared store (Redis) for one limit across instances. A store that cannot count lets the
 * request through (the limit fails open). The answers carry the IETF RateLimit and
 * RateLimit-Policy fields.
 * @see draft-ietf-httpapi-ratelimit-headers-11
 */
import { isIP } from 'node:net';
import {
  formatRateLimitPolicy,
  RATE_LIMIT_POLICY_NAME,
  type RateLimitPolicy,
} from '../service/rate-limit-policy.ts';
import { MemoryStore } from '../shared-state/memory-store.ts';
import { isUnavailable, type SharedStore, type StoreAnswer } from '../shared-state/shared-store.ts';

/**
 * Where request counts live: `increment` adds to the count of `key` and gives the new count (a
 * new key starts at zero and may be forgotten after `ttlSeconds`), or says the store could not
 * count. A shared store (Redis) makes the limit one across instances.
 */
export type RateLimitStore = Pick<SharedStore, 'increment'>;

/** Clients whose store key a limiter keeps for the current window. */
const MAX_KEPT_KEYS = 10_000;

/** What the limiter decided for one request, with the fields to send either way. */
export interface RateLimitDecision {
  readonly allowed: boolean;
  /** False when the store could not count: the request is allowed and carries only the policy. */
  readonly counted: boolean;
  /** Seconds until the window resets. */
  readonly resetSeconds: number;
  /** RateLimit-Policy and RateLimit. */
  readonly headers: Readonly<Record<string, string>>;
}

/** Applies a policy to clients, counting in a store. */
export class RateLimiter {
  readonly policy: RateLimitPolicy;
  readonly #store: RateLimitStore;
  readonly #now: () => number;
  readonly #policyField: string;
  /**
   * The store key of each client counted in the current window (at most MAX_KEPT_KEYS), so a
   * client's key is made (and hashed) once per window rather than on each request.
   */
  readonly #keys = new Map<string, string>();
  #keysWindow = Number.NaN;

  constructor(
    policy: RateLimitPolicy,
    options: { readonly store?: RateLimitStore; readonly now?: () => number } = {},
  ) {
    this.policy = policy;
    this.#now = options.now ?? Date.now;
    this.#store = options.store ?? new MemoryStore({ now: this.#now });
    this.#policyField = formatRateLimitPolicy(policy);
  }

  /**
   * Counts `units` requests of `client` (one unless given: a JSON-RPC batch counts one per
   * message) and decides whether they may be answered. The decision is given at once when the
   * store counts at once (the memory store), so the usual request waits for no promise; a store
   * over the network (Redis) gives it when its count arrives.
   */
  check(client: string, units = 1): RateLimitDecision | Promise<RateLimitDecision> {
    const { windowSeconds } = this.policy;
    const nowSeconds = this.#now() / 1000;
    const window = Math.floor(nowSeconds / windowSeconds);
    const resetSeconds = Math.max(1, Math.ceil((window + 1) * windowSeconds - nowSeconds));
    if (window !== this.#keysWindow || this.#keys.size >= MAX_KEPT_KEYS) {
      this.#keys.clear();
      this.#keysWindow = window;
    }
    let key = this.#keys.get(client);
    if (key === undefined) {
      key = `rl:${readClientKey(client)} ${window}`;
      this.#keys.set(client, key);
    }
    const count = this.#store.increment(key, windowSeconds, units);
    return count instanceof Promise
      ? count.then((counted) => this.#decide(counted, resetSeconds))
      : this.#decide(count, resetSeconds);
  }

  /** The decision for a client's count in this window, or for a store that could not count. */
  #decide(count: StoreAnswer<number>, resetSeconds: number): RateLimitDecision {
    // Only a count is a count: anything else from a store (NaN once made every client look over
    // the limit) counts as a store that could not count.
    if (isUnavailable(count) || !Number.isSafeInteger(count) || count < 1) {
      return {
        allowed: true,
        counted: false,
        resetSeconds,
        headers: { 'RateLimit-Policy': this.#policyField },
      };
    }
    const remaining = Math.max(0, this.policy.limit - count);
    return {
      allowed: count <= this.policy.limit,
      counted: true,
      resetSeconds,
      headers: {
        'RateLimit-Policy': this.#policyField,
        RateLimit: `"${RATE_LIMIT_POLICY_NAME}";r=${remaining};t=${resetSeconds}`,
      },
    };
  }
}

/**
 * The key a client is counted by: an IPv4 address as it is (an IPv4-mapped IPv6 address becomes
 * its IPv4 address), an IPv6 address by its /64 prefix, the smallest block one subscriber is
 * given, so a host cannot mint fresh counters from the 2^64 addresses of its own network; and
 * anything that is not an address (a proxy's garbage) is one shared `unknown` client.
 * @see RFC 4291 §2.5.5.2 (IPv4-mapped addresses)
 * @see RFC 6177 §2 (a /64 or shorter prefix per end site)
 */
export function readClientKey(address: string): string {
  // The usual peer, a plain IPv4 address, needs none of the clean-up below.
  if (isIP(address) === 4) return address;
  const text = address
    .trim()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/%.*$/, '');
  if (isIP(text) === 4) return text;
  if (isIP(text) !== 6) return 'unknown';
  const groups = expandIpv6(text);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a dotted IPv4 tail split). */
function expandIpv6(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const front = parse(head);
  const back = tail === undefined ? [] : parse(tail);
  return [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
}
