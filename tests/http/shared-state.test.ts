import type { ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { generateSigningKey } from '../../src/oauth/keys.ts';
import { REDIS_TIMEOUTS } from '../../src/shared-state/redis-store.ts';
import { findFreePort, startServer, stopProcess } from '../support/processes.ts';
import { startTestRedis, type TestRedis } from '../support/redis-server.ts';

const baseUrl = inject('baseUrl');
const LIMIT = 6;
/** The most a request may take while Redis is slow or down: connecting, then one command. */
const WORST_MS = REDIS_TIMEOUTS.connectMs + REDIS_TIMEOUTS.commandMs + 500;

let redis: TestRedis;
const instances: Array<{ url: string; child: ChildProcess; output: () => string }> = [];

beforeAll(async () => {
  redis = await startTestRedis();
  const keys = JSON.stringify([await generateSigningKey('shared-state')]);
  for (const name of ['a', 'b']) {
    const port = await findFreePort();
    // The served build on two more ports: two instances of one deployment sharing Redis.
    const { child, output } = await startServer(inject('siteBuild').dir, {
      SITE_URL: baseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      OAUTH_SIGNING_KEYS: keys,
      OAUTH_KEYS_FILE: join(await mkdtemp(join(tmpdir(), `shared-${name}-`)), 'keys.json'),
      RATE_LIMIT_MAX: String(LIMIT),
      // An hour, so no window ends during the test.
      RATE_LIMIT_WINDOW_SECONDS: '3600',
      CLIENT_ADDRESS_HEADER: 'X-Forwarded-For',
      REDIS_URL: redis.url,
    });
    instances.push({ url: `http://127.0.0.1:${port}`, child, output });
  }
});

afterAll(async () => {
  await Promise.all(instances.map(({ child }) => stopProcess(child)));
  await redis?.stop();
});

const instance = (index: number) => {
  const found = instances[index % 2];
  if (!found) throw new Error('no instance');
  return found;
};

/** GET /mcp on an instance, as `client`, timed. */
async function callMcp(index: number, client: string) {
  const started = performance.now();
  const answer = await fetch(`${instance(index).url}/mcp`, {
    headers: { 'X-Forwarded-For': client },
    signal: AbortSignal.timeout(10_000),
  });
  await answer.arrayBuffer();
  return { answer, ms: performance.now() - started };
}

let flows = 0;

/** Registers a client on instance 0 and gets an authorization code for it (PKCE S256). */
async function getCode() {
  // A client of its own, so the flow stays under the limit.
  const client = { 'X-Forwarded-For': `203.0.113.${++flows}` };
  const redirectUri = 'http://127.0.0.1:53682/callback';
  const registered = await fetch(`${instance(0).url}/oauth/register`, {
    method: 'POST',
    headers: { ...client, 'Content-Type': 'application/json' },
    body: JSON.stringify({ client_name: 'shared state test', redirect_uris: [redirectUri] }),
  });
  const { client_id: clientId } = (await registered.json()) as { client_id: string };
  const verifier = randomBytes(32).toString('base64url');
  const authorize = new URL(`${instance(0).url}/oauth/authorize`);
  for (const [name, value] of Object.entries({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: redirectUri,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  })) {
    authorize.searchParams.set(name, value);
  }
  const redirect = await fetch(authorize, { redirect: 'manual', headers: client });
  const code = new URL(redirect.headers.get('location') ?? '').searchParams.get('code') ?? '';
  expect(code).not.toBe('');
  /** Exchanges the code at an instance. */
  return async (index: number) => {
    const answer = await fetch(`${instance(index).url}/oauth/token`, {
      method: 'POST',
      headers: { ...client, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        client_id: clientId,
        code,
        code_verifier: verifier,
        redirect_uri: redirectUri,
      }),
      signal: AbortSignal.timeout(10_000),
    });
    return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
  };
}

const countLines = (index: number, msg: string) =>
  instance(index)
    .output()
    .split('\n')
    .filter((line) => line.includes(`"msg":"${msg}"`)).length;

describe('shared state on Redis', () => {
  it('should hold one rate limit across two instances, on one connection each', async () => {
    const connectionsBefore = Number(
      String(await redis.command('CLIENT', 'LIST'))
        .trim()
        .split('\n').length - 1,
    );
    const answers = [];
    for (let i = 0; i < LIMIT + 2; i++) answers.push((await callMcp(i, '198.51.100.1')).answer);
    expect(answers.map((answer) => answer.status)).toEqual([
      ...Array<number>(LIMIT).fill(200),
      429,
      429,
    ]);
    expect(answers.slice(0, LIMIT).map((answer) => answer.headers.get('ratelimit'))).toEqual(
      Array.from({ length: LIMIT }, (_, i) =>
        expect.stringMatching(new RegExp(`^"per-client";r=${LIMIT - 1 - i};t=\\d+$`)),
      ),
    );
    // Another client is counted on its own; many requests reuse each instance's one connection.
    for (let i = 0; i < 40; i++) {
      expect((await callMcp(i, `198.51.100.${10 + i}`)).answer.status).toBe(200);
    }
    const connections = String(await redis.command('CLIENT', 'LIST'))
      .trim()
      .split('\n').length;
    expect(connections - 1).toBe(2);
    expect(connectionsBefore).toBeLessThanOrEqual(2);
  });

  it('should refuse on one instance a code redeemed on the other', async () => {
    const exchange = await getCode();
    expect((await exchange(0)).status).toBe(200);
    expect(await exchange(1)).toMatchObject({
      status: 400,
      body: {
        error: 'invalid_grant',
        error_description: 'The authorization code has already been used.',
      },
    });
  });

  it('should answer within the time-out while Redis is paused or down, never with a 5xx, and recover by itself', async () => {
    const phases = [
      { name: 'paused', begin: () => redis.pause(), end: async () => redis.resume() },
      { name: 'down', begin: () => redis.stop(), end: () => redis.start() },
    ];
    for (const phase of phases) {
      const warnings = [0, 1].map((index) => countLines(index, 'shared store unavailable'));
      const recoveries = [0, 1].map((index) => countLines(index, 'shared store available again'));
      const exchange = await getCode();
      await phase.begin();
      try {
        const calls = [];
        for (let i = 0; i < 10; i++) calls.push(await callMcp(i, '198.51.100.2'));
        for (const { answer, ms } of calls) {
          // Fails open: answered, unlimited, with the policy but no count.
          expect(answer.status, phase.name).toBe(200);
          expect(answer.headers.get('ratelimit-policy')).toBe(`"per-client";q=${LIMIT};w=3600`);
          expect(answer.headers.get('ratelimit')).toBeNull();
          expect(ms, phase.name).toBeLessThan(WORST_MS);
        }
        // Fails closed: the code is refused, and stays unused.
        const started = performance.now();
        expect(await exchange(1)).toMatchObject({
          status: 400,
          body: {
            error: 'invalid_grant',
            error_description: expect.stringMatching(/could not check in time/),
          },
        });
        expect(performance.now() - started).toBeLessThan(WORST_MS);
      } finally {
        await phase.end();
      }
      // One line per instance for the whole episode, however many requests met it.
      expect([0, 1].map((index) => countLines(index, 'shared store unavailable'))).toEqual(
        warnings.map((count) => count + 1),
      );
      await sleep(REDIS_TIMEOUTS.retryMs);
      const after = await callMcp(0, '198.51.100.3');
      expect(after.answer.headers.get('ratelimit')).toMatch(/^"per-client";r=\d+;t=\d+$/);
      await callMcp(1, '198.51.100.3');
      expect([0, 1].map((index) => countLines(index, 'shared store available again'))).toEqual(
        recoveries.map((count) => count + 1),
      );
      if (phase.name === 'down') {
        // A code refused because Redis could not be reached was not used up. (A paused Redis
        // may still run the claim it received before the time-out, so no such promise then.)
        expect((await exchange(0)).status).toBe(200);
        expect((await exchange(1)).status).toBe(400);
      }
    }
  });
});
