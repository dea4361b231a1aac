import { readFileSync } from 'node:fs';
import { getTransformedRoutes } from '@vercel/routing-utils';
import { describe, expect, it } from 'vitest';
import { config as middlewareConfig } from '../../middleware.ts';
import { MEDIA_TYPES } from '../../src/service/media-types.ts';
import { SECURITY_HEADERS } from '../../src/service/route-policies.ts';
import { findSurface, listRulePaths, SURFACES, type Surface } from '../../src/service/routes.ts';
import {
  buildVercelConfig,
  GLOBAL_HEADER_SOURCE,
  listRuleHeaders,
  listSurfaceHeaders,
} from '../../src/service/vercel-config.ts';
import { VercelRouter, type RoutingRequest } from '../../src/server/vercel-routing.ts';
import { renderVercelJson, VERCEL_JSON_PATH } from '../../scripts/vercel-config.ts';
import { ROOT } from '../support/processes.ts';

const config = buildVercelConfig();

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
  it('should be what the committed vercel.json holds (run `npm run vercel-config`)', async () => {
    expect(readFileSync(VERCEL_JSON_PATH, 'utf8')).toBe(await renderVercelJson());
    expect(VERCEL_JSON_PATH).toBe(`${ROOT}vercel.json`);
  });

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

  it('should leave the other spellings of a page and unknown pages to the site files', () => {
    for (const path of ['/developers/', '/index.html', '/no-such-page', '/404.html']) {
      expect(findSurface(path).id, path).toBe('site-files');
    }
  });
});

describe('middleware.ts', () => {
  it('should run on exactly the paths the table negotiates Markdown on', () => {
    const negotiated = SURFACES.filter((surface) => surface.markdownMirror).flatMap((surface) =>
      surface.paths.flatMap((path) => (path === '/' ? [path] : [path, `${path}/`])),
    );
    expect([...middlewareConfig.matcher].sort()).toEqual(negotiated.sort());
  });
});

/** The cells of a surface's row in the README's Surfaces table. */
function buildReadmeRow(surface: Surface): string[] {
  const paths = surface.paths.map((path) => `\`${path}\``).join(', ');
  const media = surface.mediaType ? `\`${MEDIA_TYPES[surface.mediaType]}\`` : 'by file';
  const status = surface.sample.status === 404 ? ' (404)' : '';
  return [paths, surface.methods.join(', '), `${media}${status}`, surface.cache, surface.cors];
}

describe('SURFACES', () => {
  it("should be listed one row each in the README's Surfaces table", () => {
    const readme = readFileSync(`${ROOT}README.md`, 'utf8');
    const section = readme.slice(readme.indexOf('## Surfaces'), readme.indexOf('## Layout'));
    const rows = section
      .split('\n')
      .filter(
        (line) => line.startsWith('| ') && !line.startsWith('| Path') && !line.includes('---'),
      )
      .map((line) =>
        line
          .slice(1, -1)
          .split(' | ')
          .map((cell) => cell.trim()),
      );
    expect(rows).toEqual(SURFACES.filter((s) => s.listed).map(buildReadmeRow));
  });
});
