import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import {
  CLAIM_SCRIPT,
  REDIS_KEY_PREFIX,
  REDIS_TIMEOUTS,
  RedisStore,
} from '../../src/shared-state/redis-store.ts';
import { isUnavailable } from '../../src/shared-state/shared-store.ts';
import { readRedisUrl, RedisUrlConfigError } from '../../src/shared-state/process-store.ts';
import { makeCertificate } from '../support/https-document-server.ts';
import { NODE, ROOT, runCommand } from '../support/processes.ts';
import { startTestRedis, useTestRedis } from '../support/redis-server.ts';
import { createTestResolver, startDnsServer } from '../support/dns-server.ts';
import { holdThreadpool } from '../support/threadpool.ts';

const testRedis = useTestRedis();
const { openStore } = testRedis;

/** The connections Redis holds, other than the one asking. */
async function countConnections(): Promise<number> {
  const list = String(await testRedis.redis.command('CLIENT', 'LIST'));
  return list.trim().split('\n').length - 1;
}

describe('RedisStore', () => {
  it('should count in one atomic step that gives a new counter its lifetime', async () => {
    const first = openStore();
    const second = openStore();
    const counts = await Promise.all(
      Array.from({ length: 100 }, (_, i) => (i % 2 ? first : second).increment('count-a', 30)),
    );
    expect([...counts].sort((a, b) => Number(a) - Number(b))).toEqual(
      Array.from({ length: 100 }, (_, i) => i + 1),
    );
    const ttl = Number(await testRedis.redis.command('TTL', `${REDIS_KEY_PREFIX}count-a`));
    expect(ttl).toBeGreaterThan(25);
    expect(ttl).toBeLessThanOrEqual(30);
  });

  it('should add several at once, giving the counter its lifetime only when the addition made it', async () => {
    const store = openStore();
    expect(await store.increment('count-by', 30, 5)).toBe(5);
    const key = `${REDIS_KEY_PREFIX}count-by`;
    expect(Number(await testRedis.redis.command('TTL', key))).toBeGreaterThan(25);
    // A later addition leaves the lifetime as the first one set it.
    await testRedis.redis.command('EXPIRE', key, '100');
    expect(await store.increment('count-by', 30, 3)).toBe(8);
    expect(await store.increment('count-by', 30)).toBe(9);
    expect(Number(await testRedis.redis.command('TTL', key))).toBeGreaterThan(95);
  });

  it('should let a key be claimed once across stores, for its lifetime', async () => {
    const first = openStore();
    const second = openStore();
    expect(await first.claim('code:a', 1)).toBe(true);
    expect(await second.claim('code:a', 1)).toBe(false);
    expect(await first.claim('code:a', 1)).toBe(false);
    await sleep(1100);
    expect(await second.claim('code:a', 1)).toBe(true);
  });

  it('should read what another store kept until it expires', async () => {
    const first = openStore();
    const second = openStore();
    const entry = {
      cache: 'test',
      key: 'doc:a',
      group: 'g',
      maxEntries: 10,
      maxEntriesPerGroup: 10,
    };
    expect(await first.read('test', 'doc:a')).toBeUndefined();
    expect(await first.keep({ ...entry, value: '{"client_name":"x"}', ttlSeconds: 1 })).toBe(true);
    expect(await second.read('test', 'doc:a')).toBe('{"client_name":"x"}');
    await sleep(1100);
    expect(await second.read('test', 'doc:a')).toBeUndefined();
  });

  it('should keep one connection for all its operations', async () => {
    const before = await countConnections();
    const store = openStore();
    for (let i = 0; i < 50; i++) await store.increment('count-b', 30);
    await Promise.all(Array.from({ length: 50 }, () => store.claim(`code:${Math.random()}`, 5)));
    expect(await countConnections()).toBe(before + 1);
    await store.close();
    expect(await countConnections()).toBe(before);
  });

  it('should answer unavailable when Redis is down, log once, and recover by itself', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const store = openStore(lines as unknown[]);
    expect(await store.increment('count-c', 30)).toBe(1);
    await testRedis.redis.stop();
    const answers = [];
    for (let i = 0; i < 20; i++) answers.push(await store.increment('count-c', 30));
    answers.push(await store.claim('code:c', 30), await store.read('test', 'doc:c'));
    expect(answers.every((answer) => isUnavailable(answer))).toBe(true);
    expect(lines).toEqual([
      expect.objectContaining({ level: 'warn', msg: 'shared store unavailable', store: 'redis' }),
    ]);
    await testRedis.redis.start();
    await sleep(REDIS_TIMEOUTS.retryMs);
    expect(await store.increment('count-c', 30)).toBe(1);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatchObject({
      level: 'info',
      msg: 'shared store available again',
      failedOperations: 22,
    });
  });

  it('should give up on a Redis that stops answering within the command time-out', async () => {
    const lines: unknown[] = [];
    const store = openStore(lines);
    expect(await store.increment('count-d', 30)).toBe(1);
    testRedis.redis.pause();
    try {
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => store.increment('count-d', 30)),
      );
      expect(answers.every((answer) => isUnavailable(answer))).toBe(true);
      // The late connection was closed: the next requests are answered unavailable too.
      for (let i = 0; i < 10; i++) {
        expect(isUnavailable(await store.increment('count-d', 30))).toBe(true);
      }
    } finally {
      testRedis.redis.resume();
    }
    expect(lines).toHaveLength(1);
    await sleep(REDIS_TIMEOUTS.retryMs);
    expect(await store.increment('count-d', 30)).toEqual(expect.any(Number));
    expect(lines).toHaveLength(2);
  });

  it('should answer unavailable when nothing listens, without hanging', async () => {
    const lines: unknown[] = [];
    const store = new RedisStore('redis://127.0.0.1:1', { log: (line) => lines.push(line) });
    const answer = await store.increment('x', 1);
    expect(isUnavailable(answer) && answer.unavailable).toMatch(/ECONNREFUSED/);
    await store.close();
  });

  it('should name every refusal when no address of a host name listens', async () => {
    const store = new RedisStore('redis://localhost:1', { log: () => undefined });
    const answer = await store.increment('x', 1);
    expect(isUnavailable(answer) && answer.unavailable).toBe(
      'cannot connect: connect ECONNREFUSED 127.0.0.1:1; connect ECONNREFUSED ::1:1',
    );
    await store.close();
  });

  it('should let a process that used it end by itself once it is closed', async () => {
    const script = `
      import { RedisStore } from '${ROOT}src/shared-state/redis-store.ts';
      const store = new RedisStore(process.env.REDIS_URL, { log: console.error });
      for (let i = 0; i < 10; i++) await store.increment('count-e', 30);
      console.log(await store.increment('count-e', 30));
      await store.close();
    `;
    const run = await runCommand(NODE, ['--input-type=module', '-e', script], {
      REDIS_URL: testRedis.redis.url,
    });
    expect(run).toMatchObject({ code: 0, stdout: '11\n', stderr: '' });
  });
});

describe('RedisStore after a broken connection', () => {
  /** A RESP server whose n-th connection (from 0) is handled by `handlers[n]`. */
  async function serveConnections(handlers: ((socket: Socket, commands: number) => void)[]) {
    let accepted = 0;
    const received: number[] = [];
    const server = createServer((socket) => {
      const index = accepted++;
      received[index] = 0;
      socket.on('error', () => undefined);
      socket.on('data', () => {
        received[index] = (received[index] ?? 0) + 1;
        handlers[index]?.(socket, received[index] ?? 0);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    return { url: `redis://127.0.0.1:${port}`, received, close: () => server.close() };
  }

  it('should answer the request after CLIENT KILL on a fresh connection', async () => {
    const lines: unknown[] = [];
    const store = openStore(lines);
    expect(await store.increment('kill-a', 30)).toBe(1);
    expect(await testRedis.redis.command('CLIENT', 'KILL', 'TYPE', 'normal')).toBeGreaterThan(0);
    expect(await store.increment('kill-a', 30)).toBe(2);
    expect(await testRedis.redis.command('CLIENT', 'KILL', 'TYPE', 'normal')).toBeGreaterThan(0);
    expect(await store.claim('code:kill-a', 30)).toBe(true);
    expect(await store.claim('code:kill-a', 30)).toBe(false);
    expect(lines).toEqual([]);
  });

  it('should send a command once more on a fresh connection when the connection is reset under it', async () => {
    const server = await serveConnections([
      (socket) => socket.resetAndDestroy(),
      (socket) => socket.write(':7\r\n'),
    ]);
    const store = new RedisStore(server.url, { log: () => undefined });
    try {
      expect(await store.increment('reset', 30)).toBe(7);
      expect(server.received).toEqual([1, 1]);
    } finally {
      await store.close();
      server.close();
    }
  });

  it('should not send a command again after a reply was late', async () => {
    const server = await serveConnections([() => undefined, (socket) => socket.write(':7\r\n')]);
    const store = new RedisStore(server.url, {
      log: () => undefined,
      timeouts: { commandMs: 200 },
    });
    try {
      expect(isUnavailable(await store.increment('late', 30))).toBe(true);
      expect(server.received).toEqual([1]);
    } finally {
      await store.close();
      server.close();
    }
  });

  it('should count a claim sent again with its own token as the first, and any other as a repeat', async () => {
    const key = `${REDIS_KEY_PREFIX}code:retried`;
    expect(await testRedis.redis.command('EVAL', CLAIM_SCRIPT, 1, key, 'token-a', 30)).toBe(1);
    expect(await testRedis.redis.command('EVAL', CLAIM_SCRIPT, 1, key, 'token-a', 30)).toBe(1);
    expect(await testRedis.redis.command('EVAL', CLAIM_SCRIPT, 1, key, 'token-b', 30)).toBe(0);
    expect(Number(await testRedis.redis.command('TTL', key))).toBeGreaterThan(25);
  });

  it('should turn TCP keepalive on for its connection', async () => {
    const store = openStore();
    expect(await store.increment('keepalive', 30)).toBe(1);
    const listed = await runCommand('ss', [
      '-tnoH',
      'state',
      'established',
      `( dport = :${testRedis.redis.port} )`,
    ]);
    const ours = listed.stdout.trim().split('\n').filter(Boolean);
    expect(ours.length).toBeGreaterThan(0);
    for (const line of ours) expect(line).toMatch(/timer:\(keepalive,/);
  });
});

describe('RedisStore with a host name', () => {
  it('should connect by host name through its own resolver while lookups at a silent name server hang and the threadpool is held', async () => {
    const dns = await startDnsServer();
    try {
      dns.set('redis.test', { a: ['127.0.0.1'] });
      // Client metadata lookups that never end, filling another resolver's every slot.
      const metadataResolver = createTestResolver(dns, { maxPending: 8, maxPendingPerClient: 8 });
      let settled = 0;
      const hanging = Array.from({ length: 8 }, (_, i) => {
        dns.set(`slow${i}.attacker.test`, 'silent');
        return metadataResolver
          .resolve(`slow${i}.attacker.test`, { deadline: Date.now() + 3000 })
          .finally(() => (settled += 1));
      });
      const lines: unknown[] = [];
      const store = new RedisStore(`redis://redis.test:${testRedis.redis.port}`, {
        log: (line) => lines.push(line),
        nameServers: [dns.server],
      });
      testRedis.closeAfterFile(store);
      expect(await store.increment('dns-count', 30)).toBe(1);
      expect(await store.claim('dns-code', 30)).toBe(true);
      // Every libuv thread held, as silent name servers hold them through dns.lookup: the
      // connection is lost and opened again by name all the same.
      const pool = await holdThreadpool();
      try {
        expect(await testRedis.redis.command('CLIENT', 'KILL', 'TYPE', 'normal')).toBeGreaterThan(
          0,
        );
        expect(await store.increment('dns-count', 30)).toBe(2);
        expect(pool.lookupWaiting()).toBe(true);
      } finally {
        await pool.release();
      }
      expect(settled).toBe(0);
      expect(lines).toEqual([]);
      expect(dns.queries.filter((name) => name === 'redis.test').length).toBeGreaterThan(0);
      await Promise.all(hanging);
    } finally {
      await dns.close();
    }
  });
});

describe('RedisStore tallies', () => {
  it('should tally fields atomically within their bound and read every tally at once', async () => {
    const first = openStore();
    const second = openStore();
    const count = (field: string) => ({ key: 'tally-a', field, maxFields: 3 });
    await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        (i % 2 ? first : second).tally(
          [count(`f${i % 5}`), { key: 'tally-b', field: 'x', maxFields: 1 }],
          30,
        ),
      ),
    );
    const [a, b, none] = (await first.readTallies(['tally-a', 'tally-b', 'tally-none'])) as Record<
      string,
      number
    >[];
    expect(Object.keys(a ?? {}).length).toBe(4);
    expect(a?.['(other)']).toBe(24);
    expect(Object.values(a ?? {}).reduce((sum, n) => sum + n, 0)).toBe(60);
    expect(b).toEqual({ x: 60 });
    expect(none).toEqual({});
    const ttl = Number(await testRedis.redis.command('TTL', `${REDIS_KEY_PREFIX}tally-a`));
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(30);
  });

  it('should read a field named like a prototype member as a plain count', async () => {
    const store = openStore();
    await store.tally([{ key: 'tally-proto', field: '__proto__', maxFields: 5 }], 30);
    const [hash] = (await store.readTallies(['tally-proto'])) as Record<string, number>[];
    expect(Object.entries(hash ?? {})).toEqual([['__proto__', 1]]);
  });
});

describe('RedisStore over rediss://', () => {
  it("should work with Redis over TLS, as the URL's user, in the URL's database", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'redis-tls-'));
    const { key, cert } = makeCertificate();
    const tls = { certFile: join(dir, 'cert.pem'), keyFile: join(dir, 'key.pem'), caFile: '' };
    writeFileSync(tls.certFile, cert);
    writeFileSync(tls.keyFile, key);
    const secure = await startTestRedis({
      tls: { ...tls, caFile: tls.certFile },
      serverArgs: [
        '--user',
        'alice',
        'on',
        '>s3cret/@',
        '~*',
        '&*',
        '+@all',
        '--user',
        'default',
        'off',
      ],
      cliArgs: ['--user', 'alice', '--pass', 's3cret/@'],
    });
    try {
      const url = secure.url.replace('//', `//alice:${encodeURIComponent('s3cret/@')}@`) + '/2';
      // Node reads extra CAs only when it starts, so the store runs in a process of its own.
      const script = `
        import { RedisStore } from '${ROOT}src/shared-state/redis-store.ts';
        const store = new RedisStore(process.env.REDIS_URL, { log: (line) => console.error(JSON.stringify(line)) });
        const counts = [];
        for (let i = 0; i < 3; i++) counts.push(await store.increment('tls-count', 30));
        console.log(JSON.stringify([...counts, await store.claim('tls-code', 30), await store.claim('tls-code', 30)]));
        await store.close();
      `;
      const run = await runCommand(NODE, ['--input-type=module', '-e', script], {
        REDIS_URL: url,
        NODE_EXTRA_CA_CERTS: tls.certFile,
      });
      expect(run).toMatchObject({ code: 0, stdout: '[1,2,3,true,false]\n', stderr: '' });
      expect(await secure.command('-n', '2', 'GET', `${REDIS_KEY_PREFIX}tls-count`)).toBe('3');
      expect(await secure.command('GET', `${REDIS_KEY_PREFIX}tls-count`)).toBeNull();
      // Without the certificate's issuer trusted, the store refuses the server.
      const untrusted = await runCommand(NODE, ['--input-type=module', '-e', script], {
        REDIS_URL: url,
      });
      expect(untrusted.stderr).toMatch(/shared store unavailable.*self-signed certificate/);
    } finally {
      await secure.stop();
    }
    // Three node processes and a redis-server start here: more than the default 5 s on a busy machine.
  }, 20_000);
});

describe('readRedisUrl', () => {
  it.each([
    ['redis://127.0.0.1:6379', 'redis://127.0.0.1:6379'],
    [
      'rediss://default:secret@eu1.upstash.example:6379',
      'rediss://default:secret@eu1.upstash.example:6379',
    ],
    [' redis://cache.internal/2 ', 'redis://cache.internal/2'],
    ['', undefined],
    [undefined, undefined],
  ])('should read %j as %j', (value, url) => {
    expect(readRedisUrl({ REDIS_URL: value })).toBe(url);
  });

  it.each(['localhost:6379', 'http://cache.example', 'redis://', 'redis://host/keys', 'nonsense'])(
    'should refuse %j with a message naming the variable',
    (value) => {
      expect(() => readRedisUrl({ REDIS_URL: value })).toThrow(RedisUrlConfigError);
      expect(() => readRedisUrl({ REDIS_URL: value })).toThrow(/^REDIS_URL/);
    },
  );
});
