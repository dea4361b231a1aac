import { describe, expect, it } from 'vitest';
import {
  buildPageSearchIndex,
  buildSnippet,
  loadPageSearchIndex,
  readWordTerms,
  searchPages,
  serializePageSections,
  type PageSection,
} from '../../src/documents/page-search.ts';

/** Sections as the build reads them from pages: made up here, so no sample content is assumed. */
const SECTIONS: PageSection[] = [
  {
    url: '/docs',
    page: 'API reference',
    heading: 'API reference',
    text: 'How to call the API, from the first request to the last.',
  },
  {
    url: '/docs#limits',
    page: 'API reference',
    heading: 'Limits',
    text: 'Each client may send 300 requests per minute; over the rate limit it gets a 429 with Retry-After.',
  },
  {
    url: '/docs#auth',
    page: 'API reference',
    heading: 'Getting a token',
    text: 'Register a client, then ask the token endpoint for an access token to send with each call.',
  },
  {
    url: '/errors/rate_limited',
    page: 'Error rate_limited',
    heading: 'Error rate_limited',
    text: 'Too many requests from this client. Wait, then try again.',
  },
  {
    url: '/#about',
    page: 'Société Générale de Boulangerie',
    heading: 'About',
    text: 'Bakers since 1890, from Lyon to 株式会社みなと in Kobe.',
  },
];

const index = buildPageSearchIndex(SECTIONS);
const search = (query: string) => searchPages(index, query, { limit: 10, perPage: 2 });

/** The marked words of every hit's snippet. */
function readMarks(query: string): string[] {
  return search(query).hits.flatMap((hit) =>
    hit.snippet.filter((part) => part.mark).map((part) => part.text),
  );
}

describe('readWordTerms', () => {
  it('should give an identifier as a whole and each of its parts', () => {
    expect(readWordTerms('rate_limited')).toEqual(['rate_limited', 'rate', 'limited']);
    expect(readWordTerms('llms.txt')).toEqual(['llms.txt', 'llms', 'txt']);
  });

  it('should fold case and accents, and give no term for a stop word', () => {
    expect(readWordTerms('Société')).toEqual(['societe']);
    expect(readWordTerms('To')).toEqual([]);
    expect(readWordTerms('how-to')).toEqual(['how-to']);
  });
});

describe('searchPages', () => {
  it('should find a section by a word prefix as it is typed', () => {
    expect(search('lim').hits.map((hit) => hit.url)).toContain('/docs#limits');
  });

  it('should find "rate limit" in the limits section with both words marked', () => {
    const hits = search('rate limit').hits;
    expect(hits.map((hit) => hit.url)).toContain('/docs#limits');
    const limits = hits.find((hit) => hit.url === '/docs#limits');
    const marks = limits?.snippet.filter((part) => part.mark).map((part) => part.text);
    expect(marks).toEqual(expect.arrayContaining(['rate', 'limit']));
  });

  it('should forgive a typo but never match a stop word with it: "tokn" marks "token", not "to"', () => {
    const answer = search('tokn');
    expect(answer.hits[0]?.url).toBe('/docs#auth');
    const marks = readMarks('tokn');
    expect(marks.length).toBeGreaterThan(0);
    expect(new Set(marks.map((mark) => mark.toLowerCase()))).toEqual(new Set(['token']));
  });

  it('should not search a three-letter word with typos', () => {
    expect(search('tok').hits.map((hit) => hit.url)).toEqual(['/docs#auth']);
    expect(search('xyz').hits).toEqual([]);
  });

  it('should find an identifier with its parts, the page that names it first', () => {
    const hits = search('rate_limited').hits;
    expect(hits[0]?.url).toBe('/errors/rate_limited');
    expect(hits[0]?.section).toBeUndefined();
  });

  it('should find non-ASCII names without their accents and by a prefix of a Japanese name', () => {
    expect(search('societe').hits.map((hit) => hit.url)).toEqual(['/#about']);
    expect(search('株式会社').hits.map((hit) => hit.url)).toEqual(['/#about']);
  });

  it('should match any word when no section has every word, and count the pages', () => {
    const answer = search('retry bakers');
    expect(answer.hits.map((hit) => hit.url).sort()).toEqual(['/#about', '/docs#limits']);
    expect(answer.pages).toBe(2);
  });

  it('should list at most perPage sections of one page and limit in all', () => {
    const many = searchPages(index, 'the token limit request', { limit: 10, perPage: 1 });
    const urls = many.hits.map((hit) => hit.url.replace(/#.*/, ''));
    expect(new Set(urls).size).toBe(urls.length);
    expect(searchPages(index, 'request', { limit: 1, perPage: 2 }).hits).toHaveLength(1);
  });

  it('should answer nothing for a query of stop words or punctuation only', () => {
    expect(search('to the').hits).toEqual([]);
    expect(search('«»!?').hits).toEqual([]);
  });
});

describe('buildSnippet', () => {
  it('should cut a long text around the first match and mark it', () => {
    const words = Array.from({ length: 60 }, (_, i) => `w${i}`);
    words[40] = 'needle';
    const parts = buildSnippet(words.join(' '), new Set(['needle']));
    const text = parts.map((part) => part.text).join('');
    expect(text.startsWith('… w34 ')).toBe(true);
    expect(text.endsWith(' …')).toBe(true);
    expect(parts.filter((part) => part.mark)).toEqual([{ text: 'needle', mark: true }]);
  });

  it('should keep markup-like text as text', () => {
    const parts = buildSnippet('a <img src=x> needle', new Set(['needle']));
    expect(parts).toEqual([
      { text: 'a <img src=x> ', mark: false },
      { text: 'needle', mark: true },
    ]);
  });
});

describe('loadPageSearchIndex', () => {
  it('should index the sections the build serialized, as the browser loads them', () => {
    const loaded = loadPageSearchIndex(serializePageSections(SECTIONS));
    expect(searchPages(loaded, 'tokn', { limit: 10, perPage: 2 })).toEqual(search('tokn'));
  });

  it('should refuse a file of another shape with a clear error', () => {
    expect(() => loadPageSearchIndex('{"sections":[{"url":1}]}')).toThrow(
      'The search index is not a list of page sections.',
    );
    expect(() => loadPageSearchIndex('[]')).toThrow('not a list of page sections');
    expect(() => loadPageSearchIndex('not json')).toThrow(SyntaxError);
  });
});
