import { MCP_TOOL_MODULES } from '../generated/mcp-tool-modules.ts';
import { PACKED_PAGE_SECTIONS } from '../generated/page-sections.ts';
import { siteSnapshot } from '../generated/site-snapshot.ts';
import type { PageSection } from '../documents/page-search.ts';
import { buildSiteDocuments } from '../documents/site-documents.ts';
import { collectMcpTools, type McpSite } from '../mcp/tool-registry.ts';
import { unpackPageSections } from './packed-page-sections.ts';

let pageSections: readonly PageSection[] | undefined;

/**
 * The built site: every public document, computed once from the build's content snapshot, and the
 * MCP tools, one a file of src/mcp/tools/ (the build lists them in a generated module). The built
 * pages' sections (what the search dialog searches) are unpacked on first use; none before a build.
 */
export const site: McpSite = {
  ...buildSiteDocuments(siteSnapshot),
  tools: collectMcpTools(MCP_TOOL_MODULES),
  pageSections: () =>
    (pageSections ??=
      PACKED_PAGE_SECTIONS === null ? [] : unpackPageSections(PACKED_PAGE_SECTIONS)),
};
