import type { PublishedToolDescriptor } from '../schemas/mcp-tools.ts';

/** True when a tool's only required argument is a string `query`, so a text can be its call. */
function takesQuery(tool: PublishedToolDescriptor): boolean {
  const schema = tool.inputSchema as {
    properties?: Record<string, { type?: unknown }>;
    required?: unknown;
  };
  const required = Array.isArray(schema.required) ? schema.required : [];
  return schema.properties?.query?.type === 'string' && required.join() === 'query';
}

/**
 * The skill a message with text and no named skill runs: the one tool that says it answers text
 * (`answersText`, the site search over every page), never whichever comes first by name.
 * Undefined when no tool says so; a build whose tools disagree, or whose text tool takes no
 * `query`, fails here, naming them.
 */
export function findTextSkill(tools: readonly PublishedToolDescriptor[]): string | undefined {
  const chosen = tools.filter((tool) => tool.answersText === true);
  if (chosen.length > 1) {
    throw new Error(
      `Only one MCP tool may answer plain text; ${chosen.map((tool) => tool.name).join(' and ')} both say they do`,
    );
  }
  const [tool] = chosen;
  if (tool && !takesQuery(tool)) {
    throw new Error(
      `The MCP tool ${tool.name} answers plain text but its only required argument is not a string query`,
    );
  }
  return tool?.name;
}
