import { describe, expect, it } from 'vitest';
import { negotiatePage, prefersMarkdown } from '../../src/http/markdown-negotiation.ts';

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
    expect(negotiatePage('/', 'text/markdown')).toEqual({ markdownPath: '/index.md' });
    expect(negotiatePage('/developers/', 'text/markdown')).toEqual({
      markdownPath: '/developers.md',
    });
  });

  it('should negotiate pages only, keeping HTML by default', () => {
    expect(negotiatePage('/docs', '*/*')).toEqual({});
    expect(negotiatePage('/llms.txt', 'text/markdown')).toBeUndefined();
    expect(negotiatePage('/auth.md', 'text/markdown')).toBeUndefined();
    expect(negotiatePage('/errors/not_found', 'text/markdown')).toBeUndefined();
  });
});
