/**
 * Turns Pagefind's answers into the hits the header's search box lists: the page, the section
 * (the heading the match sits under) and a snippet whose matches are marked.
 * @see https://pagefind.app/docs/api/ (result data, sub_results)
 */

/** One section of a page as Pagefind returns it. */
export interface PagefindSubResult {
  readonly title: string;
  readonly url: string;
  readonly excerpt: string;
}

/** The data of one Pagefind result (a page). */
export interface PagefindPageData {
  readonly url: string;
  readonly excerpt: string;
  readonly meta: { readonly title?: string };
  readonly sub_results?: readonly PagefindSubResult[];
}

/** A part of a snippet: plain text, or a matched word (`mark`). */
export interface SnippetPart {
  readonly text: string;
  readonly mark: boolean;
}

export interface SearchHit {
  readonly url: string;
  readonly page: string;
  /** The heading the match sits under, when it is not the page's own title. */
  readonly section?: string;
  readonly snippet: readonly SnippetPart[];
}

const ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
};

/** Decodes the character references of Pagefind's HTML-escaped text. */
export function decodeCharacterReferences(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code =
        name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/**
 * Splits an excerpt into text and marked parts. Only Pagefind's own `<mark>` tags are read; any
 * other markup stays text, so nothing of the excerpt is ever parsed as HTML.
 */
export function splitSnippet(excerpt: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  let mark = false;
  for (const piece of excerpt.split(/(<\/?mark>)/)) {
    if (piece === '<mark>' || piece === '</mark>') {
      mark = piece === '<mark>';
      continue;
    }
    if (piece) parts.push({ text: decodeCharacterReferences(piece), mark });
  }
  return parts;
}

/** A result URL without the trailing slash of a folder's index (the site's own spelling). */
function tidyUrl(url: string): string {
  return url.replace(/^(\/.+?)\/(#|$)/, '$1$2');
}

/**
 * The hits for a list of page results, best page first: up to `perPage` sections of each page,
 * at most `limit` in all.
 */
export function buildSearchHits(
  pages: readonly PagefindPageData[],
  options: { readonly limit: number; readonly perPage: number },
): SearchHit[] {
  const hits: SearchHit[] = [];
  for (const data of pages) {
    const page = decodeCharacterReferences(data.meta.title ?? data.url);
    const sections = (data.sub_results ?? []).slice(0, options.perPage);
    const entries =
      sections.length > 0 ? sections : [{ title: page, url: data.url, excerpt: data.excerpt }];
    for (const entry of entries) {
      const section = decodeCharacterReferences(entry.title);
      hits.push({
        url: tidyUrl(entry.url),
        page,
        ...(section && section !== page ? { section } : {}),
        snippet: splitSnippet(entry.excerpt),
      });
    }
  }
  return hits.slice(0, options.limit);
}
