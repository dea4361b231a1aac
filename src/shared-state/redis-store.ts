import type { Redis } from 'ioredis';
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

/** ioredis's message when `commandTimeout` passes. */
const COMMAND_TIMED_OUT = 'Command timed out';

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
 * The shared store on Redis, through `ioredis` (loaded on first use, so a deployment without
 * Redis never loads it). One connection per process, opened on first use and kept for every
 * later request (a warm function reuses it). Nothing waits long and nothing piles up: commands
 * are never queued while the connection is down, each reply has `commandMs` (a connection whose
 * reply is late is closed), a lost connection is opened again on the next request at most once
 * per `retryMs`, and there is no background reconnection loop. Each episode of unavailability is logged once, when it starts, and once
 * when it ends.
 */
export class RedisStore implements SharedStore {
  readonly kind = 'redis';
  readonly #url: string;
  readonly #log: StoreLog;
  readonly #timeouts: typeof REDIS_TIMEOUTS;
  readonly #now: () => number;
  #client: Promise<Redis> | undefined;
  #connecting: Promise<Redis | StoreUnavailable> | undefined;
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
    return this.#run(async (client) =>
      Number(await client.eval(INCREMENT_SCRIPT, 1, REDIS_KEY_PREFIX + key, ttlSeconds)),
    );
  }

  /** @see https://redis.io/docs/latest/commands/set/ (NX, EX) */
  claim(key: string, ttlSeconds: number): Promise<StoreAnswer<boolean>> {
    return this.#run(
      async (client) =>
        (await client.set(REDIS_KEY_PREFIX + key, '1', 'EX', ttlSeconds, 'NX')) === 'OK',
    );
  }

  read(key: string): Promise<StoreAnswer<string | undefined>> {
    return this.#run(async (client) => (await client.get(REDIS_KEY_PREFIX + key)) ?? undefined);
  }

  write(key: string, value: string, ttlSeconds: number): Promise<StoreAnswer<true>> {
    return this.#run(async (client) => {
      await client.set(REDIS_KEY_PREFIX + key, value, 'EX', ttlSeconds);
      return true as const;
    });
  }

  async close(): Promise<void> {
    this.#closed = true;
    const client = await this.#client;
    if (!client || client.status === 'end' || client.status === 'wait') return;
    const ended = new Promise((resolve) => client.once('end', resolve));
    client.disconnect();
    await ended;
  }

  async #run<T>(command: (client: Redis) => Promise<T>): Promise<StoreAnswer<T>> {
    const client = await this.#connect();
    if (isUnavailable(client)) return this.#fail(client.unavailable);
    let value: T;
    try {
      value = await command(client);
    } catch (error) {
      // Time-outs, a connection lost mid-command, errors Redis answers: all mean "not now".
      if (describeError(error) === COMMAND_TIMED_OUT && client.status === 'ready') {
        // A server that stops answering is left alone for retryMs: requests meanwhile are
        // answered at once, instead of each waiting commandMs.
        this.#retryAt = this.#now() + this.#timeouts.retryMs;
        client.disconnect();
      }
      return this.#fail(`command failed: ${describeError(error)}`);
    }
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

  /** The connected client, connecting first when it may; never waits past `connectMs`. */
  async #connect(): Promise<Redis | StoreUnavailable> {
    if (this.#closed) return { unavailable: 'the store is closed' };
    const client = await (this.#client ??= this.#createClient());
    if (client.status === 'ready') return client;
    if (this.#connecting) return this.#connecting;
    if (client.status !== 'wait' && client.status !== 'end') {
      return { unavailable: `the connection is ${client.status}` };
    }
    const now = this.#now();
    if (now < this.#retryAt) {
      return { unavailable: `not connected (${this.#lastError || 'closed'}); retrying shortly` };
    }
    this.#retryAt = now + this.#timeouts.retryMs;
    this.#connecting = this.#connectWithin(client).finally(() => (this.#connecting = undefined));
    return this.#connecting;
  }

  /**
   * Opens the connection, giving up after `connectMs` plus one command's time (the AUTH or SELECT
   * a URL may ask for), whatever stage it hangs in.
   */
  async #connectWithin(client: Redis): Promise<Redis | StoreUnavailable> {
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timed out'>((resolve) => {
      timer = setTimeout(
        () => resolve('timed out'),
        this.#timeouts.connectMs + this.#timeouts.commandMs,
      );
    });
    try {
      const outcome = await Promise.race([client.connect(), timedOut]);
      if (outcome !== 'timed out') return client;
      client.disconnect();
      return { unavailable: 'cannot connect: timed out' };
    } catch (error) {
      return { unavailable: `cannot connect: ${this.#lastError || describeError(error)}` };
    } finally {
      clearTimeout(timer);
    }
  }

  async #createClient(): Promise<Redis> {
    const loaded: { Redis?: typeof Redis; default?: typeof Redis } = await import('ioredis');
    // Node's loader names the CommonJS exports; a bundle's interop gives module.exports as default.
    const RedisClient = loaded.Redis ?? loaded.default;
    if (!RedisClient) throw new Error('ioredis exports no Redis client');
    const client = new RedisClient(this.#url, {
      lazyConnect: true,
      // Commands sent while disconnected fail at once instead of waiting in a queue.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      // No background loop: #connect opens the connection again when a request needs it.
      retryStrategy: () => null,
      connectTimeout: this.#timeouts.connectMs,
      commandTimeout: this.#timeouts.commandMs,
      // RESP2 and no INFO, CLIENT SETINFO or HELLO on connect: one round trip less, and every
      // Redis-protocol service accepts it.
      protocol: 2,
      enableReadyCheck: false,
      disableClientInfo: true,
    });
    // Errors also reach the command that meets them; the listener keeps them from being thrown.
    client.on('error', (error: unknown) => (this.#lastError = describeError(error)));
    return client;
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

/** An error's message without its stack, and without the password a URL might carry. */
function describeError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/\/\/[^@\s/]*@/g, '//');
}
