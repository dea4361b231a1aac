import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { getTransformedRoutes, mergeRoutes, type Route } from '@vercel/routing-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countMarkdownTokens } from '../../src/documents/markdown-token-count.ts';
import { createPageMiddleware } from '../../src/http/page-middleware.ts';
import {
  addMarkdownTokenRoutes,
  countMarkdownAnswers,
  renderMarkdownTokensModule,
} from '../../src/integrations/markdown-tokens.ts';
import {
  buildMarkdownTokenRules,
  carriesMarkdownTokens,
  MARKDOWN_TOKENS_HEADER,
  readMarkdownTokenCounts,
} from '../../src/service/markdown-tokens.ts';
import { BUILT_IN_ROUTES } from '../../src/service/routes.ts';
import { routeOutput, type OutputRoute } from '../support/vercel-output-routes.ts';

describe('countMarkdownTokens', () => {
  it('should count o200k_base tokens, the encoding of GPT-4o', () => {
    // "hello world" is two tokens in o200k_base (and in cl100k_base); an empty body is none.
    expect(countMarkdownTokens('hello world')).toBe(2);
    expect(countMarkdownTokens('')).toBe(0);
  });

  it('should count a special token written in a document as text, never refuse it', () => {
    expect(countMarkdownTokens('before <|endoftext|> after')).toBeGreaterThan(3);
  });

  it('should count text in any script, where four characters a token would undercount', () => {
    const japanese = '株式会社みなとは東京のパン屋です。毎朝焼きたてのパンをお届けします。';
    expect(countMarkdownTokens(japanese)).toBeGreaterThan(japanese.length / 2);
  });
});

describe('carriesMarkdownTokens', () => {
  const carries = (path: string) => carriesMarkdownTokens(BUILT_IN_ROUTES.findSurface(path));

  it('should hold for Markdown answers, llms.txt and llms-full.txt', () => {
    for (const path of [
      '/index.md',
      '/docs.md',
      '/copy/product.md',
      '/documents/overview.md',
      '/auth.md',
      '/AGENTS.md',
      '/sitemap.md',
      '/.well-known/agent-skills/any-skill/SKILL.md',
      '/llms.txt',
      '/llms-full.txt',
    ]) {
      expect(carries(path), path).toBe(true);
    }
  });

  it('should not hold for pages, JSON documents, robots.txt or other files', () => {
    for (const path of ['/', '/docs', '/api/v1/overview', '/robots.txt', '/favicon.svg']) {
      expect(carries(path), path).toBe(false);
    }
  });
});

describe('addMarkdownTokenRoutes', () => {
  const counts = new Map([
    ['/docs.md', 120],
    ['/.well-known/agent-skills/x/SKILL.md', 7],
  ]);
  /** What the Vercel adapter writes for a static site. */
  const adapterConfig = {
    version: 3,
    routes: [
      { src: '^/_astro(?:/(.*))$', headers: { 'cache-control': 'immutable' }, continue: true },
      { handle: 'filesystem' },
      { src: '^/.*$', dest: '/404.html', status: 404 },
    ] as Route[],
  };

  it('should put a header route per file before the filesystem phase, keeping the adapter routes', () => {
    const { routes = [] } = addMarkdownTokenRoutes(adapterConfig, counts);
    expect(routes).toHaveLength(adapterConfig.routes.length + counts.size);
    expect(routes.slice(1, 3)).toEqual([
      {
        src: '^(?:/(docs\\.md))$',
        headers: { [MARKDOWN_TOKENS_HEADER]: '120' },
        continue: true,
      },
      {
        src: '^(?:/(\\.well-known/agent-skills/x/SKILL\\.md))$',
        headers: { [MARKDOWN_TOKENS_HEADER]: '7' },
        continue: true,
      },
    ]);
    expect(routes[3]).toEqual({ handle: 'filesystem' });
  });

  it("should reach the requested path alone once the Vercel CLI merges them with vercel.ts's rules", async () => {
    const { routes = [] } = addMarkdownTokenRoutes(adapterConfig, counts);
    // The CLI's merge (packages/cli build: mergeRoutes of the project's and the framework's routes).
    const user = getTransformedRoutes({
      headers: [
        { source: '/(.*)', headers: [{ key: 'X-Content-Type-Options', value: 'nosniff' }] },
      ],
    });
    const merged = mergeRoutes({
      userRoutes: user.routes ?? [],
      builds: [{ use: '@vercel/static-build', entrypoint: 'package.json', routes: [...routes] }],
    }) as OutputRoute[];
    const route = (path: string) =>
      routeOutput(merged, tmpdir(), new Set(), { method: 'GET', path, headers: {} }, () =>
        Promise.reject(new Error('no middleware')),
      );
    expect((await route('/docs.md')).routeHeaders).toEqual({
      [MARKDOWN_TOKENS_HEADER]: '120',
      'x-content-type-options': 'nosniff',
    });
    for (const path of ['/docs', '/docs.mdx', '/xdocs.md', '/docs/md'])
      expect((await route(path)).routeHeaders[MARKDOWN_TOKENS_HEADER], path).toBeUndefined();
  });

  it('should refuse a config.json without a filesystem phase', () => {
    expect(() => addMarkdownTokenRoutes({ routes: [] }, counts)).toThrow(/filesystem/);
  });
});

describe('buildMarkdownTokenRules', () => {
  it('should refuse a path that is a pattern', () => {
    expect(() => buildMarkdownTokenRules(new Map([['/copy/*.md', '1']]))).toThrow(/\*/);
  });
});

describe('countMarkdownAnswers', () => {
  let dir: string;
  const files: Record<string, string> = {
    'index.md': '# Home\n\nHello world.\n',
    'llms.txt': '# Site\n\n> A summary.\n',
    'copy/product.md': '## Product\n',
    'docs/index.html': '<h1>Docs</h1>',
    'robots.txt': 'User-agent: *\n',
    '_astro/notes.md': '# not an answer\n',
    'api/v1/overview': '{}',
  };
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'markdown-tokens-'));
    for (const [file, text] of Object.entries(files)) {
      await mkdir(dirname(join(dir, file)), { recursive: true });
      await writeFile(join(dir, file), text);
    }
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('should count the files of Markdown surfaces only, by path, in path order', async () => {
    const counts = await countMarkdownAnswers(dir, BUILT_IN_ROUTES);
    expect([...counts.keys()]).toEqual(['/copy/product.md', '/index.md', '/llms.txt']);
    expect(counts.get('/index.md')).toBe(countMarkdownTokens(files['index.md'] ?? ''));
    expect(renderMarkdownTokensModule(counts)).toContain('"/index.md": ');
  });
});

describe('createPageMiddleware', () => {
  const counts = readMarkdownTokenCounts({ '/index.md': 42, '/docs.md': 9 });
  const middleware = createPageMiddleware(BUILT_IN_ROUTES, counts);
  const call = (path: string, accept: string) =>
    middleware(new Request(`https://site.example${path}`, { headers: { accept } }));

  it("should send a page's Markdown answer with its mirror's count, on every spelling of the page", () => {
    for (const [path, tokens] of [
      ['/', '42'],
      ['/docs', '9'],
      ['/docs/', '9'],
    ] as const) {
      const answer = call(path, 'text/markdown');
      expect(answer.headers.get('x-middleware-rewrite'), path).toMatch(/\.md$/);
      expect(answer.headers.get(MARKDOWN_TOKENS_HEADER), path).toBe(tokens);
    }
  });

  it('should send no count with the HTML answer, nor for a mirror the build did not count', () => {
    expect(call('/docs', 'text/html').headers.get(MARKDOWN_TOKENS_HEADER)).toBeNull();
    expect(call('/developers', 'text/markdown').headers.get(MARKDOWN_TOKENS_HEADER)).toBeNull();
  });
});
