import { MCP_TOOL_MODULES } from '../generated/mcp-tool-modules.ts';
import { siteSnapshot } from '../generated/site-snapshot.ts';
import type { PageSearchData } from '../documents/page-search.ts';
import type { Stemmer } from '../documents/search-terms.ts';
import { buildSiteDocuments } from '../documents/site-documents.ts';
import { collectMcpTools, type McpSite } from '../mcp/tool-registry.ts';

/** The content language's stemmer (none for English), a chunk of its own loaded by a search. */
async function loadSearchStemmer(): Promise<Stemmer | undefined> {
  return (await import('../generated/search-stemmer.ts')).stemContentWord;
}

let pageSearch: Promise<PageSearchData> | undefined;

/**
 * The built pages' sections and the content language's stop words, unpacked from their own chunk
 * of the bundle (none before a build), with that language's stemmer (none for English).
 */
async function loadPageSearch(): Promise<PageSearchData> {
  const [{ PACKED_PAGE_SECTIONS }, { unpackPageSections }, stem] = await Promise.all([
    import('../generated/page-sections.ts'),
    import('./packed-page-sections.ts'),
    loadSearchStemmer(),
  ]);
  const file =
    PACKED_PAGE_SECTIONS === null
      ? { sections: [], stopWords: [] }
      : unpackPageSections(PACKED_PAGE_SECTIONS);
  return { ...file, stem };
}

/**
 * The built site: every public document, computed once from the build's content snapshot, and the
 * MCP tools, one a file of src/mcp/tools/ (the build lists them in a generated module). The built
 * pages' sections (what the search dialog searches) are loaded and unpacked with the first search;
 * none before a build.
 */
export const site: McpSite = {
  ...buildSiteDocuments(siteSnapshot),
  tools: collectMcpTools(MCP_TOOL_MODULES),
  pageSearch: () => (pageSearch ??= loadPageSearch()),
  searchStemmer: loadSearchStemmer,
};
