import type * as z from 'zod/mini';
import type { SiteDocuments } from '../documents/site-documents.ts';
import { getAgentDocumentTool } from './tools/get-agent-document.ts';
import { getCompanyOverviewTool } from './tools/get-company-overview.ts';
import { getProductTool } from './tools/get-product.ts';
import { getSiteCopySectionTool } from './tools/get-site-copy-section.ts';
import { listCallsToActionTool } from './tools/list-calls-to-action.ts';
import { searchSiteCopyTool } from './tools/search-site-copy.ts';

/** Every tool of this server, in the order tools/list publishes them. */
export const MCP_TOOLS = [
  getCompanyOverviewTool,
  getProductTool,
  listCallsToActionTool,
  getAgentDocumentTool,
  getSiteCopySectionTool,
  searchSiteCopyTool,
] as const;

export type ToolName = (typeof MCP_TOOLS)[number]['name'];

/** What a tool call produces: the structured result and the text block that carries it. */
export interface ToolOutput {
  readonly structuredContent: Record<string, unknown>;
  readonly text: string;
}

/** The run-time half of a tool: validate the arguments, compute the answer. */
export interface McpToolRunner {
  readonly inputSchema: z.ZodMiniType;
  run(args: unknown): ToolOutput;
}

/**
 * Prepares every tool over one site's documents, by name. Their names, titles, descriptions and
 * JSON Schemas come from the build (tool-descriptors.ts, through the site snapshot).
 */
export function buildToolRunners(site: SiteDocuments): ReadonlyMap<string, McpToolRunner> {
  return new Map(
    MCP_TOOLS.map((tool) => {
      const prepared = tool.prepare(site);
      const runner: McpToolRunner = {
        inputSchema: tool.inputSchema(site.content),
        run: (args) => {
          const { structuredContent, text } = prepared.run(args as never);
          return {
            structuredContent: structuredContent as Record<string, unknown>,
            text: text ?? JSON.stringify(structuredContent, null, 2),
          };
        },
      };
      return [tool.name, runner];
    }),
  );
}
