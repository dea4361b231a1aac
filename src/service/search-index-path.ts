/**
 * Where the build writes the pages' search sections and the header's search box fetches them: the
 * route table's `search-index` surface. A module of its own, so the page's script names the path
 * without loading the search code.
 */
export const PAGE_SEARCH_INDEX_PATH = '/search-index.json';
