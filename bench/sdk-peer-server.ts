// The peer: the official MCP TypeScript SDK serving our read-only tools over its stateless
// streamable HTTP transport, on node:http, so the benchmark compares transports and frameworks
// over the same tool work. POST /mcp only; clients must send
// `Accept: application/json, text/event-stream` (the SDK answers 406 otherwise). No initialize is
// needed: a stateless transport validates no session.
//
// Pattern: the SDK's own stateless example (src/examples/server/simpleStatelessStreamableHttp.ts,
// docs/server.md "Stateless vs stateful sessions"): a new McpServer and a new
// StreamableHTTPServerTransport({ sessionIdGenerator: undefined }) for every request, both closed
// when the response closes. The SDK requires it: a stateless transport refuses a second request
// and a server refuses a second transport while connected. Everything the tools compute from
// (the site, the search index, the schemas) is built once, as our server does.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createServer, type ServerResponse } from 'node:http';
import { z } from 'zod';
import { MCP_AGENT_VERSION } from '../src/service/versions.ts';
import { SHARED_OUTPUT_SCHEMAS } from '../src/mcp/tool-descriptors.ts';
import { buildToolRunners, MCP_TOOLS } from '../src/mcp/tool-registry.ts';
import { OverviewSchema } from '../src/schemas/overview.ts';
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
  MCP_TOOLS.map((tool) => [
    tool.name as string,
    {
      input: tool.inputSchema(content),
      output: tool.outputSchema({ ...SHARED_OUTPUT_SCHEMAS, overview: OverviewOutputSchema }),
    },
  ]),
);

const serverInfo = {
  name: `${content.company.alternateName.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-facts`,
  title: `${content.company.alternateName} facts`,
  version: MCP_AGENT_VERSION,
};

/** One request's server: every tool registered with the names, texts and schemas we publish. */
function createPeerServer(): McpServer {
  const server = new McpServer(serverInfo);
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
        inputSchema: schema.input,
        outputSchema: schema.output,
        annotations: {
          title: descriptor.title,
          readOnlyHint: true,
          destructiveHint: false,
          idempotentHint: true,
          openWorldHint: false,
        },
      },
      (args: unknown): CallToolResult => {
        const { structuredContent, text } = runner.run(args);
        return { content: [{ type: 'text', text }], structuredContent };
      },
    );
  }
  return server;
}

function sendJsonRpcError(response: ServerResponse, status: number, code: number, message: string) {
  response.writeHead(status, { 'Content-Type': 'application/json' });
  response.end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}

const httpServer = createServer(async (request, response) => {
  const path = new URL(request.url ?? '/', 'http://localhost').pathname;
  if (path !== '/mcp') {
    request.resume();
    sendJsonRpcError(response, 404, -32000, 'Not found.');
    return;
  }
  if (request.method !== 'POST') {
    request.resume();
    response.setHeader('Allow', 'POST');
    sendJsonRpcError(response, 405, -32000, 'Method not allowed.');
    return;
  }
  const server = createPeerServer();
  // Stateless: no sessionIdGenerator (the SDK's `sessionIdGenerator: undefined`, left out because
  // of exactOptionalPropertyTypes; the transport reads the same undefined). JSON answers, no SSE.
  const transport = new StreamableHTTPServerTransport({ enableJsonResponse: true });
  response.on('close', () => {
    void transport.close();
    void server.close();
  });
  try {
    await server.connect(transport);
    // No parsed body: the transport reads and parses the request itself.
    await transport.handleRequest(request, response);
  } catch {
    if (!response.headersSent) sendJsonRpcError(response, 500, -32603, 'Internal server error');
  }
});

const port = Number(process.env.PORT);
httpServer.listen(port, '127.0.0.1', () => {
  console.log(`SDK peer listening on http://127.0.0.1:${port}/mcp`);
});
