import { describe, expect, it } from 'vitest';
import { negotiatePage, prefersMarkdown } from '../../src/http/markdown-negotiation.ts';
import { findSurface } from '../../src/service/routes.ts';
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
  it('should name the Markdown mirror of a page when Markdown is preferred', () => {
    expect(negotiatePage('/', 'text/markdown')?.markdownPath).toBe('/index.md');
    expect(negotiatePage('/developers/', 'text/markdown')?.markdownPath).toBe('/developers.md');
  });

  it("should give the Markdown answer its mirror's headers, canonical Link and CORS included", () => {
    expect(negotiatePage('/docs', 'text/markdown')?.headers).toEqual({
      ...listSurfaceHeaders(findSurface('/docs.md')),
      Vary: 'Accept',
    });
    expect(negotiatePage('/', 'text/markdown')?.headers).toMatchObject({
      'Content-Type': 'text/markdown; charset=utf-8',
      'Access-Control-Allow-Origin': '*',
      Link: '</>; rel="canonical"; type="text/html"',
      Vary: 'Accept',
    });
  });

  it("should give the HTML answer Vary and the page's Link, which its vercel.json rule leaves out", () => {
    expect(negotiatePage('/developers', 'text/html')?.headers).toEqual({
      Vary: 'Accept',
      Link: findSurface('/developers').link,
    });
  });

  it('should negotiate pages only, keeping HTML by default', () => {
    expect(negotiatePage('/docs', '*/*')?.markdownPath).toBeUndefined();
    expect(negotiatePage('/llms.txt', 'text/markdown')).toBeUndefined();
    expect(negotiatePage('/auth.md', 'text/markdown')).toBeUndefined();
    expect(negotiatePage('/errors/not_found.md', 'text/markdown')).toBeUndefined();
    expect(negotiatePage('/errors/no_such_code', 'text/markdown')).toBeUndefined();
  });

  it('should answer the error pages and the glossary with their Markdown versions', () => {
    for (const [path, markdownPath] of [
      ['/errors', '/errors.md'] as const,
      ['/errors/not_found', '/errors/not_found.md'] as const,
      ['/errors/invalid_grant/', '/errors/invalid_grant.md'] as const,
      ['/glossary', '/glossary.md'] as const,
    ]) {
      expect(negotiatePage(path, 'text/markdown')?.markdownPath, path).toBe(markdownPath);
      expect(negotiatePage(path, 'text/html')?.headers.Link, path).toContain(
        `<${markdownPath}>; rel="alternate"; type="text/markdown"`,
      );
    }
  });
});
