import { randomUUID } from 'node:crypto';
import type { HostResolver } from '../net/host-resolver.ts';
import type { CommandAnswer, RedisConnection } from './redis-connection.ts';
import type { RespErrorReply } from './resp.ts';
import type {
  BoundedCacheEntry,
  SharedStore,
  StoreAnswer,
  StoreLog,
  StoreUnavailable,
  TallyCount,
} from './shared-store.ts';
import { isUnavailable, TALLY_OVERFLOW_FIELD } from './shared-store.ts';

/** How long a request may wait for Redis, in milliseconds, before it is answered without it. */
export const REDIS_TIMEOUTS = {
  /** To open the connection (TCP, TLS for `rediss://`, AUTH). */
  connectMs: 1000,
  /** For one command's reply. */
  commandMs: 500,
  /** Between two attempts to connect; requests in between are answered at once, without Redis. */
  retryMs: 1000,
} as const;

/** Every key this service writes starts with it, so one Redis can serve other applications too. */
export const REDIS_KEY_PREFIX = 'agent-facts:';

/**
 * Adds ARGV[2] to a counter and gives it its lifetime when it is new (its count is then what was
 * added), in one round trip and atomically (a counter can never be left without a lifetime). Runs
 * on any Redis since 2.6.
 * @see https://redis.io/docs/latest/commands/incr/#pattern-rate-limiter-2
 */
const INCREMENT_SCRIPT =
  "local n = redis.call('INCRBY', KEYS[1], ARGV[2]) if n == tonumber(ARGV[2]) then redis.call('EXPIRE', KEYS[1], ARGV[1]) end return n";

/**
 * Keeps one cache entry only while its cache and its group hold fewer live entries than their
 * bounds, in one atomic step: each sorted set lists its entries' keys by expiry time (ms), the
 * expired ones are dropped first, a key already listed is refreshed, and a full set means
 * nothing is written and nothing evicted (0). Each set expires with its last entry. KEYS: the
 * cache's set, the group's set, the entry; ARGV: now (ms), ttl (s), value, the two bounds, key.
 * @see https://redis.io/docs/latest/develop/interact/programmability/eval-intro/
 */
const KEEP_SCRIPT = `
local now = tonumber(ARGV[1])
local expires = now + tonumber(ARGV[2]) * 1000
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
if not redis.call('ZSCORE', KEYS[1], ARGV[6]) then
  if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[4]) then return 0 end
  if redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[5]) then return 0 end
end
redis.call('SET', KEYS[3], ARGV[3], 'PX', expires - now)
for i = 1, 2 do
  redis.call('ZADD', KEYS[i], expires, ARGV[6])
  redis.call('PEXPIRE', KEYS[i], tonumber(redis.call('ZRANGE', KEYS[i], -1, -1, 'WITHSCORES')[2]) - now)
end
return 1`;

/** The Redis keys of a bounded cache; one hash tag, so a cluster keeps them in one slot. */
function readCacheKeys(cache: string, group: string, key: string) {
  const base = `${REDIS_KEY_PREFIX}{${cache}}`;
  return { all: `${base}:all`, group: `${base}:group:${group}`, entry: `${base}:entry:${key}` };
}

/**
 * Claims a key once, safely retried: the key is set to this claim's own random token when it is
 * absent, and a claim that finds its own token is still the first. So a claim sent again after a
 * connection broke before its reply (the first may or may not have reached Redis) never turns a
 * first redemption into "already used". KEYS: the key; ARGV: the token, the lifetime (s).
 * @see https://redis.io/docs/latest/commands/set/
 */
export const CLAIM_SCRIPT =
  "local v = redis.call('GET', KEYS[1]) if not v then redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[2]) return 1 end if v == ARGV[1] then return 1 end return 0";

/**
 * Adds one to a field of each hash in one atomic step, a field a full hash does not hold going to
 * the overflow field, and gives every hash the lifetime. KEYS: the hashes; ARGV: the lifetime (s),
 * the overflow field, then each hash's field and bound.
 * @see https://redis.io/docs/latest/commands/hincrby/
 */
const TALLY_SCRIPT = `
for i = 1, #KEYS do
  local field = ARGV[1 + 2 * i]
  if redis.call('HEXISTS', KEYS[i], field) == 0 and redis.call('HLEN', KEYS[i]) >= tonumber(ARGV[2 + 2 * i]) then
    field = ARGV[2]
  end
  redis.call('HINCRBY', KEYS[i], field, 1)
  redis.call('EXPIRE', KEYS[i], ARGV[1])
end
return 1`;

/** Reads every hash named in one round trip. KEYS: the hashes. */
const READ_TALLIES_SCRIPT = `
local out = {}
for i = 1, #KEYS do out[i] = redis.call('HGETALL', KEYS[i]) end
return out`;

export interface RedisStoreOptions {
  /** Where the one line per episode of unavailability goes. */
  readonly log: StoreLog;
  readonly timeouts?: Partial<Record<keyof typeof REDIS_TIMEOUTS, number>>;
  /** The clock, in milliseconds. */
  readonly now?: () => number;
  /** The name servers that resolve the URL's host (`'10.0.0.2:53'`); the system's by default. */
  readonly nameServers?: readonly string[];
}

/**
 * The shared store on Redis, through this project's RESP2 client (`redis-connection.ts`, loaded
 * on first use, so a deployment without Redis never loads it). One connection per process,
 * opened on first use and kept for every later request (a warm function reuses it). Nothing
 * waits long and nothing piles up: commands are never queued while the connection is down, each
 * reply has `commandMs` (a connection whose reply is late is closed), a lost connection is
 * opened again on the next request at most once per `retryMs`, and there is no background
 * reconnection loop. Each episode of unavailability is logged once, when it starts, and once
 * when it ends.
 */
export class RedisStore implements SharedStore {
  readonly kind = 'redis';
  readonly #url: string;
  readonly #log: StoreLog;
  readonly #timeouts: Record<keyof typeof REDIS_TIMEOUTS, number>;
  readonly #now: () => number;
  readonly #nameServers: readonly string[] | undefined;
  #resolver: HostResolver | undefined;
  #connection: RedisConnection | undefined;
  #connecting: Promise<RedisConnection | StoreUnavailable> | undefined;
  #retryAt = 0;
  #lastError = '';
  #closed = false;
  #episode: { since: number; failures: number } | undefined;

  constructor(url: string, options: RedisStoreOptions) {
    this.#url = url;
    this.#log = options.log;
    this.#timeouts = { ...REDIS_TIMEOUTS, ...options.timeouts };
    this.#now = options.now ?? Date.now;
    this.#nameServers = options.nameServers;
  }

  increment(key: string, ttlSeconds: number, by = 1): Promise<StoreAnswer<number>> {
    // The script answers an integer of at least 1; any other reply (`+OK` from a proxy, a bulk
    // string, nil) is a store that cannot count, not a count: the limit fails open.
    return this.#run(
      ['EVAL', INCREMENT_SCRIPT, 1, REDIS_KEY_PREFIX + key, ttlSeconds, by],
      (reply) =>
        typeof reply === 'number' && Number.isSafeInteger(reply) && reply >= 1
          ? reply
          : { unavailable: `EVAL answered ${describeReply(reply)}, not a count` },
    );
  }

  /** @see CLAIM_SCRIPT */
  claim(key: string, ttlSeconds: number): Promise<StoreAnswer<boolean>> {
    return this.#run(
      ['EVAL', CLAIM_SCRIPT, 1, REDIS_KEY_PREFIX + key, randomUUID(), ttlSeconds],
      (reply) => reply === 1,
    );
  }

  read(cache: string, key: string): Promise<StoreAnswer<string | undefined>> {
    return this.#run(['GET', readCacheKeys(cache, '', key).entry], (reply) =>
      typeof reply === 'string' ? reply : undefined,
    );
  }

  /** @see KEEP_SCRIPT */
  keep(entry: BoundedCacheEntry): Promise<StoreAnswer<boolean>> {
    const keys = readCacheKeys(entry.cache, entry.group, entry.key);
    return this.#run(
      [
        'EVAL',
        KEEP_SCRIPT,
        3,
        keys.all,
        keys.group,
        keys.entry,
        this.#now(),
        entry.ttlSeconds,
        entry.value,
        entry.maxEntries,
        entry.maxEntriesPerGroup,
        entry.key,
      ],
      (reply) => reply === 1,
    );
  }

  /** @see TALLY_SCRIPT */
  tally(counts: readonly TallyCount[], ttlSeconds: number): Promise<StoreAnswer<true>> {
    return this.#run(
      [
        'EVAL',
        TALLY_SCRIPT,
        counts.length,
        ...counts.map(({ key }) => REDIS_KEY_PREFIX + key),
        ttlSeconds,
        TALLY_OVERFLOW_FIELD,
        ...counts.flatMap(({ field, maxFields }) => [field, maxFields]),
      ],
      (reply) => (reply === 1 ? true : { unavailable: `EVAL answered ${describeReply(reply)}` }),
    );
  }

  /** @see READ_TALLIES_SCRIPT */
  readTallies(keys: readonly string[]): Promise<StoreAnswer<Record<string, number>[]>> {
    return this.#run(
      ['EVAL', READ_TALLIES_SCRIPT, keys.length, ...keys.map((key) => REDIS_KEY_PREFIX + key)],
      (reply) => readHashes(reply, keys.length),
    );
  }

  async close(): Promise<void> {
    this.#closed = true;
    await this.#connecting;
    await this.#connection?.close();
  }

  /**
   * Sends one command and reads its reply with `read`; an error reply, and a reply `read` finds
   * unfit, is "not now" too. A
   * connection that broke (reset by a NAT or the provider, closed by the server) gets the command
   * once more on a fresh connection; a reply that is late does not (Redis is then slow, and a
   * second wait would double the delay). Every command here is safe to send twice: GET and the
   * cache's script write the same thing again, a claim recognises its own token (CLAIM_SCRIPT),
   * and a counter may count one request twice, only when a connection broke under it (the
   * limit errs by one request toward refusing, never toward letting more through).
   */
  async #run<T>(
    args: readonly (string | number)[],
    read: (reply: Exclude<CommandAnswer, StoreUnavailable>) => T | StoreUnavailable,
  ): Promise<StoreAnswer<T>> {
    let connection = await this.#connect();
    if (isUnavailable(connection)) return this.#fail(connection.unavailable);
    let reply = await connection.command(args);
    if (isUnavailable(reply) && !reply.timedOut && !this.#closed) {
      connection = await this.#connect(true);
      if (isUnavailable(connection)) return this.#fail(connection.unavailable);
      reply = await connection.command(args);
      // Broken twice in a row: leave the server alone for retryMs.
      if (isUnavailable(reply)) this.#retryAt = this.#now() + this.#timeouts.retryMs;
    }
    if (isUnavailable(reply)) {
      // A server that stops answering is left alone for retryMs: requests meanwhile are
      // answered at once, instead of each waiting commandMs.
      if (reply.timedOut) this.#retryAt = this.#now() + this.#timeouts.retryMs;
      this.#lastError = reply.unavailable;
      return this.#fail(`command failed: ${reply.unavailable}`);
    }
    // An error reply (resp.ts's isErrorReply, not imported so that resp.ts loads with the client).
    if (typeof reply === 'object' && reply !== null && 'error' in reply) {
      return this.#fail(`command failed: ${(reply as RespErrorReply).error}`);
    }
    const value = read(reply);
    if (isUnavailable(value)) return this.#fail(value.unavailable);
    if (this.#episode) {
      const { since, failures } = this.#episode;
      this.#episode = undefined;
      this.#log({
        level: 'info',
        msg: 'shared store available again',
        store: 'redis',
        unavailableSeconds: Math.round((this.#now() - since) / 1000),
        failedOperations: failures,
      });
    }
    return value;
  }

  /**
   * The open connection, opening one first when it may: at once after a connection was lost
   * (or `now`, for the one retry of a broken command), else at most once per `retryMs` after an
   * attempt failed or a reply was late. Never waits past the connect time.
   */
  async #connect(now = false): Promise<RedisConnection | StoreUnavailable> {
    if (this.#closed) return { unavailable: 'the store is closed' };
    if (this.#connection?.open) return this.#connection;
    if (this.#connecting) return this.#connecting;
    if (this.#connection) this.#lastError = this.#connection.failure;
    if (!now && this.#now() < this.#retryAt) {
      return { unavailable: `not connected (${this.#lastError || 'closed'}); retrying shortly` };
    }
    this.#connecting = this.#open().finally(() => (this.#connecting = undefined));
    return this.#connecting;
  }

  async #open(): Promise<RedisConnection | StoreUnavailable> {
    const { createRedisResolver, openRedisConnection, readRedisEndpoint } =
      await import('./redis-connection.ts');
    this.#resolver ??= createRedisResolver(this.#nameServers);
    const opened = await openRedisConnection(
      readRedisEndpoint(this.#url),
      this.#timeouts,
      this.#resolver,
    );
    if (isUnavailable(opened)) {
      this.#lastError = opened.unavailable;
      this.#retryAt = this.#now() + this.#timeouts.retryMs;
      return opened;
    }
    this.#connection = opened;
    // Closed meanwhile: the connection must not outlive the store.
    if (this.#closed) await opened.close();
    return opened;
  }

  #fail(reason: string): StoreUnavailable {
    if (this.#episode) {
      this.#episode.failures += 1;
    } else {
      this.#episode = { since: this.#now(), failures: 1 };
      this.#log({
        level: 'warn',
        msg: 'shared store unavailable',
        store: 'redis',
        reason,
        effect:
          'until it answers again, the rate limit is not applied (fails open) and authorization codes are refused (invalid_grant)',
      });
    }
    return { unavailable: reason };
  }
}

/** The hashes of an HGETALL per key, or an unfit reply said so. */
function readHashes(reply: unknown, count: number): Record<string, number>[] | StoreUnavailable {
  if (!Array.isArray(reply) || reply.length !== count) {
    return { unavailable: `EVAL answered ${describeReply(reply)}, not ${count} hashes` };
  }
  return reply.map((pairs: unknown) => {
    const hash: Record<string, number> = {};
    if (!Array.isArray(pairs)) return hash;
    for (let i = 0; i + 1 < pairs.length; i += 2) {
      const count = Number(pairs[i + 1]);
      if (typeof pairs[i] === 'string' && Number.isSafeInteger(count)) {
        Object.defineProperty(hash, pairs[i] as string, {
          value: count,
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
    }
    return hash;
  });
}

/** A reply's type and a short, printable excerpt, for the log. */
function describeReply(reply: unknown): string {
  const text = JSON.stringify(reply) ?? String(reply);
  return `${typeof reply} ${text.slice(0, 40)}`;
}
