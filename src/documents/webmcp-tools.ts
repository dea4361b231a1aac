import type { PublishedToolDescriptor } from '../schemas/mcp-tools.ts';

/**
 * A WebMCP tool every page registers, as data: each MCP tool of the endpoint (run through
 * tools/call on /mcp) and the page's own Markdown version. The registration script
 * (AgentSignals.astro) reads the list from the page, and the page's "For AI agents" note names
 * them in the HTML, so a scanner that reads only the HTML can tell that the page registers tools.
 * @see https://webmachinelearning.github.io/webmcp/ (ModelContextTool)
 */
export interface WebMcpToolDescriptor {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: Record<string, unknown>;
  /** What runs it: the MCP tool of that name, or a fetch of the page's Markdown version. */
  readonly runs: { readonly kind: 'mcp-tool' } | { readonly kind: 'page-markdown' };
}

/** The one WebMCP tool that is no MCP tool: it reads the page being viewed. */
const PAGE_MARKDOWN_TOOL: WebMcpToolDescriptor = {
  name: 'get_page_markdown',
  description: 'Returns the page being viewed as Markdown.',
  inputSchema: { type: 'object', properties: {}, additionalProperties: false },
  runs: { kind: 'page-markdown' },
};

/** The WebMCP tools of every page: the MCP endpoint's tools, then the page's Markdown version. */
export function listWebMcpTools(
  mcpTools: readonly Pick<PublishedToolDescriptor, 'name' | 'description' | 'inputSchema'>[],
): WebMcpToolDescriptor[] {
  return [
    ...mcpTools.map((tool) => ({
      name: tool.name,
      description: tool.description,
      inputSchema: tool.inputSchema,
      runs: { kind: 'mcp-tool' } as const,
    })),
    PAGE_MARKDOWN_TOOL,
  ];
}

/** The list as the page carries it for its script (a meta element's content, escaped by Astro). */
export function serializeWebMcpTools(tools: readonly WebMcpToolDescriptor[]): string {
  return JSON.stringify(tools);
}
