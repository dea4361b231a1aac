// The SDK 1.x peer: the official MCP TypeScript SDK (@modelcontextprotocol/sdk) serving our read-only tools over its stateless
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
import { createServer, type ServerResponse } from 'node:http';
import { PEER_SERVER_INFO, registerPeerTools } from './peer-tools.ts';

/** One request's server: every tool registered with the names, texts and schemas we publish. */
function createPeerServer(): McpServer {
  const server = new McpServer(PEER_SERVER_INFO);
  registerPeerTools(server as never);
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
