import type * as z from 'zod/mini';
import type { PublishedToolDescriptor } from '../schemas/mcp-tools.ts';
import { getVersionFeatures, TOOL_HINTS, type VersionFeatures } from '../service/mcp-protocol.ts';
import { noteRequest } from '../http/request-notes.ts';
import { invalidParams, readObjectParams, readPage, type AddMcpMethod } from './method-context.ts';
import { buildToolRunners, type McpSite } from './tool-registry.ts';

/**
 * Adds tools/list (the build's descriptors, shaped for the protocol version) and tools/call.
 * @see MCP 2025-11-25 server/tools
 */
export function addToolMethods(addMethod: AddMcpMethod, site: McpSite): void {
  const tools = site.mcpTools;
  const runners = buildToolRunners(site);

  addMethod('tools/list', (params, context) => {
    const features = getVersionFeatures(context.version);
    const { items, ...next } = readPage('tools/list', tools, readObjectParams(params).cursor);
    return { tools: items.map((tool) => shapeTool(tool, features)), ...next };
  });

  addMethod('tools/call', async (params, context) => {
    const { name, arguments: args } = readObjectParams(params);
    if (typeof name !== 'string') throw invalidParams('tools/call needs params.name (a string)');
    const tool = runners.get(name);
    if (!tool) {
      throw invalidParams(`Unknown tool: ${name}. Call tools/list for the available tools.`, {
        tools: tools.map((entry) => entry.name),
      });
    }
    if (args !== undefined && (args === null || typeof args !== 'object' || Array.isArray(args))) {
      throw invalidParams('params.arguments must be an object');
    }
    const features = getVersionFeatures(context.version);
    const parsed = tool.inputSchema.safeParse(args ?? {});
    if (!parsed.success) {
      const message = `Invalid arguments for ${name}: ${describeIssues(parsed.error)}`;
      // 2025-11-25 (SEP-1303): input validation errors are tool execution errors, so the model sees them.
      if (features.argumentErrorsAsToolResults) {
        return { content: [{ type: 'text', text: message }], isError: true };
      }
      throw invalidParams(message, { issues: parsed.error.issues });
    }
    const { query } = parsed.data as { query?: unknown };
    noteRequest({ mcpTool: name, ...(typeof query === 'string' ? { query } : {}) });
    const output = await tool.run(parsed.data);
    return {
      content: [{ type: 'text', text: output.text }],
      ...(features.titlesAndStructuredContent
        ? { structuredContent: output.structuredContent }
        : {}),
    };
  });
}

/** A tool with the members its protocol version defines (annotations 2025-03-26, titles and outputSchema 2025-06-18). */
function shapeTool(tool: PublishedToolDescriptor, features: VersionFeatures) {
  return {
    name: tool.name,
    ...(features.titlesAndStructuredContent ? { title: tool.title } : {}),
    description: tool.description,
    inputSchema: tool.inputSchema,
    ...(features.titlesAndStructuredContent ? { outputSchema: tool.outputSchema } : {}),
    ...(features.toolAnnotations
      ? {
          annotations: { title: tool.title, ...TOOL_HINTS },
        }
      : {}),
  };
}

/** The issues of a failed argument check in one line, each with its path. */
export function describeIssues(error: z.core.$ZodError): string {
  return error.issues
    .map(
      (issue) => `${issue.path.length > 0 ? issue.path.join('.') : 'arguments'}: ${issue.message}`,
    )
    .join('; ');
}
