import type { PublishedToolDescriptor } from '../schemas/mcp-tools.ts';

/**
 * The skill a message with text and no named skill runs: the tool whose only required argument is
 * a string `query` (site search), so a plain question gets an answer. Undefined when no tool fits.
 */
export function findTextSkill(tools: readonly PublishedToolDescriptor[]): string | undefined {
  return tools.find((tool) => {
    const schema = tool.inputSchema as {
      properties?: Record<string, { type?: unknown }>;
      required?: unknown;
    };
    const required = Array.isArray(schema.required) ? schema.required : [];
    return schema.properties?.query?.type === 'string' && required.join() === 'query';
  })?.name;
}
