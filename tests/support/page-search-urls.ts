import { searchPages, type buildPageSearchIndex } from '../../src/documents/page-search.ts';

/** The URLs of the sections an index finds for a query, as the dialog lists them (three a page). */
export function listSearchUrls(
  index: ReturnType<typeof buildPageSearchIndex>,
  query: string,
): string[] {
  return searchPages(index, query, { limit: 10, perPage: 3 }).hits.map((hit) => hit.url);
}
