/**
 * A tool as tools/list publishes it (before shaping for a protocol version); each tool's schemas
 * are declared with the tool itself, in src/mcp/tools/.
 * @see MCP 2025-11-25 server/tools §Tool
 */
export interface PublishedToolDescriptor<Name extends string = string> {
  readonly name: Name;
  readonly title: string;
  readonly description: string;
  readonly inputSchema: Record<string, unknown>;
  readonly outputSchema: Record<string, unknown>;
  /** The arguments of a typical call: the quickstart's tools/call (tools/list leaves it out). */
  readonly example: Record<string, unknown>;
  /** The tool a plain-text question runs (tools/list leaves it out); see findTextSkill. */
  readonly answersText?: true;
}
