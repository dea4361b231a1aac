import type { SiteContent } from '../schemas/site-content.ts';
import { buildCopyDocumentUrl, type ServiceUrls } from '../service/urls.ts';

/** One searchable passage of the site copy, with where it comes from. */
export interface Passage {
  readonly section: string;
  readonly heading: string;
  readonly text: string;
  /** The Markdown document the passage is part of. */
  readonly source: string;
  /** The passage on the home page, for people. */
  readonly page: string;
}

export interface SearchHit extends Passage {
  readonly rank: number;
  readonly score: number;
}

const STOP_WORDS = new Set(
  'a an and are as at be by for from has have how in is it its of on or our that the their this to was we what when where which who will with you your'.split(
    ' ',
  ),
);

/** Lower-cased word tokens without stop words; digits and hyphenated words kept whole. */
export function tokenize(text: string): string[] {
  return (
    text
      .toLowerCase()
      .normalize('NFKD')
      .match(/[\p{L}\p{N}]+(?:[-'][\p{L}\p{N}]+)*/gu) ?? []
  ).filter((token) => !STOP_WORDS.has(token));
}

/** Splits the product description and every copy section into paragraph passages. */
export function buildPassages(content: SiteContent, urls: ServiceUrls): Passage[] {
  const documents = [
    {
      slug: 'product',
      title: content.product.name,
      body: `${content.product.summary}\n\n${content.product.body}`,
    },
    ...content.copy.map((section) => ({
      slug: section.slug,
      title: section.title,
      body: section.body,
    })),
  ];
  return documents.flatMap(({ slug, title, body }) => {
    const passages: Passage[] = [];
    let heading = title;
    for (const block of body.split(/\n\s*\n/)) {
      const text = block.trim();
      const headingMatch = /^#{1,6}\s+(.+)$/.exec(text);
      if (headingMatch) {
        heading = headingMatch[1] ?? title;
        continue;
      }
      if (text) {
        passages.push({
          section: title,
          heading,
          text: text.replace(/\s*\n\s*/g, ' '),
          source: buildCopyDocumentUrl(urls.origin, slug),
          page: `${urls.home}#${slug}`,
        });
      }
    }
    return passages;
  });
}

interface IndexedPassage {
  readonly passage: Passage;
  readonly terms: ReadonlyMap<string, number>;
  readonly length: number;
}

/** BM25 over the site copy's passages, built once and queried many times. */
export class SiteSearchIndex {
  readonly #passages: readonly IndexedPassage[];
  readonly #documentFrequency = new Map<string, number>();
  readonly #averageLength: number;

  constructor(passages: readonly Passage[]) {
    this.#passages = passages.map((passage) => {
      const tokens = tokenize(`${passage.heading} ${passage.text}`);
      const terms = new Map<string, number>();
      for (const token of tokens) terms.set(token, (terms.get(token) ?? 0) + 1);
      for (const term of terms.keys())
        this.#documentFrequency.set(term, (this.#documentFrequency.get(term) ?? 0) + 1);
      return { passage, terms, length: tokens.length };
    });
    const total = this.#passages.reduce((sum, entry) => sum + entry.length, 0);
    this.#averageLength = total / Math.max(1, this.#passages.length);
  }

  /** The best `limit` passages for a query, best first; passages matching no term are left out. */
  search(query: string, limit: number): SearchHit[] {
    const terms = [...new Set(tokenize(query))];
    const count = this.#passages.length;
    const k1 = 1.2;
    const b = 0.75;
    return this.#passages
      .map((entry, order) => {
        let score = 0;
        for (const term of terms) {
          const frequency = entry.terms.get(term);
          if (!frequency) continue;
          const documents = this.#documentFrequency.get(term) ?? 0;
          const idf = Math.log(1 + (count - documents + 0.5) / (documents + 0.5));
          score +=
            (idf * frequency * (k1 + 1)) /
            (frequency + k1 * (1 - b + (b * entry.length) / this.#averageLength));
        }
        return { entry, order, score };
      })
      .filter((hit) => hit.score > 0)
      .sort((a, b2) => b2.score - a.score || a.order - b2.order)
      .slice(0, limit)
      .map((hit, index) => ({
        ...hit.entry.passage,
        rank: index + 1,
        score: Math.round(hit.score * 1000) / 1000,
      }));
  }
}
