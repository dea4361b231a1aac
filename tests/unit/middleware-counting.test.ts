import { afterEach, describe, expect, it } from 'vitest';
import { createPageMiddleware } from '../../src/http/page-middleware.ts';
import { AgentCatalogue } from '../../src/insight/agent-catalogue.ts';
import { InsightRecorder } from '../../src/insight/insight-recorder.ts';
import { buildInsightReport } from '../../src/insight/insight-report.ts';
import { readDailyTallies } from '../../src/insight/insight-tallies.ts';
import {
  readMiddlewareRead,
  withMiddlewareCounting,
} from '../../src/insight/middleware-counting.ts';
import { buildRouteTable } from '../../src/service/routes.ts';
import { listSitePages } from '../../src/service/site-pages.ts';
import { MemoryStore } from '../../src/shared-state/memory-store.ts';

const ROUTES = buildRouteTable(listSitePages(['about-us']));
const PAGES = createPageMiddleware(ROUTES);
const GPTBOT = 'Mozilla/5.0 (compatible; GPTBot/1.2; +https://openai.com/gptbot)';
const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const REQUEST_CONTEXT = Symbol.for('@vercel/request-context');
const globals = globalThis as Record<symbol, unknown>;

afterEach(() => {
  delete globals[REQUEST_CONTEXT];
});

const get = (path: string, headers: Record<string, string> = {}) =>
  new Request(new URL(path, 'https://facts.example'), { headers });

describe('withMiddlewareCounting', () => {
  it('should be the page middleware itself while INSIGHT_COUNT_DOCUMENTS is not on', () => {
    let loads = 0;
    const load = async () => {
      loads += 1;
      return null;
    };
    for (const env of [{}, { INSIGHT_COUNT_DOCUMENTS: 'on', INSIGHT: 'off' }]) {
      expect(withMiddlewareCounting(PAGES, ROUTES, env, load)).toBe(PAGES);
    }
    expect(loads).toBe(0);
  });

  it("should count the reads it passes through after the answer, under Vercel's waitUntil", async () => {
    const store = new MemoryStore();
    const recorder = new InsightRecorder({ store, catalogue: new AgentCatalogue() });
    const middleware = withMiddlewareCounting(
      PAGES,
      ROUTES,
      { INSIGHT_COUNT_DOCUMENTS: 'on' },
      async () => recorder,
    );
    const kept: Promise<unknown>[] = [];
    globals[REQUEST_CONTEXT] = {
      get: () => ({ waitUntil: (p: Promise<unknown>) => kept.push(p) }),
    };
    const llms = middleware(get('/llms.txt', { 'user-agent': GPTBOT }));
    expect(llms.headers.get('x-middleware-next')).toBe('1');
    const mirror = middleware(get('/about-us', { 'user-agent': GPTBOT, accept: 'text/markdown' }));
    expect(mirror.headers.get('x-middleware-rewrite')).toBe('https://facts.example/about-us.md');
    // A person's page read, a context's own waitUntil, and a path that is no document or page.
    const fromContext: Promise<unknown>[] = [];
    middleware(get('/about-us', { 'user-agent': BROWSER }), {
      waitUntil: (p) => fromContext.push(p),
    });
    middleware(get('/no-such-page'));
    expect(kept).toHaveLength(2);
    expect(fromContext).toHaveLength(1);
    await Promise.all([...kept, ...fromContext]);
    const days = await readDailyTallies(store, Date.now(), 1);
    if (!Array.isArray(days)) throw new Error('the memory store is always available');
    const report = buildInsightReport(days, store.kind);
    expect(report.surfaces).toEqual(
      expect.arrayContaining([
        { surface: 'llms-txt', agents: 1, people: 0 },
        { surface: 'mirror-about-us', agents: 1, people: 0 },
        { surface: 'page-about-us', agents: 0, people: 1 },
      ]),
    );
    expect(report.totals).toEqual({ requests: 3, agents: 2, people: 1 });
    expect(report.markdownShareOfAgentReads).toBeCloseTo(1 / 2);
  });
});

describe('readMiddlewareRead', () => {
  it('should name the surface, route and media type the CDN serves, and nothing for others', () => {
    const read = (path: string) => readMiddlewareRead(ROUTES, get(path), PAGES(get(path)));
    expect(read('/copy/product.md')).toMatchObject({
      surface: 'copy',
      route: '/copy/*.md',
      status: 200,
      contentType: 'text/markdown; charset=utf-8',
    });
    expect(read('/.well-known/api-catalog')).toMatchObject({ surface: 'api-catalog' });
    expect(read('/developers/')).toMatchObject({ surface: 'page-developers' });
    for (const path of ['/robots.txt', '/mcp', '/.well-known/mcp-registry-auth', '/favicon.svg'])
      expect(read(path), path).toBeUndefined();
  });
});
