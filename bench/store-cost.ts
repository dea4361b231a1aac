/**
 * The `store` section of npm run bench: what the Redis store (REDIS_URL) costs per request
 * against the memory store, on a local redis-server (Debian's package) over loopback. Measures
 *   - one rate-limit check (the one round trip every function request makes), one at a time and
 *     32 at a time, in the same process;
 *   - GET /mcp (the cheapest function answer, so the store's share is the largest) on the local
 *     server with each store, under load.
 * A real deployment adds the network distance to its Redis to every request; loopback shows the
 * client's and the server's own cost.
 */
import { RateLimiter } from '../src/http/rate-limit.ts';
import { MemoryStore } from '../src/shared-state/memory-store.ts';
import { RedisStore } from '../src/shared-state/redis-store.ts';
import { startTestRedis } from '../tests/support/redis-server.ts';
import { findFreePort, startServer, stopProcess } from '../tests/support/processes.ts';
import { compareLoads, median, percent, type LoadResult } from './lib.ts';

const CHECKS = 2000;
const ROUNDS = 5;

/** What the section measured. */
export interface StoreCost {
  readonly micros: Record<'memory' | 'redis', { sequential: number; concurrent: number }>;
  readonly loads: Record<'memory' | 'redis', LoadResult>;
}

/** Microseconds per check (median of ROUNDS), one at a time, then `inFlight` at a time. */
async function timeChecks(limiter: RateLimiter, inFlight: number): Promise<number> {
  const rounds: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const started = performance.now();
    for (let done = 0; done < CHECKS; done += inFlight) {
      await Promise.all(
        Array.from({ length: inFlight }, (_, i) =>
          limiter.check(`10.0.${round}.${(done + i) % 250}`),
        ),
      );
    }
    rounds.push(((performance.now() - started) * 1000) / CHECKS);
  }
  return median(rounds);
}

/** Runs the section against the build of `projectDir` for `siteUrl` (already built). */
export async function measureStoreCost(
  projectDir: string,
  siteUrl: string,
  load: { rounds: number; connections: number; seconds: number },
): Promise<StoreCost> {
  const redis = await startTestRedis();
  try {
    const policy = { limit: 1e9, windowSeconds: 60 };
    const redisStore = new RedisStore(redis.url, { log: (line) => console.error(line) });
    const limiters = {
      memory: new RateLimiter(policy, { store: new MemoryStore() }),
      redis: new RateLimiter(policy, { store: redisStore }),
    };
    await limiters.redis.check('warm-up');
    const micros = {
      memory: {
        sequential: await timeChecks(limiters.memory, 1),
        concurrent: await timeChecks(limiters.memory, 32),
      },
      redis: {
        sequential: await timeChecks(limiters.redis, 1),
        concurrent: await timeChecks(limiters.redis, 32),
      },
    };
    await redisStore.close();

    const servers = [];
    const urls: Record<'memory' | 'redis', string> = { memory: '', redis: '' };
    for (const kind of ['memory', 'redis'] as const) {
      const port = await findFreePort();
      servers.push(
        await startServer(projectDir, {
          SITE_URL: siteUrl,
          PORT: String(port),
          HOST: '127.0.0.1',
          RATE_LIMIT_MAX: '1000000000',
          REDIS_URL: kind === 'redis' ? redis.url : '',
        }),
      );
      urls[kind] = `http://127.0.0.1:${port}/mcp`;
    }
    const loads = await compareLoads(
      {
        memory: { url: urls.memory, method: 'GET' },
        redis: { url: urls.redis, method: 'GET' },
      },
      load,
    );
    await Promise.all(servers.map(({ child }) => stopProcess(child)));
    return { micros, loads };
  } finally {
    await redis.stop();
  }
}

/** The section's report, in Markdown lines. */
export function formatStoreCost({ micros, loads }: StoreCost): string[] {
  const kinds = ['memory', 'redis'] as const;
  const loadRow = (label: string, result: LoadResult) =>
    `| ${label} | ${Math.round(result.rps)} | ${result.p50} | ${result.p99} | ${result.errors} |`;
  return [
    '## Shared store (REDIS_URL)',
    '',
    'The rate limit counts every function request in the store: the memory store by default, Redis (one round trip, a Lua `INCR` + `EXPIRE`) with `REDIS_URL`; here a local redis-server over loopback, so a deployment adds its network distance to Redis.',
    '',
    '| one rate-limit check | µs, one at a time | µs each, 32 at a time |',
    '| --- | ---: | ---: |',
    ...kinds.map(
      (kind) =>
        `| ${kind} store | ${micros[kind].sequential.toFixed(1)} | ${micros[kind].concurrent.toFixed(1)} |`,
    ),
    '',
    '| target | req/s (median) | p50 ms | p99 ms | errors |',
    '| --- | ---: | ---: | ---: | ---: |',
    loadRow('local server, GET /mcp, memory store', loads.memory),
    loadRow('local server, GET /mcp, Redis store', loads.redis),
    '',
    `GET /mcp with Redis: ${percent(loads.redis.rps / loads.memory.rps)} of the memory store.`,
    '',
  ];
}
