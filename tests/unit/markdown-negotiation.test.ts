import { describe, expect, it } from 'vitest';
import { negotiatePage, prefersMarkdown } from '../../src/http/markdown-negotiation.ts';
import { buildRouteTable } from '../../src/service/routes.ts';
import { listSitePages } from '../../src/service/site-pages.ts';
import { listSurfaceHeaders } from '../../src/service/vercel-config.ts';

describe('prefersMarkdown', () => {
  it.each([
    ['text/markdown', true],
    ['text/markdown, text/html;q=0.9', true],
    ['text/html;q=0.5, text/markdown', true],
    ['text/markdown, text/html, */*', true],
    ['text/html, text/markdown', true],
    ['text/markdown;q=0.9, */*;q=0.1', true],
  ])('should choose Markdown for %s', (accept, expected) => {
    expect(prefersMarkdown(accept)).toBe(expected);
  });

  it.each([
    [undefined],
    [''],
    ['*/*'],
    ['text/*'],
    ['text/html'],
    ['text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8'],
    ['text/markdown;q=0.5, text/html'],
    ['text/markdown;q=0'],
    ['text/markdown;q=0.5, text/*'],
  ])('should keep HTML the default for %s', (accept) => {
    expect(prefersMarkdown(accept)).toBe(false);
  });
});

describe('negotiatePage', () => {
  // A site with a content page of its own, negotiated like the main pages.
  const routes = buildRouteTable(listSitePages(['about-us']));
  const findSurface = (path: string) => routes.findSurface(path);
  const negotiate = (path: string, accept: string) => negotiatePage(routes, path, accept);

  it('should name the Markdown mirror of a page when Markdown is preferred', () => {
    expect(negotiate('/', 'text/markdown')?.markdownPath).toBe('/index.md');
    expect(negotiate('/developers/', 'text/markdown')?.markdownPath).toBe('/developers.md');
  });

  it("should give the Markdown answer its mirror's headers, canonical Link and CORS included", () => {
    expect(negotiate('/docs', 'text/markdown')?.headers).toEqual({
      ...listSurfaceHeaders(findSurface('/docs.md')),
      Vary: 'Accept',
    });
    expect(negotiate('/', 'text/markdown')?.headers).toMatchObject({
      'Content-Type': 'text/markdown; charset=utf-8',
      'Access-Control-Allow-Origin': '*',
      Link: '</>; rel="canonical"; type="text/html"',
      Vary: 'Accept',
    });
  });

  it("should give the HTML answer Vary and the page's Link, which its vercel.json rule leaves out", () => {
    expect(negotiate('/developers', 'text/html')?.headers).toEqual({
      Vary: 'Accept',
      Link: findSurface('/developers').link,
    });
  });

  it('should negotiate pages only, keeping HTML by default', () => {
    expect(negotiate('/docs', '*/*')?.markdownPath).toBeUndefined();
    expect(negotiate('/llms.txt', 'text/markdown')).toBeUndefined();
    expect(negotiate('/auth.md', 'text/markdown')).toBeUndefined();
    expect(negotiate('/errors/not_found.md', 'text/markdown')).toBeUndefined();
    expect(negotiate('/errors/no_such_code', 'text/markdown')).toBeUndefined();
    const withoutPages = buildRouteTable(listSitePages([]));
    expect(negotiatePage(withoutPages, '/about-us', 'text/markdown')).toBeUndefined();
  });

  it('should answer the content pages, the error pages and the glossary with their Markdown versions', () => {
    for (const [path, markdownPath] of [
      ['/about-us', '/about-us.md'] as const,
      ['/about-us/', '/about-us.md'] as const,
      ['/errors', '/errors.md'] as const,
      ['/errors/not_found', '/errors/not_found.md'] as const,
      ['/errors/invalid_grant/', '/errors/invalid_grant.md'] as const,
      ['/glossary', '/glossary.md'] as const,
    ]) {
      expect(negotiate(path, 'text/markdown')?.markdownPath, path).toBe(markdownPath);
      expect(negotiate(path, 'text/html')?.headers.Link, path).toContain(
        `<${markdownPath}>; rel="alternate"; type="text/markdown"`,
      );
    }
  });
});
