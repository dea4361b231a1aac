import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlainAnswer } from '../../src/http/plain-http.ts';
import { noteRequest } from '../../src/http/request-notes.ts';
import { SIGNATURE_LIMITS, SignatureChecker } from '../../src/insight/agent-signature.ts';
import { createInsightHandler, readBearerToken } from '../../src/insight/insight-endpoint.ts';
import {
  InsightRecorder,
  MAX_PENDING_COUNTS,
  withInsight,
} from '../../src/insight/insight-recorder.ts';
import type { InsightReport } from '../../src/insight/insight-report.ts';
import { INSIGHT_DIMENSIONS, MAX_QUERY_LENGTH } from '../../src/insight/insight-tallies.ts';
import { MemoryStore } from '../../src/shared-state/memory-store.ts';
import type { SharedStore } from '../../src/shared-state/shared-store.ts';
import { startDocumentServer, type DocumentServer } from '../support/https-document-server.ts';
import { startSigningAgent, type SigningAgent } from '../support/signing-agent.ts';
import { makePlainRequest, PLAIN_REQUEST_ORIGIN } from '../support/plain-requests.ts';

// The signed URLs and the site's own URL are those of the requests made.
const SITE = PLAIN_REQUEST_ORIGIN;
const TOKEN = 'owner-secret-token';
const GPTBOT =
  'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)';
const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const CLAUDE_USER = 'Mozilla/5.0 (compatible; Claude-User/1.0; +Claude-User@anthropic.com)';

let server: DocumentServer;
let agent: SigningAgent;

beforeAll(async () => {
  server = await startDocumentServer();
  agent = await startSigningAgent(server);
});
afterAll(() => server.close());

function makeRecorder(): InsightRecorder {
  return new InsightRecorder({
    store: new MemoryStore(),
    checker: new SignatureChecker({
      fetchPolicy: { ...server.testPolicy, maxBytes: SIGNATURE_LIMITS.maxDirectoryBytes },
    }),
  });
}

/** A handler that answers Markdown and notes an MCP call with a search query. */
const answerMarkdown = async (): Promise<PlainAnswer> => {
  noteRequest({
    mcpMethod: 'tools/call',
    mcpTool: 'search_site_copy',
    query: '  Pricing   PLANS ',
  });
  return { status: 200, headers: { 'content-type': 'text/markdown; charset=utf-8' }, body: '# Hi' };
};

async function readReport(recorder: InsightRecorder): Promise<InsightReport> {
  const handler = createInsightHandler({
    siteUrl: SITE,
    siteName: 'facts.example',
    token: TOKEN,
    recorder,
  });
  const answer = await handler(
    makePlainRequest('/insight.json', { Authorization: `Bearer ${TOKEN}` }),
  );
  expect(answer.status).toBe(200);
  return JSON.parse(String(answer.body)) as InsightReport;
}

describe('createInsightHandler', () => {
  it('should answer 404 while INSIGHT_TOKEN is unset, whatever is sent', async () => {
    for (const token of [undefined, '', '   ']) {
      const handler = createInsightHandler({
        siteUrl: SITE,
        siteName: 'x',
        token,
        recorder: makeRecorder(),
      });
      const answer = await handler(
        makePlainRequest('/insight.json', { Authorization: 'Bearer anything' }),
      );
      expect(answer.status).toBe(404);
      expect(answer.headers['Cache-Control']).toBe('no-store');
    }
  });

  it('should answer 401 without the token, with a wrong one and with another scheme', async () => {
    const handler = createInsightHandler({
      siteUrl: SITE,
      siteName: 'x',
      token: TOKEN,
      recorder: makeRecorder(),
    });
    for (const authorization of [
      undefined,
      'Bearer wrong',
      `Basic ${TOKEN}`,
      `Bearer ${TOKEN}x`,
      'Bearer',
    ]) {
      const answer = await handler(
        makePlainRequest('/insight', authorization ? { Authorization: authorization } : {}),
      );
      expect(answer.status, authorization).toBe(401);
      expect(answer.headers['WWW-Authenticate']).toBe('Bearer realm="insight"');
      expect(answer.headers['Cache-Control']).toBe('no-store');
      expect(String(answer.body)).not.toContain(TOKEN);
    }
  });

  it('should count known agents, a signing agent and people, and report them with the token', async () => {
    const recorder = makeRecorder();
    const mcp = withInsight(answerMarkdown, { surface: 'mcp', recorder });
    const page = withInsight(
      async () => ({ status: 200, headers: { 'Content-Type': 'text/html' }, body: '<p>' }),
      { surface: 'page-home', recorder },
    );
    for (let i = 0; i < 3; i += 1)
      await mcp(makePlainRequest('/mcp', { 'User-Agent': GPTBOT }, 'POST'));
    for (let i = 0; i < 2; i += 1) await page(makePlainRequest('/', { 'User-Agent': BROWSER }));
    await page(makePlainRequest('/', { 'User-Agent': BROWSER }, 'OPTIONS'));
    const signed = await agent.sign(`${SITE}/`);
    await page(makePlainRequest('/', { 'User-Agent': CLAUDE_USER, ...signed }));
    await page(
      makePlainRequest('/', { 'User-Agent': CLAUDE_USER, ...signed, Signature: 'sig1=:AAAA:' }),
    );
    const report = await readReport(recorder);
    expect(report.totals).toEqual({ requests: 7, agents: 5, people: 2 });
    expect(report.agents).toEqual([
      { name: 'GPTBot', operator: 'OpenAI', kind: 'training-crawler', requests: 3 },
      { name: 'Claude-User', operator: 'Anthropic', kind: 'user-fetch', requests: 2 },
    ]);
    expect(report.verification).toEqual({ verified: 1, claimed: 3, failed: 1 });
    expect(report.verifiedSigners).toEqual([{ name: new URL(server.origin).host, requests: 1 }]);
    expect(report.surfaces).toEqual([
      { surface: 'page-home', agents: 2, people: 2 },
      { surface: 'mcp', agents: 3, people: 0 },
    ]);
    expect(report.markdownShareOfAgentReads).toBeCloseTo(3 / 5);
    expect(report.mcpTools).toEqual([{ name: 'search_site_copy', requests: 3 }]);
    expect(report.mcpMethods).toEqual([{ name: 'tools/call', requests: 3 }]);
    expect(report.searchQueries).toEqual([{ name: 'pricing plans', requests: 3 }]);
    expect(report.daily.at(-1)).toMatchObject({ agents: 5, people: 2 });
    expect(report.daily).toHaveLength(30);
    // Nothing that identifies a client is kept.
    const stored = JSON.stringify(
      await (recorder.store ?? new MemoryStore()).readTallies(
        Object.keys(INSIGHT_DIMENSIONS).map((dimension) => `insight:${report.to}:${dimension}`),
      ),
    );
    expect(stored).toContain('GPTBot');
    expect(JSON.stringify(report) + stored).not.toMatch(/192\.0\.2\.1|Mozilla|sig1=/);
  });

  it('should draw the report as HTML with SVG charts, no script and no inline style', async () => {
    const recorder = makeRecorder();
    const page = withInsight(answerMarkdown, { surface: 'mcp', recorder });
    await page(makePlainRequest('/mcp', { 'User-Agent': '<script>alert(1)</script> GPTBot/1' }));
    const handler = createInsightHandler({
      siteUrl: SITE,
      siteName: 'facts.example',
      token: TOKEN,
      recorder,
    });
    const answer = await handler(
      makePlainRequest('/insight', { Authorization: `Bearer ${TOKEN}` }),
    );
    expect(answer.status).toBe(200);
    expect(answer.headers['Content-Type']).toMatch(/^text\/html/);
    const html = String(answer.body);
    expect(html).toContain('<svg');
    expect(html).not.toMatch(/<script|style=|<style/i);
    // Its look comes from a stylesheet of the same origin, light or dark as the reader's system.
    expect(html).toContain('<link rel="stylesheet" href="/insight.css">');
    expect(html).toContain('<meta name="color-scheme" content="light dark">');
    const css = await handler(makePlainRequest('/insight.css'));
    expect(css.status).toBe(200);
    expect(css.headers['Content-Type']).toBe('text/css; charset=utf-8');
    expect(String(css.body)).toMatch(/prefers-color-scheme: dark/);
    const hidden = createInsightHandler({
      siteUrl: SITE,
      siteName: 'x',
      token: undefined,
      recorder,
    });
    expect((await hidden(makePlainRequest('/insight.css'))).status).toBe(404);
  });

  it('should answer every request of a flood of 2,000 distinct queries and User-Agents, counted within bounds', async () => {
    const recorder = makeRecorder();
    const flood = withInsight(
      async () => {
        noteRequest({ query: `query ${Math.random()} ${'x'.repeat(500)}` });
        return { status: 200, headers: {} };
      },
      { surface: 'mcp', recorder },
    );
    for (let i = 0; i < 2_000; i += 1) {
      const answer = await flood(
        makePlainRequest('/mcp', {
          'User-Agent': `Mozilla/5.0 (compatible; Bot${i}/1.0; crawler)`,
        }),
      );
      expect(answer.status).toBe(200);
    }
    const report = await readReport(recorder);
    expect(report.totals.requests).toBe(2_000);
    const [queries] = (await (recorder.store ?? new MemoryStore()).readTallies([
      `insight:${report.to}:queries`,
    ])) as Record<string, number>[];
    expect(Object.keys(queries ?? {}).length).toBe(INSIGHT_DIMENSIONS.queries + 1);
    expect(queries?.['(other)']).toBe(2_000 - INSIGHT_DIMENSIONS.queries);
    expect(report.searchQueries.every(({ name }) => name.length <= MAX_QUERY_LENGTH)).toBe(true);
  }, 120_000);
});

describe('InsightRecorder', () => {
  it('should hold at most MAX_PENDING_COUNTS counts while the store does not answer', async () => {
    const silent: SharedStore = new MemoryStore();
    silent.tally = () => new Promise(() => undefined);
    const recorder = new InsightRecorder({ store: silent, checker: new SignatureChecker() });
    const page = withInsight(async () => ({ status: 200, headers: {} }), {
      surface: 'page-home',
      recorder,
    });
    for (let i = 0; i < MAX_PENDING_COUNTS + 500; i += 1) {
      expect((await page(makePlainRequest('/', { 'User-Agent': BROWSER }))).status).toBe(200);
    }
    expect(recorder.pendingCounts).toBe(MAX_PENDING_COUNTS);
  }, 60_000);
});

describe('readBearerToken', () => {
  it('should read a bearer token, any case of the scheme, and nothing else', () => {
    expect(readBearerToken('Bearer abc.DEF-1~')).toBe('abc.DEF-1~');
    expect(readBearerToken('bearer abc')).toBe('abc');
    expect(readBearerToken('Bearer a b')).toBeUndefined();
    expect(readBearerToken('Basic abc')).toBeUndefined();
    expect(readBearerToken(undefined)).toBeUndefined();
  });
});
