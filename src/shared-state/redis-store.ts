import type { CommandAnswer, RedisConnection } from './redis-connection.ts';
import type { RespErrorReply } from './resp.ts';
import type { SharedStore, StoreAnswer, StoreLog, StoreUnavailable } from './shared-store.ts';
import { isUnavailable } from './shared-store.ts';

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
 * Adds one to a counter and gives it its lifetime when it is new, in one round trip and
 * atomically (a counter can never be left without a lifetime). Runs on any Redis since 2.6.
 * @see https://redis.io/docs/latest/commands/incr/#pattern-rate-limiter-2
 */
const INCREMENT_SCRIPT =
  "local n = redis.call('INCR', KEYS[1]) if n == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end return n";

export interface RedisStoreOptions {
  /** Where the one line per episode of unavailability goes. */
  readonly log: StoreLog;
  readonly timeouts?: Partial<typeof REDIS_TIMEOUTS>;
  /** The clock, in milliseconds. */
  readonly now?: () => number;
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
  readonly #timeouts: typeof REDIS_TIMEOUTS;
  readonly #now: () => number;
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
  }

  increment(key: string, ttlSeconds: number): Promise<StoreAnswer<number>> {
    // The script answers an integer of at least 1; any other reply (`+OK` from a proxy, a bulk
    // string, nil) is a store that cannot count, not a count: the limit fails open.
    return this.#run(['EVAL', INCREMENT_SCRIPT, 1, REDIS_KEY_PREFIX + key, ttlSeconds], (reply) =>
      typeof reply === 'number' && Number.isSafeInteger(reply) && reply >= 1
        ? reply
        : { unavailable: `EVAL answered ${describeReply(reply)}, not a count` },
    );
  }

  /** @see https://redis.io/docs/latest/commands/set/ (NX, EX) */
  claim(key: string, ttlSeconds: number): Promise<StoreAnswer<boolean>> {
    return this.#run(
      ['SET', REDIS_KEY_PREFIX + key, '1', 'EX', ttlSeconds, 'NX'],
      (reply) => reply === 'OK',
    );
  }

  read(key: string): Promise<StoreAnswer<string | undefined>> {
    return this.#run(['GET', REDIS_KEY_PREFIX + key], (reply) =>
      typeof reply === 'string' ? reply : undefined,
    );
  }

  write(key: string, value: string, ttlSeconds: number): Promise<StoreAnswer<true>> {
    return this.#run(['SET', REDIS_KEY_PREFIX + key, value, 'EX', ttlSeconds], () => true as const);
  }

  async close(): Promise<void> {
    this.#closed = true;
    await this.#connecting;
    await this.#connection?.close();
  }

  /**
   * Sends one command and reads its reply with `read`; an error reply, and a reply `read` finds
   * unfit, is "not now" too.
   */
  async #run<T>(
    args: readonly (string | number)[],
    read: (reply: Exclude<CommandAnswer, StoreUnavailable>) => T | StoreUnavailable,
  ): Promise<StoreAnswer<T>> {
    const connection = await this.#connect();
    if (isUnavailable(connection)) return this.#fail(connection.unavailable);
    const reply = await connection.command(args);
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

  /** The open connection, opening one first when it may; never waits past the connect time. */
  async #connect(): Promise<RedisConnection | StoreUnavailable> {
    if (this.#closed) return { unavailable: 'the store is closed' };
    if (this.#connection?.open) return this.#connection;
    if (this.#connecting) return this.#connecting;
    if (this.#connection) this.#lastError = this.#connection.failure;
    const now = this.#now();
    if (now < this.#retryAt) {
      return { unavailable: `not connected (${this.#lastError || 'closed'}); retrying shortly` };
    }
    this.#retryAt = now + this.#timeouts.retryMs;
    this.#connecting = this.#open().finally(() => (this.#connecting = undefined));
    return this.#connecting;
  }

  async #open(): Promise<RedisConnection | StoreUnavailable> {
    const { openRedisConnection, readRedisEndpoint } = await import('./redis-connection.ts');
    const opened = await openRedisConnection(readRedisEndpoint(this.#url), this.#timeouts);
    if (isUnavailable(opened)) {
      this.#lastError = opened.unavailable;
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

/** A reply's type and a short, printable excerpt, for the log. */
function describeReply(reply: unknown): string {
  const text = JSON.stringify(reply) ?? String(reply);
  return `${typeof reply} ${text.slice(0, 40)}`;
}
