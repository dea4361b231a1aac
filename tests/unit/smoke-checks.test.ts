import { describe, expect, it } from 'vitest';
import { MEDIA_TYPES } from '../../src/service/media-types.ts';
import { buildRouteTable } from '../../src/service/routes.ts';
import { listSitePages } from '../../src/service/site-pages.ts';

// A site with a content page of its own: its page and mirror are checked like every surface.
const { surfaces: SURFACES } = buildRouteTable(listSitePages(['about-us']));
import { findSmokeFailure, listSmokeChecks, readListenUrl } from '../../scripts/smoke-checks.ts';

describe('listSmokeChecks', () => {
  const checks = listSmokeChecks(SURFACES);

  it('should ask for the sample of every listed surface of the route table, and only those', () => {
    const listed = SURFACES.filter((surface) => surface.listed);
    expect(checks.slice(0, listed.length).map((check) => check.path)).toEqual(
      listed.map((surface) => surface.sample.path),
    );
    expect(checks.map((check) => check.path)).not.toContain('/_astro/page.css');
  });

  it('should expect the media type of a file surface, and none where a function or a redirect sets it', () => {
    expect(checks.find((check) => check.path === '/search-index.json')).toEqual({
      path: '/search-index.json',
      status: 200,
      mediaType: MEDIA_TYPES.json,
    });
    const functionTyped = SURFACES.filter(
      (surface) => surface.listed && surface.mediaTypeSource === 'function',
    );
    expect(functionTyped.length).toBeGreaterThan(0);
    for (const surface of functionTyped)
      expect(checks.find((check) => check.path === surface.sample.path)?.mediaType).toBeUndefined();
  });

  it('should end with the home page negotiated as Markdown', () => {
    expect(checks.at(-1)).toEqual({
      path: '/',
      headers: { Accept: 'text/markdown' },
      status: 200,
      mediaType: MEDIA_TYPES.markdown,
    });
  });
});

describe('findSmokeFailure', () => {
  const check = { path: '/x', status: 200, mediaType: 'text/html; charset=utf-8' };

  it('should pass the same media type however its parameters are spaced or cased', () => {
    expect(findSmokeFailure(check, { status: 200, contentType: 'text/html;charset=UTF-8' })).toBe(
      undefined,
    );
  });

  it('should name the path, what came and what was expected', () => {
    expect(findSmokeFailure(check, { status: 404, contentType: 'text/html' })).toBe(
      '/x: status 404, expected 200',
    );
    expect(findSmokeFailure(check, { status: 200, contentType: null })).toBe(
      '/x: Content-Type (none), expected text/html; charset=utf-8',
    );
    expect(findSmokeFailure({ path: '/y', status: 405 }, { status: 405, contentType: null })).toBe(
      undefined,
    );
  });
});

describe('readListenUrl', () => {
  it('should read HOST and PORT as the server does, and reach a wildcard address on loopback', () => {
    expect(readListenUrl({})).toBe('http://127.0.0.1:4321');
    expect(readListenUrl({ HOST: '0.0.0.0', PORT: '8080' })).toBe('http://127.0.0.1:8080');
    expect(readListenUrl({ HOST: '::1' })).toBe('http://[::1]:4321');
    expect(readListenUrl({ HOST: '::' })).toBe('http://[::1]:4321');
  });
});
