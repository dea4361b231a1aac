import { describe, expect, it } from 'vitest';
import {
  buildPageSearchIndex,
  searchPages,
  type PageSection,
} from '../../src/documents/page-search.ts';
import { listSearchUrls } from '../support/page-search-urls.ts';

describe('searchPages with code blocks', () => {
  /** A request sample that quotes a question, an example body, and the prose that answers them. */
  const CODED: PageSection[] = [
    {
      url: '/#what-it-does',
      page: 'Acme',
      heading: 'What it does',
      text: 'Acme tracks parcels: Acme follows each parcel from the depot to the door and says when it arrives.',
    },
    {
      url: '/docs/api/sendMessage#samples',
      page: 'POST /a2a: Send a message',
      heading: 'Request samples',
      text: 'Example: a question curl JavaScript',
      code: `curl -d '{"parts":[{"text":"What does Acme do?"}]}' fetch(url, { body: 'Acme depot hours?' })`,
    },
    {
      url: '/#about',
      page: 'Acme',
      heading: 'About',
      text: 'Founded in 2019, with offices in Lyon, Kobe and Oslo, and a warehouse by the harbour of each city.',
    },
    {
      url: '/docs/api/getLlmsTxt#example',
      page: 'GET /llms.txt',
      heading: 'Example response',
      text: '200, text/plain',
      code: '# Acme > Acme is based in Oslo.',
    },
  ];
  const coded = buildPageSearchIndex(CODED);

  it('should list a section whose words stand side by side only in its code after better prose', () => {
    // The sample holds "Acme depot" as typed, yet only inside the question it sends.
    expect(listSearchUrls(coded, 'Acme depot').slice(0, 2)).toEqual([
      '/#what-it-does',
      '/docs/api/sendMessage#samples',
    ]);
    // The question it sends asks about Acme (its auxiliary left out): Acme's page comes first.
    const urls = listSearchUrls(coded, 'What does Acme do?');
    expect(urls[0]).toBe('/#what-it-does');
    expect(urls.indexOf('/docs/api/sendMessage#samples')).toBeGreaterThan(urls.indexOf('/#about'));
  });

  it("should weigh a word of a code block less than the same word in a section's prose", () => {
    // The example body is short, so its one "Oslo" outweighed the longer prose's as plain text.
    expect(listSearchUrls(coded, 'Oslo')).toEqual(['/#about', '/docs/api/getLlmsTxt#example']);
  });

  it('should cut the snippet from the code when only the code matched', () => {
    const [hit] = searchPages(coded, 'fetch', { limit: 1, perPage: 1 }).hits;
    expect(hit?.url).toBe('/docs/api/sendMessage#samples');
    expect(hit?.snippet.filter((part) => part.mark).map((part) => part.text)).toEqual(['fetch']);
  });
});
