import { createServer, type AddressInfo, type Socket } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { exceedsJsonDepth, LIMITS } from '../../src/service/limits.ts';
import type { PlainHandler, PlainRequest } from '../../src/http/plain-http.ts';
import { RateLimiter, readClientKey, type RateLimitStore } from '../../src/http/rate-limit.ts';
import { MemoryStore } from '../../src/shared-state/memory-store.ts';
import { RedisStore } from '../../src/shared-state/redis-store.ts';
import { RespReader } from '../../src/shared-state/resp.ts';
import { RateLimitConfigError, readRateLimitPolicy } from '../../src/service/rate-limit-policy.ts';
import { serveFunction } from '../../src/http/serve-function.ts';
import { corsHeaders } from '../../src/mcp/http-handler.ts';
import { ProblemSchema } from '../../src/schemas/problem.ts';

const SITE = 'https://facts.example.com';

function request(client: string, method = 'GET'): PlainRequest {
  return {
    method,
    url: new URL(`${SITE}/mcp`),
    header: () => undefined,
    client,
    text: async () => '',
  };
}

const ok: PlainHandler = async () => ({ status: 200, headers: { 'X-Own': 'yes' }, body: 'ok' });

describe('RateLimiter', () => {
  it('should allow `limit` requests per window, then refuse until the window resets', async () => {
    let now = 60_000 * 1000 + 20_000; // 20 s into a 60 s window
    const limiter = new RateLimiter({ limit: 3, windowSeconds: 60 }, { now: () => now });
    const decisions = [];
    for (let i = 0; i < 4; i++) decisions.push(await limiter.check('198.51.100.7'));
    expect(decisions.map((decision) => decision.allowed)).toEqual([true, true, true, false]);
    expect(decisions.map((decision) => decision.headers.RateLimit)).toEqual([
      '"per-client";r=2;t=40',
      '"per-client";r=1;t=40',
      '"per-client";r=0;t=40',
      '"per-client";r=0;t=40',
    ]);
    expect(decisions[3]?.resetSeconds).toBe(40);
    expect(decisions[0]?.headers['RateLimit-Policy']).toBe('"per-client";q=3;w=60');
    now += 40_000;
    expect((await limiter.check('198.51.100.7')).allowed).toBe(true);
  });

  it('should decide at once with a store that counts at once, and by promise with one that waits', async () => {
    const limiter = new RateLimiter({ limit: 1, windowSeconds: 10 }, { now: () => 5_000 });
    const first = limiter.check('192.0.2.9');
    expect(first).not.toBeInstanceOf(Promise);
    expect((first as { allowed: boolean }).allowed).toBe(true);
    const waiting: RateLimitStore = { increment: async () => 2 };
    const remote = new RateLimiter(
      { limit: 1, windowSeconds: 10 },
      { store: waiting, now: () => 5_000 },
    );
    const later = remote.check('192.0.2.9');
    expect(later).toBeInstanceOf(Promise);
    expect((await later).allowed).toBe(false);
    const failing: RateLimitStore = { increment: () => Promise.reject(new Error('store down')) };
    await expect(
      new RateLimiter({ limit: 1, windowSeconds: 10 }, { store: failing }).check('192.0.2.9'),
    ).rejects.toThrow('store down');
  });

  it('should count several requests at once, refusing those that pass the limit', async () => {
    const limiter = new RateLimiter({ limit: 6, windowSeconds: 60 }, { now: () => 0 });
    const five = await limiter.check('198.51.100.8', 5);
    expect(five).toMatchObject({ allowed: true, headers: { RateLimit: '"per-client";r=1;t=60' } });
    expect((await limiter.check('198.51.100.8', 2)).allowed).toBe(false);
    // The refused ones counted too: nothing is left in this window.
    expect((await limiter.check('198.51.100.8')).allowed).toBe(false);
  });

  it('should count each client on its own', async () => {
    const limiter = new RateLimiter({ limit: 1, windowSeconds: 10 }, { now: () => 5_000 });
    expect((await limiter.check('192.0.2.1')).allowed).toBe(true);
    expect((await limiter.check('192.0.2.1')).allowed).toBe(false);
    expect((await limiter.check('192.0.2.2')).allowed).toBe(true);
  });

  it('should count an IPv6 client by its /64, whichever of its addresses it sends from', async () => {
    const limiter = new RateLimiter({ limit: 2, windowSeconds: 10 }, { now: () => 5_000 });
    const store = new MemoryStore({ now: () => 5_000 });
    const counted = new RateLimiter({ limit: 2, windowSeconds: 10 }, { store, now: () => 5_000 });
    expect((await limiter.check('2001:db8:1:2::1')).allowed).toBe(true);
    expect((await limiter.check('2001:db8:1:2:ffff:ffff:ffff:fffe')).allowed).toBe(true);
    expect((await limiter.check('[2001:0db8:0001:0002::abcd]')).allowed).toBe(false);
    expect((await limiter.check('2001:db8:1:3::1')).allowed).toBe(true);
    // A thousand fresh addresses of one /64 fill one counter, not the store.
    for (let i = 0; i < 1000; i++) await counted.check(`2001:db8::${i.toString(16)}`);
    expect(store.size).toBe(1);
  });

  it('should count an IPv4-mapped IPv6 peer as its IPv4 address', async () => {
    const limiter = new RateLimiter({ limit: 1, windowSeconds: 10 }, { now: () => 5_000 });
    expect((await limiter.check('::ffff:192.0.2.7')).allowed).toBe(true);
    expect((await limiter.check('192.0.2.7')).allowed).toBe(false);
  });

  it('should give one limit across instances that share a store', async () => {
    const counts = new Map<string, number>();
    // A store with the contract of a shared one (asynchronous, keyed, with a lifetime).
    const shared: RateLimitStore = {
      increment: async (key) => {
        const count = (counts.get(key) ?? 0) + 1;
        counts.set(key, count);
        return count;
      },
    };
    const policy = { limit: 2, windowSeconds: 60 };
    const first = new RateLimiter(policy, { store: shared, now: () => 0 });
    const second = new RateLimiter(policy, { store: shared, now: () => 0 });
    expect((await first.check('192.0.2.3')).allowed).toBe(true);
    expect((await second.check('192.0.2.3')).allowed).toBe(true);
    expect((await first.check('192.0.2.3')).allowed).toBe(false);
    expect((await second.check('192.0.2.3')).allowed).toBe(false);
  });
});

/** A RESP server that answers every command with the raw reply the test names. */
async function serveRawReply(reply: () => string): Promise<{ url: string; close: () => void }> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    const reader = new RespReader();
    socket.on('error', () => undefined);
    socket.on('data', (chunk: Buffer) => {
      const read = reader.push(chunk);
      if ('malformed' in read) {
        socket.destroy();
        return;
      }
      for (let i = 0; i < read.length; i++) socket.write(reply());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `redis://127.0.0.1:${port}`,
    close: () => {
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
}

describe('RateLimiter over a Redis store', () => {
  const closers: Array<() => void | Promise<void>> = [];
  afterAll(async () => {
    for (const close of closers) await close();
  });

  it.each([
    ['+OK\r\n', 'a simple string'],
    ['$1\r\n5\r\n', 'a bulk string'],
    ['$-1\r\n', 'nil'],
    ['*1\r\n:1\r\n', 'an array'],
    [':0\r\n', 'zero'],
    [':-4\r\n', 'a negative count'],
    [':9007199254740993\r\n', 'an integer past 2^53'],
  ])('should fail open, logging once, when EVAL answers %j (%s)', async (reply) => {
    const server = await serveRawReply(() => reply);
    const lines: Array<Record<string, unknown>> = [];
    const store = new RedisStore(server.url, { log: (line) => lines.push(line) });
    closers.push(server.close, () => store.close());
    const limiter = new RateLimiter({ limit: 2, windowSeconds: 30 }, { store });
    for (let i = 0; i < 4; i++) {
      const decision = await limiter.check('192.0.2.9');
      expect(decision).toMatchObject({ allowed: true, counted: false });
      expect(decision.headers).toEqual({ 'RateLimit-Policy': '"per-client";q=2;w=30' });
    }
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ msg: 'shared store unavailable' });
    expect(String(lines[0]?.reason)).toContain('not a count');
  });

  it('should count with a store whose answer is a count', async () => {
    let count = 0;
    const server = await serveRawReply(() => `:${++count}\r\n`);
    const store = new RedisStore(server.url, { log: () => undefined });
    closers.push(server.close, () => store.close());
    const limiter = new RateLimiter({ limit: 2, windowSeconds: 30 }, { store });
    const allowed = [];
    for (let i = 0; i < 3; i++) allowed.push((await limiter.check('192.0.2.9')).allowed);
    expect(allowed).toEqual([true, true, false]);
  });
});

describe('readClientKey', () => {
  it.each([
    ['192.0.2.1', '192.0.2.1'],
    [' 192.0.2.1 ', '192.0.2.1'],
    ['::ffff:192.0.2.1', '192.0.2.1'],
    ['::FFFF:c000:0201', '192.0.2.1'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:0DB8:0001:0002:aaaa:bbbb:cccc:dddd', '2001:db8:1:2::/64'],
    ['[2001:db8::1]', '2001:db8:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['::', '0:0:0:0::/64'],
    ['64:ff9b::192.0.2.1', '64:ff9b:0:0::/64'],
    ['unknown', 'unknown'],
    ['not an address', 'unknown'],
    ['2001:db8::g', 'unknown'],
  ])('should count %j as %j', (address, key) => {
    expect(readClientKey(address)).toBe(key);
  });
});

describe('MemoryStore', () => {
  it('should forget expired windows and never hold more than its key limit', () => {
    let now = 0;
    const store = new MemoryStore({ maxKeys: 100, now: () => now });
    for (let i = 0; i < 1000; i++) store.increment(`client-${i}`, 60);
    expect(store.size).toBeLessThanOrEqual(100);
    now = 61_000;
    store.increment('late', 60);
    expect(store.size).toBe(1);
  });

  it('should start a key again after its lifetime', () => {
    let now = 0;
    const store = new MemoryStore({ now: () => now });
    expect([store.increment('k', 1), store.increment('k', 1)]).toEqual([1, 2]);
    now = 1000;
    expect(store.increment('k', 1)).toBe(1);
  });
});

describe('readRateLimitPolicy', () => {
  it('should default to 300 per 60 s, take both variables, and turn off at 0', () => {
    expect(readRateLimitPolicy({})).toEqual({ limit: 300, windowSeconds: 60 });
    expect(readRateLimitPolicy({ RATE_LIMIT_MAX: '20', RATE_LIMIT_WINDOW_SECONDS: '10' })).toEqual({
      limit: 20,
      windowSeconds: 10,
    });
    expect(readRateLimitPolicy({ RATE_LIMIT_MAX: '0' })).toBeUndefined();
  });

  it.each([
    ['RATE_LIMIT_MAX', '-1'],
    ['RATE_LIMIT_MAX', '1.5'],
    ['RATE_LIMIT_MAX', 'lots'],
    ['RATE_LIMIT_WINDOW_SECONDS', '0'],
    ['RATE_LIMIT_WINDOW_SECONDS', '86401'],
  ])('should refuse %s=%s with a message naming the variable', (name, value) => {
    expect(() => readRateLimitPolicy({ [name]: value })).toThrow(RateLimitConfigError);
    expect(() => readRateLimitPolicy({ [name]: value })).toThrow(name);
  });
});

describe('serveFunction', () => {
  it('should add the RateLimit fields to answers and refuse with a 429 problem past the limit', async () => {
    const limiter = new RateLimiter({ limit: 1, windowSeconds: 30 }, { now: () => 0 });
    const handler = serveFunction(ok, { siteUrl: SITE, limiter, log: () => {} });
    const first = await handler(request('203.0.113.9'));
    expect(first.status).toBe(200);
    expect(first.headers).toMatchObject({
      'X-Own': 'yes',
      'RateLimit-Policy': '"per-client";q=1;w=30',
      RateLimit: '"per-client";r=0;t=30',
    });
    const refused = await handler(request('203.0.113.9'));
    expect(refused.status).toBe(429);
    expect(refused.headers).toMatchObject({
      'Content-Type': 'application/problem+json',
      'Cache-Control': 'no-store',
      'Retry-After': '30',
      RateLimit: '"per-client";r=0;t=30',
      'Access-Control-Allow-Origin': '*',
    });
    const problem = ProblemSchema.parse(JSON.parse(String(refused.body)));
    expect(problem).toMatchObject({
      type: `${SITE}/errors/rate_limited`,
      status: 429,
      code: 'rate_limited',
      instance: '/mcp',
      detail: 'This client sent more than 1 requests in 30 seconds.',
    });
  });

  it("should give its 429 the CORS fields the function gives the request's origin", async () => {
    const limiter = new RateLimiter({ limit: 1, windowSeconds: 30 }, { now: () => 0 });
    const allowed = ['https://allowed.example'];
    const handler = serveFunction(ok, {
      siteUrl: SITE,
      limiter,
      log: () => {},
      // As the MCP function passes them, for MCP_ALLOWED_ORIGINS=https://allowed.example.
      corsHeaders: (from) => corsHeaders(from.header('origin'), allowed),
    });
    const fromOrigin = (origin: string): PlainRequest => ({
      ...request('203.0.113.9'),
      header: (name) => (name.toLowerCase() === 'origin' ? origin : undefined),
    });
    expect((await handler(fromOrigin('https://allowed.example'))).status).toBe(200);
    const foreign = await handler(fromOrigin('https://other.example'));
    expect(foreign.status).toBe(429);
    expect(foreign.headers['Access-Control-Allow-Origin']).toBeUndefined();
    const own = await handler(fromOrigin('https://allowed.example'));
    expect(own.status).toBe(429);
    expect(own.headers).toMatchObject({
      'Access-Control-Allow-Origin': 'https://allowed.example',
      Vary: 'Origin',
    });
  });

  it('should let a handler count its request as several, and refuse them past the limit', async () => {
    const limiter = new RateLimiter({ limit: 5, windowSeconds: 30 }, { now: () => 0 });
    const charging =
      (units: number): PlainHandler =>
      async (request) =>
        (await request.charge?.(units)) ?? ok(request);
    const handler = (units: number) =>
      serveFunction(charging(units), { siteUrl: SITE, limiter, log: () => {} });
    // One for the request, three more once its body is read: four of five.
    const first = await handler(3)(request('203.0.113.10'));
    expect(first.status).toBe(200);
    expect(first.headers.RateLimit).toBe('"per-client";r=1;t=30');
    // Two more would pass the limit: refused by the handler's charge, with the count it reached.
    const refused = await handler(2)(request('203.0.113.10'));
    expect(refused.status).toBe(429);
    expect(refused.headers).toMatchObject({
      'Retry-After': '30',
      RateLimit: '"per-client";r=0;t=30',
    });
    expect(ProblemSchema.parse(JSON.parse(String(refused.body))).code).toBe('rate_limited');
    // Without a limit there is nothing to charge.
    const unlimited = serveFunction(charging(100), { siteUrl: SITE, limiter: null, log: () => {} });
    expect((await unlimited(request('203.0.113.10'))).status).toBe(200);
  });

  it('should not count CORS preflights', async () => {
    const limiter = new RateLimiter({ limit: 1, windowSeconds: 30 }, { now: () => 0 });
    const handler = serveFunction(ok, { siteUrl: SITE, limiter, log: () => {} });
    for (let i = 0; i < 3; i++)
      expect((await handler(request('192.0.2.4', 'OPTIONS'))).status).toBe(200);
    expect((await handler(request('192.0.2.4'))).status).toBe(200);
  });

  it('should answer unlimited with only the policy field while the store cannot count', async () => {
    const lines: unknown[] = [];
    let down = true;
    const counts = new MemoryStore({ now: () => 0 });
    const limiter = new RateLimiter(
      { limit: 1, windowSeconds: 30 },
      {
        now: () => 0,
        store: {
          increment: (key, ttl) =>
            down ? { unavailable: 'redis down' } : counts.increment(key, ttl),
        },
      },
    );
    const handler = serveFunction(ok, { siteUrl: SITE, limiter, log: (line) => lines.push(line) });
    for (let i = 0; i < 3; i++) {
      const answer = await handler(request('192.0.2.6'));
      expect(answer.status).toBe(200);
      expect(answer.headers['RateLimit-Policy']).toBe('"per-client";q=1;w=30');
      expect(answer.headers.RateLimit).toBeUndefined();
    }
    // The store logs its episodes; the limiter adds no line per request.
    expect(lines).toEqual([]);
    down = false;
    expect((await handler(request('192.0.2.6'))).status).toBe(200);
    expect((await handler(request('192.0.2.6'))).status).toBe(429);
  });

  it('should answer unlimited, and log, when a shared store fails', async () => {
    const lines: unknown[] = [];
    const limiter = new RateLimiter(
      { limit: 1, windowSeconds: 30 },
      { store: { increment: () => Promise.reject(new Error('store down')) } },
    );
    const handler = serveFunction(ok, { siteUrl: SITE, limiter, log: (line) => lines.push(line) });
    expect((await handler(request('192.0.2.5'))).status).toBe(200);
    expect(lines).toEqual([
      { level: 'error', msg: 'rate limit store failed', error: 'Error: store down' },
    ]);
  });

  it('should still turn a failure into a 500 problem', async () => {
    const handler = serveFunction(
      () => {
        throw new Error('boom at /srv/secret/path');
      },
      { siteUrl: SITE, limiter: null, log: () => {} },
    );
    const answer = await handler(request('192.0.2.6'));
    expect(answer.status).toBe(500);
    expect(String(answer.body)).not.toContain('/srv/secret');
  });
});

describe('exceedsJsonDepth', () => {
  const nest = (depth: number): unknown => {
    let value: unknown = 1;
    for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
    return value;
  };

  it('should allow exactly the limit and refuse one level more', () => {
    expect(exceedsJsonDepth(nest(LIMITS.jsonDepth))).toBe(false);
    expect(exceedsJsonDepth(nest(LIMITS.jsonDepth + 1))).toBe(true);
    expect(exceedsJsonDepth('text')).toBe(false);
    expect(exceedsJsonDepth([[], {}, [1, [2]]], 3)).toBe(false);
    expect(exceedsJsonDepth([[], {}, [1, [2]]], 2)).toBe(true);
  });

  it('should walk a value far deeper than the call stack allows', () => {
    const deep = JSON.parse('['.repeat(200_000) + ']'.repeat(200_000)) as unknown;
    expect(exceedsJsonDepth(deep)).toBe(true);
  });
});
