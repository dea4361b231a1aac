/**
 * A per-client rate limit for the functions: a fixed window of `windowSeconds` in which a client
 * may send `limit` requests. Counts live in a `RateLimitStore`; the default keeps them in the
 * instance's memory, and a shared store (Redis, a KV service) can be plugged in for one limit
 * across instances. The answers carry the IETF RateLimit and RateLimit-Policy fields.
 * @see draft-ietf-httpapi-ratelimit-headers-11
 */
import { isIP } from 'node:net';
import {
  formatRateLimitPolicy,
  RATE_LIMIT_POLICY_NAME,
  type RateLimitPolicy,
} from '../service/rate-limit-policy.ts';

/**
 * Where request counts live. `increment` adds one to the count of `key` and returns the new count;
 * a key that is new starts at zero and may be forgotten after `ttlSeconds`. A shared store makes
 * the limit global: with Redis, for instance, `INCR key` then `EXPIRE key ttl NX`.
 */
export interface RateLimitStore {
  increment(key: string, ttlSeconds: number): number | Promise<number>;
}

/**
 * Counts in this process's memory. Old windows are swept once per window, and the number of keys
 * is capped (the oldest go first), so memory stays bounded however many clients call.
 */
export class MemoryRateLimitStore implements RateLimitStore {
  readonly #counts = new Map<string, { count: number; expiresAt: number }>();
  readonly #maxKeys: number;
  readonly #now: () => number;
  #nextSweep = 0;

  constructor(options: { readonly maxKeys?: number; readonly now?: () => number } = {}) {
    this.#maxKeys = options.maxKeys ?? 10_000;
    this.#now = options.now ?? Date.now;
  }

  get size(): number {
    return this.#counts.size;
  }

  increment(key: string, ttlSeconds: number): number {
    const now = this.#now();
    if (now >= this.#nextSweep || this.#counts.size >= this.#maxKeys) {
      this.#sweep(now);
      this.#nextSweep = now + ttlSeconds * 1000;
    }
    const entry = this.#counts.get(key);
    if (entry && entry.expiresAt > now) return ++entry.count;
    this.#counts.set(key, { count: 1, expiresAt: now + ttlSeconds * 1000 });
    return 1;
  }

  #sweep(now: number): void {
    for (const [key, entry] of this.#counts) {
      if (entry.expiresAt <= now) this.#counts.delete(key);
    }
    for (const key of this.#counts.keys()) {
      if (this.#counts.size < this.#maxKeys) break;
      this.#counts.delete(key);
    }
  }
}

/** What the limiter decided for one request, with the fields to send either way. */
export interface RateLimitDecision {
  readonly allowed: boolean;
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

  constructor(
    policy: RateLimitPolicy,
    options: { readonly store?: RateLimitStore; readonly now?: () => number } = {},
  ) {
    this.policy = policy;
    this.#now = options.now ?? Date.now;
    this.#store = options.store ?? new MemoryRateLimitStore({ now: this.#now });
    this.#policyField = formatRateLimitPolicy(policy);
  }

  /** Counts one request of `client` and decides whether it may be answered. */
  async check(client: string): Promise<RateLimitDecision> {
    const { limit, windowSeconds } = this.policy;
    const nowSeconds = this.#now() / 1000;
    const window = Math.floor(nowSeconds / windowSeconds);
    const resetSeconds = Math.max(1, Math.ceil((window + 1) * windowSeconds - nowSeconds));
    const count = await this.#store.increment(`${readClientKey(client)} ${window}`, windowSeconds);
    const remaining = Math.max(0, limit - count);
    return {
      allowed: count <= limit,
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
