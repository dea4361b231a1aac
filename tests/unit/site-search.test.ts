import { describe, expect, it } from 'vitest';
import { buildServiceUrls } from '../../src/service/urls.ts';
import { buildPassages, SiteSearchIndex, tokenize } from '../../src/documents/site-search.ts';
import { loadSampleContent } from '../support/sample-content.ts';

const content = await loadSampleContent();
const urls = buildServiceUrls('https://facts.example.com');
const index = new SiteSearchIndex(buildPassages(content, urls));

describe('tokenize', () => {
  it('should lower-case, keep hyphenated words and numbers, and drop stop words', () => {
    expect(tokenize('The ISO/IEC 27001 and door-to-door ETAs')).toEqual([
      'iso',
      'iec',
      '27001',
      'door-to-door',
      'etas',
    ]);
  });
});

describe('SiteSearchIndex.search', () => {
  it('should rank the passage that names the query terms first, with its sources', () => {
    const [top] = index.search('ISO 27001 certified', 3);
    expect(top?.section).toBe('Security and data protection');
    expect(top?.text).toMatch(/27001/);
    expect(top?.source).toBe('https://facts.example.com/copy/security.md');
    expect(top?.page).toBe('https://facts.example.com/#security');
  });

  it('should return at most the limit, ranked by descending score', () => {
    const hits = index.search('container ETA prediction', 4);
    expect(hits).toHaveLength(4);
    expect(hits.map((hit) => hit.rank)).toEqual([1, 2, 3, 4]);
    expect(hits.every((hit, i) => i === 0 || (hits[i - 1]?.score ?? 0) >= hit.score)).toBe(true);
  });

  it('should return nothing for words the copy never uses', () => {
    expect(index.search('zebra xylophone', 5)).toEqual([]);
    expect(index.search('the and of', 5)).toEqual([]);
  });

  it('should cover the product description and every copy section', () => {
    const sections = new Set(buildPassages(content, urls).map((passage) => passage.section));
    expect(sections).toEqual(
      new Set([content.product.name, ...content.copy.map((section) => section.title)]),
    );
  });
});
