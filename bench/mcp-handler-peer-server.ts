// The mcp-handler peer: Vercel's `mcp-handler` 2.x (over the MCP SDK v2) serving our six tools, as
// a Next.js route or a Vercel function would mount it. Its handler is web-standard (Request in,
// Response out); here node:http reaches it through the SDK's own Node adapter (`toNodeHandler` of
// @modelcontextprotocol/node), as the SDK v2 peer is reached. Everything the tools compute from is built once,
// as our server does. POST /mcp only.
import { toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler } from 'mcp-handler';
import { createServer } from 'node:http';
import { PEER_SERVER_INFO, registerPeerTools } from './peer-tools.ts';

const handler = createMcpHandler((server) => registerPeerTools(server as never), {
  serverInfo: PEER_SERVER_INFO,
  // No tracer provider is registered; say so, so no span work is attempted.
  telemetry: false,
});
const serve = toNodeHandler({ fetch: handler });

const httpServer = createServer((request, response) => {
  if (request.url !== '/mcp') {
    request.resume();
    response.writeHead(404).end();
    return;
  }
  void serve(request as never, response);
});

const port = Number(process.env.PORT);
httpServer.listen(port, '127.0.0.1', () => {
  console.log(`mcp-handler peer listening on http://127.0.0.1:${port}/mcp`);
});
