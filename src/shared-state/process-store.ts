import { findForProcess, keepForProcess } from './process-values.ts';
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

const PROCESS_STORE = 'agent-facts.process-shared-store';

/**
 * The process's shared store: Redis when `REDIS_URL` is set, shared by every function the
 * process runs and kept for its lifetime; null when it is unset, and each caller then keeps its
 * own bounded memory store. A malformed URL was already refused by the build (and the local
 * server's start); should one reach a running function, it is logged once and memory is used.
 */
export function readProcessStore(log: StoreLog): SharedStore | null {
  return keepForProcess(PROCESS_STORE, () => {
    try {
      const url = readRedisUrl(process.env);
      return url ? new RedisStore(url, { log }) : null;
    } catch (error) {
      log({ level: 'error', msg: 'REDIS_URL ignored', error: String(error) });
      return null;
    }
  });
}

/** Closes the process's shared store (its Redis connection), for a clean shutdown. */
export async function closeProcessStore(): Promise<void> {
  await findForProcess<SharedStore | null>(PROCESS_STORE)?.close();
}
