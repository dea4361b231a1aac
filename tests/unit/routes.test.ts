import { getTransformedRoutes, pathToRegexp } from '@vercel/routing-utils';
import { describe, expect, it } from 'vitest';
import { config as middlewareConfig } from '../../middleware.js';
import {
  buildMiddlewareMatcher,
  isAgentDocument,
  PAGE_MATCHER,
  readDocumentCounting,
} from '../../src/service/middleware-matcher.ts';
import { MEDIA_TYPES } from '../../src/service/media-types.ts';
import { SECURITY_HEADERS } from '../../src/service/route-policies.ts';
import {
  BUILT_IN_ROUTES,
  buildRouteTable,
  listRulePaths,
  type Surface,
} from '../../src/service/routes.ts';
import {
  buildVercelConfig,
  GLOBAL_HEADER_SOURCE,
  listRuleHeaders,
  listSurfaceHeaders,
} from '../../src/service/vercel-config.ts';
import { VercelRouter, type RoutingRequest } from '../../src/server/vercel-routing.ts';
import { listSitePages } from '../../src/service/site-pages.ts';

// A site with a content page of its own, so every check below covers a content page's surfaces.
const ROUTES = buildRouteTable(listSitePages(['about-us']));
const { surfaces: SURFACES, pages: SITE_PAGES } = ROUTES;
const findSurface = (path: string) => ROUTES.findSurface(path);
const config = buildVercelConfig(SURFACES);

/** The paths that stand for a surface: its literal paths, its renamed file and its sample. */
function listExamples(surface: Surface): string[] {
  const literal = listRulePaths(surface).filter((path) => !path.includes('*'));
  return [...new Set([...literal, surface.sample.path])];
}

const EXAMPLES = SURFACES.flatMap((surface) =>
  listExamples(surface).map((path) => ({ id: surface.id, path, surface })),
);

function request(pathname: string): RoutingRequest {
  return { pathname, searchParams: new URLSearchParams(), header: () => undefined };
}

/** The build as the table describes it: each surface's files, and the api/ functions. */
const router = new VercelRouter(config, {
  isFile: (path) =>
    SURFACES.some(
      (surface) =>
        surface.answer.kind === 'file' &&
        listExamples(surface).includes(path) &&
        !(surface.answer.file && surface.paths.includes(path)),
    ),
  isFunction: (path) =>
    SURFACES.some(({ answer }) => answer.kind === 'function' && path === `/api/${answer.name}`),
});

describe('buildVercelConfig', () => {
  it('should write every source one way, each dot escaped', () => {
    const sources = [...config.rewrites, ...config.headers].map((rule) => rule.source);
    for (const source of sources) {
      expect(source, source).toMatch(/^\//);
      expect(source.replace(/\\\./g, '').replace(/\.\*/g, ''), source).not.toContain('.');
    }
  });

  it('should let no path of the table match two surface rules', () => {
    const rules = config.headers
      .filter((rule) => rule.source !== GLOBAL_HEADER_SOURCE)
      .map((rule) => {
        const { routes } = getTransformedRoutes({ headers: [rule] });
        const src = (routes?.[0] as { src: string } | undefined)?.src ?? '';
        return { source: rule.source, pattern: new RegExp(src) };
      });
    for (const { path, surface } of EXAMPLES) {
      const matching = rules.filter(({ pattern }) => pattern.test(path)).map((r) => r.source);
      const own = Object.keys(listRuleHeaders(surface)).length > 0 ? 1 : 0;
      expect(matching, path).toHaveLength(own);
    }
  });

  it.each(EXAMPLES)(
    'should give $path the security headers and exactly the rule headers of $id',
    ({ path, surface }) => {
      expect(router.route(request(path)).headers).toEqual({
        ...SECURITY_HEADERS,
        ...listRuleHeaders(surface),
      });
    },
  );

  it("should send a page's usage preferences with every spelling of its file", () => {
    const withUsage = new VercelRouter(buildVercelConfig(SURFACES, { contentUsage: 'ai=n' }), {
      isFile: () => true,
      isFunction: () => false,
    });
    for (const path of ['/', '/index.html', '/docs', '/docs/', '/docs/index.html', '/about-us/']) {
      const { headers } = withUsage.route(request(path));
      expect(headers['Content-Usage'], path).toBe('ai=n');
      expect(headers.Vary, path).toBe('Accept');
    }
    expect(withUsage.route(request('/404.html')).headers['Content-Usage']).toBeUndefined();
  });

  it('should leave only the Link of a negotiated page to its negotiation', () => {
    for (const surface of SURFACES) {
      const left = Object.keys(listSurfaceHeaders(surface)).filter(
        (name) => !(name in listRuleHeaders(surface)),
      );
      expect(left, surface.id).toEqual(surface.markdownMirror && surface.link ? ['Link'] : []);
    }
  });

  it.each(SURFACES.filter((surface) => surface.sample.status !== 404))(
    'should send the sample of $id to what answers it',
    (surface) => {
      const { target } = router.route(request(surface.sample.path));
      const { answer } = surface;
      if (answer.kind === 'function') {
        expect(target).toEqual({ kind: 'function', pathname: `/api/${answer.name}` });
      } else {
        expect(target).toMatchObject({
          kind: 'file',
          pathname: answer.file ?? surface.sample.path,
        });
      }
    },
  );

  it('should declare a media type of MEDIA_TYPES for every surface a rule types', () => {
    for (const surface of SURFACES.filter((s) => s.mediaTypeSource === 'route')) {
      expect(surface.mediaType && MEDIA_TYPES[surface.mediaType], surface.id).toBeTruthy();
    }
  });
});

describe('findSurface', () => {
  it.each(EXAMPLES)('should find $id for $path', ({ path, surface }) => {
    expect(findSurface(path)).toBe(surface);
  });

  it("should hold the other spellings of a page's file in its page, and leave unknown pages to the site files", () => {
    expect(findSurface('/developers/').id).toBe('page-developers');
    expect(findSurface('/developers/index.html').id).toBe('page-developers');
    expect(findSurface('/index.html').id).toBe('page-home');
    expect(findSurface('/about-us/').id).toBe('page-about-us');
    for (const path of ['/no-such-page', '/no-such-page/', '/404.html', '/developers/x.html']) {
      expect(findSurface(path).id, path).toBe('site-files');
    }
  });
});

describe('buildRouteTable', () => {
  it('should give a content page its page and Markdown mirror, before every family', () => {
    expect(findSurface('/about-us')).toMatchObject({
      id: 'page-about-us',
      markdownMirror: '/about-us.md',
      mediaType: 'html',
    });
    expect(findSurface('/about-us.md')).toMatchObject({ id: 'mirror-about-us' });
    expect(ROUTES.findPage('/about-us/')).toMatchObject({ section: 'content', name: 'about-us' });
    expect(SURFACES.findIndex((surface) => surface.id === 'page-about-us')).toBeLessThan(
      SURFACES.findIndex((surface) => surface.id === 'site-files'),
    );
  });

  it('should leave a content page that the site does not have to the site files', () => {
    expect(BUILT_IN_ROUTES.findSurface('/about-us').id).toBe('site-files');
    expect(BUILT_IN_ROUTES.findPage('/about-us')).toBeUndefined();
  });
});

describe("the middleware's matcher (middleware.js, as vercel.ts writes it)", () => {
  // Vercel turns each matcher into a regular expression with routing-utils' pathToRegexp
  // (@vercel/build-utils getRegExpFromMatchers); tests/build/vercel-build.test.ts checks the result.
  const compile = (matchers: readonly string[]) =>
    matchers.map((matcher) => new RegExp(pathToRegexp('middleware', matcher).source));
  const pagesOnly = compile(buildMiddlewareMatcher(SURFACES, { countAgentDocuments: false }));
  const counting = compile(buildMiddlewareMatcher(SURFACES, { countAgentDocuments: true }));
  const matches = (path: string, patterns = pagesOnly) =>
    patterns.some((pattern) => pattern.test(path));
  const negotiated = SURFACES.filter((surface) => surface.markdownMirror).flatMap((surface) =>
    surface.paths.flatMap((path) => (path === '/' ? [path] : [path, `${path}/`])),
  );

  it('should hold in middleware.js the matcher computed by default, so a default build writes none', () => {
    expect(middlewareConfig).toEqual({ runtime: 'nodejs', matcher: [PAGE_MATCHER] });
    expect(buildMiddlewareMatcher(SURFACES, { countAgentDocuments: false })).toEqual([
      PAGE_MATCHER,
    ]);
  });

  it('should run on every page the table negotiates Markdown on, in both spellings', () => {
    expect(negotiated).toHaveLength(SITE_PAGES.length * 2 - 1);
    expect(negotiated.filter((path) => !matches(path))).toEqual([]);
  });

  it('should not run on any other path of the table, nor on paths that only start like one', () => {
    const others = EXAMPLES.filter(({ surface }) => !surface.markdownMirror).map(
      ({ path }) => path,
    );
    expect(others.filter((path) => matches(path))).toEqual([]);
    for (const path of [
      '/api',
      '/oauth/',
      '/mcp/anything',
      '/a2a',
      '/insight',
      '/_astro/page.css',
      '/copy/x.md',
    ])
      expect(matches(path), path).toBe(false);
    for (const path of ['/apis', '/mcpx', '/oauthority', '/insights', '/errors/new_code'])
      expect(matches(path), path).toBe(true);
  });

  it('should also run on every agent document, and on nothing else new, when counting them', () => {
    const documents = EXAMPLES.filter(({ surface }) => isAgentDocument(surface)).map(
      ({ path }) => path,
    );
    expect(documents).toEqual(
      expect.arrayContaining([
        '/llms.txt',
        '/llms-full.txt',
        '/index.md',
        '/about-us.md',
        '/copy/product.md',
        '/.well-known/api-catalog',
        '/.well-known/oauth-protected-resource',
        '/.well-known/agent-card.json',
      ]),
    );
    expect(documents.filter((path) => !matches(path, counting))).toEqual([]);
    expect(negotiated.filter((path) => !matches(path, counting))).toEqual([]);
    const others = EXAMPLES.filter(
      ({ surface }) =>
        !surface.markdownMirror &&
        !isAgentDocument(surface) &&
        !surface.paths[0]?.startsWith('/.well-known/'),
    ).map(({ path }) => path);
    expect(others.filter((path) => matches(path, counting))).toEqual([]);
    for (const path of ['/robots.txt', '/sitemap.xml', '/openapi.json', '/_astro/page.css'])
      expect(matches(path, counting), path).toBe(false);
    // Well under Vercel's 4,096 characters per route source, whatever the number of pages.
    for (const pattern of counting) expect(pattern.source.length).toBeLessThan(1024);
  });
});

describe('readDocumentCounting', () => {
  it('should count agent documents only when asked, and never with INSIGHT=off', () => {
    expect(readDocumentCounting({})).toBe(false);
    expect(readDocumentCounting({ INSIGHT_COUNT_DOCUMENTS: ' ON ' })).toBe(true);
    expect(readDocumentCounting({ INSIGHT_COUNT_DOCUMENTS: 'yes' })).toBe(false);
    expect(readDocumentCounting({ INSIGHT_COUNT_DOCUMENTS: 'on', INSIGHT: 'off' })).toBe(false);
  });
});
