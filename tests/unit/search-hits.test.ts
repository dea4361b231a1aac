import { describe, expect, it } from 'vitest';
import { readSearchablePath } from '../../src/integrations/search-index.ts';
import {
  buildSearchHits,
  decodeCharacterReferences,
  splitSnippet,
} from '../../src/reference/search-hits.ts';

describe('splitSnippet', () => {
  it('should mark the words inside Pagefind mark tags and keep everything else as text', () => {
    expect(splitSnippet('a <mark>rate_limited</mark> answer &lt;img src=x&gt;')).toEqual([
      { text: 'a ', mark: false },
      { text: 'rate_limited', mark: true },
      { text: ' answer <img src=x>', mark: false },
    ]);
  });
});

describe('decodeCharacterReferences', () => {
  it('should decode named and numeric references and leave unknown ones alone', () => {
    expect(decodeCharacterReferences('&quot;a&quot; &#39;b&#x27; &amp;c &bogus; &#0;')).toBe(
      `"a" 'b' &c &bogus; &#0;`,
    );
  });
});

describe('buildSearchHits', () => {
  const docs = {
    url: '/docs/',
    excerpt: 'the <mark>docs</mark>',
    meta: { title: 'API reference' },
    sub_results: [
      { title: 'API reference', url: '/docs/', excerpt: 'top <mark>docs</mark>' },
      { title: 'Limits', url: '/docs/#limits', excerpt: '<mark>docs</mark> limits' },
      { title: 'Schemas', url: '/docs/#schemas', excerpt: 'schemas' },
    ],
  };

  it('should give each hit its page, its section (not the page title) and a tidy URL', () => {
    expect(buildSearchHits([docs], { limit: 10, perPage: 2 })).toEqual([
      { url: '/docs', page: 'API reference', snippet: splitSnippet('top <mark>docs</mark>') },
      {
        url: '/docs#limits',
        page: 'API reference',
        section: 'Limits',
        snippet: splitSnippet('<mark>docs</mark> limits'),
      },
    ]);
  });

  it('should fall back to the page excerpt and keep the root URL, within the limit', () => {
    const home = { url: '/', excerpt: '<mark>home</mark>', meta: { title: 'Home' } };
    const hits = buildSearchHits([home, docs], { limit: 2, perPage: 3 });
    expect(hits.map((hit) => hit.url)).toEqual(['/', '/docs']);
  });
});

describe('readSearchablePath', () => {
  it('should index the pages for people and the error pages, and nothing else', () => {
    expect(readSearchablePath('index.html')).toBe('/');
    expect(readSearchablePath('docs/index.html')).toBe('/docs');
    expect(readSearchablePath('errors/rate_limited/index.html')).toBe('/errors/rate_limited');
    expect(readSearchablePath('404.html')).toBeUndefined();
    expect(readSearchablePath('docs.md')).toBeUndefined();
    expect(readSearchablePath('oauth/consent/index.html')).toBeUndefined();
  });
});
