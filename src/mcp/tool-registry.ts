import type * as z from 'zod/mini';
import { isMcpTool, type McpTool, type ToolSite } from './tool-definition.ts';

/**
 * Every tool exported by the given modules (the files of src/mcp/tools/, listed by the build in
 * src/generated/mcp-tool-modules.ts), in the order tools/list publishes them: by name. A tool is
 * one file; no list names it.
 */
export function collectMcpTools(modules: Iterable<Record<string, unknown>>): McpTool[] {
  const tools = [...modules].flatMap((module) => Object.values(module).filter(isMcpTool));
  const names = new Set<string>();
  for (const { name } of tools) {
    if (names.has(name)) throw new Error(`Two MCP tools are named ${name} (src/mcp/tools/)`);
    names.add(name);
  }
  return tools.sort((a, b) => a.name.localeCompare(b.name));
}

/** A site's documents with the tools that answer over them: what the MCP endpoint serves. */
export interface McpSite extends ToolSite {
  readonly tools: readonly McpTool[];
}

/** What a tool call produces: the structured result and the text block that carries it. */
export interface ToolOutput {
  readonly structuredContent: Record<string, unknown>;
  readonly text: string;
}

/** The run-time half of a tool: validate the arguments, compute the answer. */
export interface McpToolRunner {
  readonly inputSchema: z.ZodMiniType;
  run(args: unknown): Promise<ToolOutput>;
}

/**
 * Prepares every tool over one site's documents, by name. Their names, titles, descriptions and
 * JSON Schemas come from the build (tool-descriptors.ts, through the site snapshot).
 */
export function buildToolRunners(site: McpSite): ReadonlyMap<string, McpToolRunner> {
  return new Map(
    site.tools.map((tool) => {
      const prepared = tool.prepare(site);
      const runner: McpToolRunner = {
        inputSchema: tool.inputSchema(site.content),
        run: async (args) => {
          const { structuredContent, text } = await prepared.run(args as never);
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
