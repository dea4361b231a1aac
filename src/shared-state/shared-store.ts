/**
 * What every instance of a deployment must agree on, and the store that holds it: the rate-limit
 * counters, the authorization codes already redeemed, and cached documents. One machine keeps
 * them in memory; many instances share Redis (`REDIS_URL`). A store that cannot answer in time
 * says so with a plain value, never by throwing, and each caller decides what that means: the
 * rate limit answers unlimited (fails open), code redemption refuses the code (fails closed).
 */

/** The store could not answer (down, slow, refusing); `reason` is for the log, never a client. */
export interface StoreUnavailable {
  readonly unavailable: string;
}

/** A value, or the news that the store could not give it. */
export type StoreAnswer<T> = T | StoreUnavailable;

/** True when a store's answer says it could not answer. */
export function isUnavailable<T>(answer: StoreAnswer<T>): answer is StoreUnavailable {
  return typeof answer === 'object' && answer !== null && 'unavailable' in answer;
}

/** One value offered to a bounded cache, and the bounds the cache must stay within. */
export interface BoundedCacheEntry {
  /** Which cache (a short name such as `cimd`): each has its own entries and bounds. */
  readonly cache: string;
  readonly key: string;
  /** The group the entry counts against (such as the host of a URL). */
  readonly group: string;
  readonly value: string;
  readonly ttlSeconds: number;
  /** The most live entries the cache holds, and the most of one group. */
  readonly maxEntries: number;
  readonly maxEntriesPerGroup: number;
}

/**
 * A cache with expiry and a size bound, for documents fetched from elsewhere (such as Client ID
 * Metadata Documents): `read` gives undefined for a key it does not hold; `keep` stores a value
 * for `ttlSeconds` only while the cache (and the entry's group) holds fewer live entries than its
 * bound, checked and written in one atomic step, and otherwise writes nothing and evicts nothing
 * (false). A cache that is unavailable is a miss, so callers fetch again.
 */
export interface BoundedCache {
  read(cache: string, key: string): Promise<StoreAnswer<string | undefined>>;
  keep(entry: BoundedCacheEntry): Promise<StoreAnswer<boolean>>;
}

/** One count to add to a tally: `field` of the tally `key`, which holds at most `maxFields`. */
export interface TallyCount {
  readonly key: string;
  readonly field: string;
  readonly maxFields: number;
}

/** The field that counts what a full tally had no room for. */
export const TALLY_OVERFLOW_FIELD = '(other)';

/**
 * Tallies: named counters grouped under one key (a Redis hash), bounded in the number of fields,
 * so an unbounded stream of distinct values (user agents, search queries) cannot grow the store.
 * A count for a field that a full tally does not hold goes to `TALLY_OVERFLOW_FIELD`.
 */
export interface BoundedTally {
  /**
   * Adds one to each count's field in one atomic step and (re)sets every key's lifetime. A store
   * that counts in memory answers at once, with no promise.
   */
  tally(
    counts: readonly TallyCount[],
    ttlSeconds: number,
  ): StoreAnswer<true> | Promise<StoreAnswer<true>>;
  /** The fields and counts of each key, in order; a key that does not exist reads empty. */
  readTallies(keys: readonly string[]): Promise<StoreAnswer<Record<string, number>[]>>;
}

/** The shared store: counters, one-time claims and a cache, every key living `ttlSeconds`. */
export interface SharedStore extends BoundedCache, BoundedTally {
  /** `memory` (this process only) or `redis` (every instance that shares the server). */
  readonly kind: 'memory' | 'redis';
  /**
   * Adds `by` (a whole number of at least 1; one unless given) to the count of `key` and gives
   * the new count; a new key starts at zero.
   */
  increment(
    key: string,
    ttlSeconds: number,
    by?: number,
  ): StoreAnswer<number> | Promise<StoreAnswer<number>>;
  /** Claims `key` once: true for the first claim while it lives, false for every later one. */
  claim(key: string, ttlSeconds: number): Promise<StoreAnswer<boolean>>;
  /** Lets go of connections and timers, so the process can end. */
  close(): Promise<void>;
}

/** Where a store writes its one structured line per episode of unavailability. */
export type StoreLog = (entry: Readonly<Record<string, unknown>>) => void;
