import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { createSharedClientMetadataCache } from '../../src/oauth/client-metadata-cache.ts';
import { LIMITS } from '../../src/service/limits.ts';
import { REDIS_KEY_PREFIX, RedisStore } from '../../src/shared-state/redis-store.ts';
import { startTestRedis, useTestRedis } from '../support/redis-server.ts';

// The bounded client-metadata cache on Debian's redis-server: its bounds under many distinct URLs
// and under a small maxmemory, where rate-limit counts and redeemed codes must keep working.

const testRedis = useTestRedis();
const { openStore } = testRedis;

/**
 * Time-outs no loaded test machine reaches, for the tests of the cache's bounds: under the store's
 * own (a 500 ms reply), two cores shared with a test run's builds dropped some of the 10,000 writes
 * as "Redis unavailable", which the cache allows, and the bound was never reached.
 */
const PATIENT = { connectMs: 30_000, commandMs: 30_000 };

describe('createSharedClientMetadataCache', () => {
  const cimdKey = (kind: string, name: string) => `${REDIS_KEY_PREFIX}{cimd}:${kind}:${name}`;

  it('should let every instance read a registration another one kept, until it expires', async () => {
    const url = 'https://client.example/metadata.json';
    const first = createSharedClientMetadataCache(openStore());
    const second = createSharedClientMetadataCache(openStore());
    expect(await second.get(url)).toBeUndefined();
    await first.set(url, '{"client_id":"https://client.example/metadata.json"}', 2);
    expect(await second.get(url)).toBe('{"client_id":"https://client.example/metadata.json"}');
    const ttl = Number(await testRedis.redis.command('PTTL', cimdKey('entry', url)));
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(2000);
    await sleep(2100);
    expect(await second.get(url)).toBeUndefined();
  });

  it('should keep nothing for a document that may not be kept, and miss when the store is down', async () => {
    const url = 'https://client.example/no-store.json';
    const cache = createSharedClientMetadataCache(openStore());
    await cache.set(url, '{}', 0);
    expect(await testRedis.redis.command('EXISTS', cimdKey('entry', url))).toBe(0);
    const unreachable = new RedisStore('redis://127.0.0.1:1', { log: () => undefined });
    testRedis.closeAfterFile(unreachable);
    const down = createSharedClientMetadataCache(unreachable);
    expect(await down.get(url)).toBeUndefined();
    await expect(down.set(url, '{}', 60)).resolves.toBeUndefined();
  });

  it('should stay within its bounds for 10,000 distinct URLs while codes still redeem', async () => {
    await testRedis.redis.command('FLUSHALL');
    const store = openStore([], PATIENT);
    const cache = createSharedClientMetadataCache(store);
    const registration = (url: string) =>
      JSON.stringify({
        client_id: url,
        client_name: 'x'.repeat(200),
        grant_types: ['client_credentials'],
      });
    // Half on one host, varying the query string; half over 500 hosts.
    const urls = Array.from({ length: 10_000 }, (_, i) =>
      i % 2 ? `https://one.example/c.json?v=${i}` : `https://h${i % 1000}.example/c.json?v=${i}`,
    );
    for (let i = 0; i < urls.length; i += 200) {
      await Promise.all(
        urls.slice(i, i + 200).map((url) => cache.set(url, registration(url), 600)),
      );
    }
    const entries = (await testRedis.redis.command(
      'KEYS',
      `${REDIS_KEY_PREFIX}{cimd}:entry:*`,
    )) as string[];
    expect(entries.length).toBe(LIMITS.clientMetadataCacheEntries);
    expect(await testRedis.redis.command('ZCARD', cimdKey('group', 'one.example'))).toBe(
      LIMITS.clientMetadataCacheEntriesPerHost,
    );
    expect(await testRedis.redis.command('ZCARD', `${REDIS_KEY_PREFIX}{cimd}:all`)).toBe(
      LIMITS.clientMetadataCacheEntries,
    );
    // A full cache keeps nothing more, and evicts nothing.
    const late = 'https://late.example/c.json';
    await cache.set(late, registration(late), 600);
    expect(await cache.get(late)).toBeUndefined();
    expect(await cache.get(urls[1] as string)).toBe(registration(urls[1] as string));
    // Every entry expires; so do the sets that bound them.
    expect(
      Number(await testRedis.redis.command('PTTL', `${REDIS_KEY_PREFIX}{cimd}:all`)),
    ).toBeGreaterThan(0);
    // Rate-limit counts and code redemptions are untouched by a full cache.
    expect(await store.increment('after-fill', 30)).toBe(1);
    expect(await store.claim('code:after-fill', 30)).toBe(true);
    expect(await store.claim('code:after-fill', 30)).toBe(false);
  }, 60_000);

  it('should keep counting and redeeming under a small maxmemory however many URLs are cached', async () => {
    const small = await startTestRedis({
      serverArgs: ['--maxmemory', '16mb', '--maxmemory-policy', 'noeviction'],
    });
    const store = new RedisStore(small.url, { log: () => undefined, timeouts: PATIENT });
    try {
      const cache = createSharedClientMetadataCache(store);
      // As large as a kept registration can be (its document is at most 5 KiB): 10,000 of them
      // unbounded would need about 50 MB.
      const registration = 'y'.repeat(LIMITS.clientMetadataBytes);
      for (let i = 0; i < 10_000; i += 200) {
        await Promise.all(
          Array.from({ length: 200 }, (_, j) =>
            cache.set(`https://h${(i + j) % 800}.example/c.json?v=${i + j}`, registration, 600),
          ),
        );
      }
      const used = Number(
        /used_memory:(\d+)/.exec(String(await small.command('INFO', 'memory')))?.[1],
      );
      expect(used).toBeLessThan(16 * 1024 * 1024);
      for (let i = 0; i < 100; i++) expect(await store.increment(`count-${i}`, 30)).toBe(1);
      for (let i = 0; i < 100; i++) expect(await store.claim(`code:${i}`, 3600)).toBe(true);
    } finally {
      await store.close();
      await small.stop();
    }
  }, 60_000);
});
