import * as v2 from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { ChildProcess } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { InsightReport } from '../../src/insight/insight-report.ts';
import { INSIGHT_RETENTION_DAYS } from '../../src/insight/insight-tallies.ts';
import { REDIS_KEY_PREFIX } from '../../src/shared-state/redis-store.ts';
import { startDocumentServer, type DocumentServer } from '../support/https-document-server.ts';
import { postMcp } from '../support/mcp-requests.ts';
import {
  findFreePort,
  NODE,
  ROOT,
  runCommand,
  startServer,
  stopProcess,
} from '../support/processes.ts';
import { startTestRedis, type TestRedis } from '../support/redis-server.ts';
import { startSigningAgent, type SigningAgent } from '../support/signing-agent.ts';

const baseUrl = inject('baseUrl');
const TOKEN = 'insight-test-token-0123456789';
const GPTBOT =
  'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)';
const CHATGPT_USER =
  'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot';
const CLAUDE_USER = 'Mozilla/5.0 (compatible; Claude-User/1.0; +Claude-User@anthropic.com)';
const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

let redis: TestRedis;
let directory: DocumentServer;
let signer: SigningAgent;
const servers: { name: string; url: string; child: ChildProcess }[] = [];

beforeAll(async () => {
  redis = await startTestRedis();
  directory = await startDocumentServer();
  signer = await startSigningAgent(directory);
  for (const name of ['memory', 'redis']) {
    const port = await findFreePort();
    const { child } = await startServer(inject('siteBuild').dir, {
      SITE_URL: baseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      OAUTH_SIGNING_KEYS: '',
      OAUTH_KEYS_FILE: join(await mkdtemp(join(tmpdir(), `insight-${name}-`)), 'keys.json'),
      RATE_LIMIT_MAX: '1000000000',
      INSIGHT_TOKEN: TOKEN,
      ...(name === 'redis' ? { REDIS_URL: redis.url } : {}),
    });
    servers.push({ name, url: `http://127.0.0.1:${port}`, child });
  }
}, 120_000);

afterAll(async () => {
  await Promise.all(servers.map(({ child }) => stopProcess(child)));
  await redis?.stop();
  await directory?.close();
});

/** Reads the report with the owner's token. */
async function readReport(url: string): Promise<InsightReport> {
  const answer = await fetch(`${url}/insight.json`, {
    headers: { Authorization: `Bearer ${TOKEN}` },
  });
  expect(answer.status).toBe(200);
  expect(answer.headers.get('cache-control')).toBe('no-store');
  return (await answer.json()) as InsightReport;
}

/** The requests of one test: known agents, a signing agent (refused: loopback) and people. */
async function sendTraffic(url: string): Promise<void> {
  const get = async (path: string, headers: Record<string, string>) => {
    const answer = await fetch(`${url}${path}`, { headers });
    await answer.arrayBuffer();
    expect(answer.status, `${path} ${JSON.stringify(headers)}`).toBeLessThan(500);
  };
  await get('/llms.txt', { 'User-Agent': GPTBOT });
  await get('/', { 'User-Agent': CHATGPT_USER, Accept: 'text/markdown' });
  await get('/', { 'User-Agent': BROWSER });
  await get('/developers', { 'User-Agent': BROWSER });
  // Its key directory is on a loopback address, which the deployment never fetches: failed.
  await get('/llms.txt', { 'User-Agent': CLAUDE_USER, ...(await signer.sign(`${url}/llms.txt`)) });
  // Oversized and garbled signatures are counted as failed, never a 5xx.
  await get('/llms.txt', {
    'User-Agent': CLAUDE_USER,
    Signature: `sig1=:${'A'.repeat(6000)}:`,
    'Signature-Input': 'sig1=("@authority")',
    'Signature-Agent': '"https://agent.invalid"',
  });
  for (const query of ['Pricing', '  pricing ', 'security']) {
    const call = await postMcp(
      url,
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'search_site_copy', arguments: { query } },
      },
      { 'MCP-Protocol-Version': '2025-11-25', 'User-Agent': GPTBOT },
    );
    expect(call.status).toBe(200);
  }
}

describe('/insight and /insight.json', () => {
  it('should not exist while INSIGHT_TOKEN is unset, and never be cached', async () => {
    for (const path of ['/insight', '/insight.json']) {
      const answer = await fetch(`${baseUrl}${path}`, {
        headers: { Authorization: `Bearer ${TOKEN}` },
      });
      expect(answer.status, path).toBe(404);
      expect(answer.headers.get('cache-control'), path).toBe('no-store');
    }
  });

  it('should refuse a missing or wrong token with 401', async () => {
    const url = servers[0]?.url ?? '';
    for (const headers of [{}, { Authorization: 'Bearer wrong' }, { Authorization: TOKEN }]) {
      for (const path of ['/insight', '/insight.json']) {
        const answer = await fetch(`${url}${path}`, { headers });
        expect(answer.status, path).toBe(401);
        expect(answer.headers.get('www-authenticate')).toBe('Bearer realm="insight"');
        expect(answer.headers.get('cache-control')).toBe('no-store');
      }
    }
  });

  it('should be named by no sitemap, llms.txt or catalog', async () => {
    for (const path of [
      '/sitemap.xml',
      '/llms.txt',
      '/llms-full.txt',
      '/.well-known/api-catalog',
    ]) {
      const text = await (await fetch(`${baseUrl}${path}`)).text();
      expect(text, path).not.toMatch(/\/insight\b/);
    }
  });

  it.each(['memory', 'redis'])(
    'should count agents, their kinds and what they asked, and people, in %s',
    async (name) => {
      const server = servers.find((entry) => entry.name === name);
      if (!server) throw new Error(name);
      const before = await readReport(server.url);
      expect(before.store).toBe(name);
      expect(before.totals.requests).toBe(0);
      await sendTraffic(server.url);
      const report = await readReport(server.url);
      expect(report.totals).toEqual({ requests: 9, agents: 7, people: 2 });
      expect(report.agents).toEqual([
        { name: 'GPTBot', operator: 'OpenAI', kind: 'training-crawler', requests: 4 },
        { name: 'Claude-User', operator: 'Anthropic', kind: 'user-fetch', requests: 2 },
        { name: 'ChatGPT-User', operator: 'OpenAI', kind: 'user-fetch', requests: 1 },
      ]);
      expect(report.verification).toEqual({ verified: 0, claimed: 5, failed: 2 });
      expect(report.mcpTools).toEqual([{ name: 'search_site_copy', requests: 3 }]);
      expect(report.searchQueries).toEqual([
        { name: 'pricing', requests: 2 },
        { name: 'security', requests: 1 },
      ]);
      expect(report.surfaces).toContainEqual({ surface: 'mcp', agents: 3, people: 0 });
      expect(report.surfaces).toContainEqual({ surface: 'mirror-home', agents: 1, people: 0 });
      expect(report.surfaces).toContainEqual({ surface: 'page-home', agents: 0, people: 1 });
      // Markdown: the home page's mirror; the rest are text (llms.txt) and JSON (MCP).
      expect(report.markdownShareOfAgentReads).toBeCloseTo(1 / 7);
      const page = await fetch(`${server.url}/insight`, {
        headers: { Authorization: `Bearer ${TOKEN}` },
      });
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('GPTBot');
      // The terminal prints the same figures.
      const printed = await runCommand(NODE, [`${ROOT}scripts/insight.ts`, server.url], {
        INSIGHT_TOKEN: TOKEN,
      });
      expect(printed.code).toBe(0);
      expect(printed.stdout).toContain('Requests 9: agents 7, people 2');
      expect(printed.stdout).toMatch(/GPTBot\s+OpenAI\s+training-crawler\s+4/);
      const refused = await runCommand(NODE, [`${ROOT}scripts/insight.ts`, server.url], {
        INSIGHT_TOKEN: 'wrong',
      });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('401');
    },
    60_000,
  );

  it('should count the MCP TypeScript SDK, whose requests carry Node’s User-Agent, as an unlisted client, not a person', async () => {
    const url = servers[0]?.url ?? '';
    const before = await readReport(url);
    const client = new Client({ name: 'insight-test-client', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`)));
    expect((await client.listTools()).tools.length).toBeGreaterThan(0);
    await client.close();
    const after = await readReport(url);
    const sent = after.totals.requests - before.totals.requests;
    // initialize, its notification and tools/list at least, each counted once.
    expect(sent).toBeGreaterThanOrEqual(3);
    expect(after.totals.people).toBe(before.totals.people);
    expect(after.totals.agents - before.totals.agents).toBe(sent);
    expect(after.agents).toContainEqual({
      name: 'node',
      operator: 'unknown',
      kind: 'unlisted-client',
      requests: sent,
    });
    expect(after.kinds).toContainEqual({ name: 'unlisted-client', requests: sent });
  });

  it('should count each MCP client by the name it gives: at initialize before 2026-07-28, on every request since', async () => {
    const url = servers[0]?.url ?? '';
    const mcp = new URL(`${url}/mcp`);
    const before = await readReport(url);
    // Each SDK's messages, counted as they leave (the GET of an event stream carries none).
    let modernMessages = 0;
    const countingFetch: typeof fetch = async (input, init) => {
      if (init?.method === 'POST') modernMessages += 1;
      return fetch(input, init);
    };
    const legacy = new Client({ name: 'insight-legacy-client', version: '1.0.0' });
    await legacy.connect(new StreamableHTTPClientTransport(mcp));
    await legacy.listTools();
    await legacy.callTool({ name: 'get_company_overview', arguments: {} });
    await legacy.close();
    const modern = new v2.Client(
      { name: 'insight-modern-client\u0007 ', version: '2.0.0' },
      { versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    await modern.connect(new v2.StreamableHTTPClientTransport(mcp, { fetch: countingFetch }));
    // The second tools/list is answered from the kept result, and counted all the same.
    await modern.listTools();
    await modern.listTools();
    await modern.callTool({ name: 'get_company_overview', arguments: {} });
    await modern.close();
    const after = await readReport(url);
    const added = (name: string) =>
      (after.mcpClients.find((row) => row.name === name)?.requests ?? 0) -
      (before.mcpClients.find((row) => row.name === name)?.requests ?? 0);
    expect(added('insight-legacy-client')).toBe(1);
    expect(modernMessages).toBeGreaterThanOrEqual(3);
    // Its bell character dropped and its space trimmed, it is one name.
    expect(added('insight-modern-client')).toBe(modernMessages);
    const page = await fetch(`${url}/insight`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(await page.text()).toContain('insight-modern-client');
  });

  it('should keep the tallies in Redis for 30 days, without addresses or User-Agents', async () => {
    const keys = String(await redis.command('KEYS', `${REDIS_KEY_PREFIX}insight:*`))
      .split(/[\s,"[\]]+/)
      .filter(Boolean);
    expect(keys.length).toBeGreaterThan(5);
    for (const key of keys) {
      const ttl = Number(await redis.command('TTL', key));
      expect(ttl, key).toBeGreaterThan(0);
      expect(ttl, key).toBeLessThanOrEqual(INSIGHT_RETENTION_DAYS * 24 * 3600);
      const hash = JSON.stringify(await redis.command('HGETALL', key));
      expect(hash).not.toMatch(/127\.0\.0\.1|Mozilla|sig1/);
    }
  });
});
