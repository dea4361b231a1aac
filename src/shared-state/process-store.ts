import { RedisStore } from './redis-store.ts';
import type { SharedStore, StoreLog } from './shared-store.ts';

/** A `REDIS_URL` that is not a Redis URL. */
export class RedisUrlConfigError extends Error {
  override readonly name = 'RedisUrlConfigError';
}

/**
 * The Redis URL the variables name: `REDIS_URL`, `redis://` or `rediss://` (TLS), with an
 * optional user, password and database number; undefined when it is unset or empty.
 * @see https://www.iana.org/assignments/uri-schemes/prov/redis
 * @throws RedisUrlConfigError when it is set to anything else.
 */
export function readRedisUrl(
  env: Readonly<Record<string, string | undefined>>,
): string | undefined {
  const value = env.REDIS_URL?.trim();
  if (!value) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'redis:' && url.protocol !== 'rediss:') || !url.hostname) {
    throw new RedisUrlConfigError(
      'REDIS_URL must be a redis:// or rediss:// URL with a host, e.g. rediss://default:PASSWORD@HOST:6379',
    );
  }
  if (url.pathname !== '' && url.pathname !== '/' && !/^\/\d{1,2}$/.test(url.pathname)) {
    throw new RedisUrlConfigError('REDIS_URL: the path may only name a database number, e.g. /0');
  }
  return value;
}

/**
 * Where the process keeps its store: on `globalThis` under a registered symbol, because each
 * function is its own bundle with its own copy of this module, and the local server runs them all
 * in one process (one connection and one log per episode, not one per function).
 */
const PROCESS_STORE = Symbol.for('agent-facts.process-shared-store');
const holder = globalThis as { [PROCESS_STORE]?: SharedStore | null };

/**
 * The process's shared store: Redis when `REDIS_URL` is set, shared by every function the
 * process runs and kept for its lifetime; null when it is unset, and each caller then keeps its
 * own bounded memory store. A malformed URL was already refused by the build (and the local
 * server's start); should one reach a running function, it is logged once and memory is used.
 */
export function readProcessStore(log: StoreLog): SharedStore | null {
  if (holder[PROCESS_STORE] === undefined) {
    try {
      const url = readRedisUrl(process.env);
      holder[PROCESS_STORE] = url ? new RedisStore(url, { log }) : null;
    } catch (error) {
      log({ level: 'error', msg: 'REDIS_URL ignored', error: String(error) });
      holder[PROCESS_STORE] = null;
    }
  }
  return holder[PROCESS_STORE];
}

/** Closes the process's shared store (its Redis connection), for a clean shutdown. */
export async function closeProcessStore(): Promise<void> {
  await holder[PROCESS_STORE]?.close();
}
