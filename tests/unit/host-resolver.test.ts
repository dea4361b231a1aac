import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestResolver, startDnsServer, type TestDnsServer } from '../support/dns-server.ts';

let dns: TestDnsServer;

beforeAll(async () => {
  dns = await startDnsServer();
  dns.set('app.example', { a: ['93.184.215.14'], aaaa: ['2606:4700::1111'] });
  dns.set('v6.example', { aaaa: ['2a00:1450:4001::1'] });
  dns.set('silent.example', 'silent');
  for (let i = 0; i < 8; i++) dns.set(`silent${i}.example`, 'silent');
});

afterAll(() => dns.close());

/** A deadline `ms` from now. */
const within = (ms: number, client?: string) => ({
  deadline: Date.now() + ms,
  ...(client === undefined ? {} : { client }),
});

describe('createHostResolver', () => {
  it('should give the A and AAAA records the name server answers', async () => {
    const resolver = createTestResolver(dns);
    expect(await resolver.resolve('App.Example.', within(2000))).toEqual({
      addresses: [
        { address: '93.184.215.14', family: 4 },
        { address: '2606:4700::1111', family: 6 },
      ],
    });
    expect(await resolver.resolve('v6.example', within(2000))).toEqual({
      addresses: [{ address: '2a00:1450:4001::1', family: 6 }],
    });
  });

  it('should answer localhost and IP literals without asking a name server', async () => {
    const resolver = createTestResolver(dns);
    const asked = dns.queries.length;
    expect(await resolver.resolve('localhost', within(2000))).toEqual({
      addresses: [
        { address: '127.0.0.1', family: 4 },
        { address: '::1', family: 6 },
      ],
    });
    expect(await resolver.resolve('api.localhost', within(2000))).toHaveProperty('addresses');
    expect(await resolver.resolve('[::1]', within(2000))).toEqual({
      addresses: [{ address: '::1', family: 6 }],
    });
    expect(await resolver.resolve('10.0.0.7', within(2000))).toEqual({
      addresses: [{ address: '10.0.0.7', family: 4 }],
    });
    expect(dns.queries.length).toBe(asked);
  });

  it('should say a name does not resolve when the name server has no such name', async () => {
    const resolver = createTestResolver(dns);
    expect(await resolver.resolve('nothing.example', within(2000))).toEqual({
      failure: 'its host name does not resolve',
      timedOut: false,
    });
  });

  it('should give up at its deadline on a name server that never answers', async () => {
    const resolver = createTestResolver(dns, { attemptMs: 5000, tries: 3 });
    expect(await resolver.resolve('silent.example', within(200))).toEqual({
      failure: 'resolving its host name timed out',
      timedOut: true,
    });
  });

  it('should not hold a host against later callers when a caller had no time left', async () => {
    const resolver = createTestResolver(dns);
    const asked = dns.queries.length;
    expect(await resolver.resolve('app.example', { deadline: Date.now() - 1 })).toEqual({
      failure: 'resolving its host name timed out',
      timedOut: true,
    });
    expect(dns.queries.length).toBe(asked);
    expect(await resolver.resolve('app.example', within(2000))).toHaveProperty('addresses');
  });

  it('should answer a failed host from memory until failureMs has passed', async () => {
    const clock = { now: Date.now() };
    const resolver = createTestResolver(dns, { failureMs: 30_000, now: () => clock.now });
    const lookups = () => dns.queries.filter((name) => name === 'gone.example').length;
    expect(await resolver.resolve('gone.example', { deadline: clock.now + 2000 })).toHaveProperty(
      'failure',
    );
    const asked = lookups();
    dns.set('gone.example', { a: ['93.184.215.14'] });
    expect(await resolver.resolve('gone.example', { deadline: clock.now + 2000 })).toEqual({
      failure: 'its host name does not resolve',
      timedOut: false,
    });
    expect(lookups()).toBe(asked);
    clock.now += 30_000;
    expect(await resolver.resolve('gone.example', { deadline: clock.now + 2000 })).toEqual({
      addresses: [{ address: '93.184.215.14', family: 4 }],
    });
  });

  it('should refuse at once a lookup past the per-client or per-resolver cap, and keep answering others', async () => {
    const resolver = createTestResolver(dns, { maxPending: 4, maxPendingPerClient: 2 });
    const settled: string[] = [];
    const slow = [0, 1].map((i) =>
      resolver
        .resolve(`silent${i}.example`, within(1500, 'client-a'))
        .then(() => settled.push(`silent${i}`)),
    );
    expect(await resolver.resolve('silent2.example', within(1500, 'client-a'))).toEqual({
      failure: 'too many host name lookups are in progress',
      timedOut: false,
    });
    // Another client still gets its answers while client-a's lookups hang.
    expect(await resolver.resolve('app.example', within(1500, 'client-b'))).toHaveProperty(
      'addresses',
    );
    const more = [3, 4].map((i) => resolver.resolve(`silent${i}.example`, within(1500, `c${i}`)));
    expect(await resolver.resolve('app.example', within(1500, 'client-b'))).toEqual({
      failure: 'too many host name lookups are in progress',
      timedOut: false,
    });
    expect(settled).toEqual([]);
    await Promise.all([...slow, ...more]);
    expect(await resolver.resolve('app.example', within(1500, 'client-b'))).toHaveProperty(
      'addresses',
    );
  });
});
