import { MCP_TOOL_MODULES } from '../generated/mcp-tool-modules.ts';
import { siteSnapshot } from '../generated/site-snapshot.ts';
import { buildSiteDocuments } from '../documents/site-documents.ts';
import { collectMcpTools, type McpSite } from '../mcp/tool-registry.ts';

/**
 * The built site: every public document, computed once from the build's content snapshot, and the
 * MCP tools, one a file of src/mcp/tools/ (the build lists them in a generated module).
 */
export const site: McpSite = {
  ...buildSiteDocuments(siteSnapshot),
  tools: collectMcpTools(MCP_TOOL_MODULES),
};
