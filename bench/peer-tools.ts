// What every MCP peer of the benchmark serves: our tools, with the names, texts and schemas we
// publish and the same runners (so the same search), registered on any SDK's McpServer. Only the
// framework around the tool work differs between the peers and our server.
import { z } from 'zod';
import { SHARED_OUTPUT_SCHEMAS } from '../src/mcp/tool-descriptors.ts';
import { buildToolRunners } from '../src/mcp/tool-registry.ts';
import { OverviewSchema } from '../src/schemas/overview.ts';
import { MCP_AGENT_VERSION } from '../src/service/versions.ts';
import { site } from '../src/site/built-site.ts';

const { content } = site;
const runners = buildToolRunners(site);

/**
 * The overview's output schema without its registry id: with it, the SDK would publish a root
 * $ref where MCP wants the object schema itself (tool-descriptors.ts lifts it out; the SDK cannot).
 * Title, description and the nested OverviewLinks definition stay, as in ours.
 */
const { id: _overviewId, ...overviewMeta } = OverviewSchema.meta() ?? {};
const OverviewOutputSchema = z.strictObject(OverviewSchema.shape).meta(overviewMeta);

/** Each tool's schemas as tool-descriptors.ts publishes them: zod/mini input, output from the tool. */
const schemas = new Map(
  site.tools.map((tool) => [
    tool.name as string,
    {
      input: tool.inputSchema(content),
      output: tool.outputSchema({ ...SHARED_OUTPUT_SCHEMAS, overview: OverviewOutputSchema }),
    },
  ]),
);

/** The server's name, title and version, as ours publishes them. */
export const PEER_SERVER_INFO = {
  name: `${content.company.alternateName.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-facts`,
  title: `${content.company.alternateName} facts`,
  version: MCP_AGENT_VERSION,
};

/** A tool's result as every SDK takes it. */
interface PeerToolResult {
  [key: string]: unknown;
  content: Array<{ type: 'text'; text: string }>;
  structuredContent: Record<string, unknown>;
}

/** The part of an SDK's McpServer the peers use (v1 and v2 share it). */
interface ToolRegistrar {
  registerTool(
    name: string,
    config: {
      title: string;
      description: string;
      inputSchema: never;
      outputSchema: never;
      annotations: Record<string, unknown>;
    },
    run: (args: never) => Promise<PeerToolResult>,
  ): unknown;
}

/** Registers our six tools on an SDK server, each validated by the SDK as it validates any tool. */
export function registerPeerTools(server: ToolRegistrar): void {
  for (const descriptor of site.mcpTools) {
    const runner = runners.get(descriptor.name);
    const schema = schemas.get(descriptor.name);
    if (!runner || !schema) throw new Error(`no runner for tool ${descriptor.name}`);
    server.registerTool(
      descriptor.name,
      {
        title: descriptor.title,
        description: descriptor.description,
        // The zod/mini schemas our server validates with; the SDK validates the same way.
        inputSchema: schema.input as never,
        outputSchema: schema.output as never,
        annotations: {
          title: descriptor.title,
          readOnlyHint: true,
          destructiveHint: false,
          idempotentHint: true,
          openWorldHint: false,
        },
      },
      async (args: unknown): Promise<PeerToolResult> => {
        const { structuredContent, text } = await runner.run(args);
        return { content: [{ type: 'text', text }], structuredContent };
      },
    );
  }
}
