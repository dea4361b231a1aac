/**
 * The WebMCP tools every page registers, as data: the registration script (AgentSignals.astro)
 * pairs each with its runner, and the page's "For AI agents" note lists them in the HTML, so a
 * scanner that reads only the HTML can tell that the page registers tools.
 * @see https://webmachinelearning.github.io/webmcp/ (ModelContextTool)
 */
export interface WebMcpToolDescriptor {
  readonly name: 'get_overview' | 'search_site' | 'get_page_markdown';
  readonly description: string;
  readonly inputSchema: Record<string, unknown>;
}

export const WEBMCP_TOOLS: readonly WebMcpToolDescriptor[] = [
  {
    name: 'get_overview',
    description:
      "Returns the company's public overview (name, description, tagline, links) from this site's REST API.",
    inputSchema: { type: 'object', properties: {}, additionalProperties: false },
  },
  {
    name: 'search_site',
    description:
      "Searches this site's public copy and returns the best-matching passages with their sources.",
    inputSchema: {
      type: 'object',
      properties: { query: { type: 'string', description: 'What to look for', minLength: 1 } },
      required: ['query'],
      additionalProperties: false,
    },
  },
  {
    name: 'get_page_markdown',
    description: 'Returns the page being viewed as Markdown.',
    inputSchema: { type: 'object', properties: {}, additionalProperties: false },
  },
];
