// The mcp-handler peer: Vercel's `mcp-handler` 2.x (over the MCP SDK v2) serving our six tools, as
// a Next.js route or a Vercel function would mount it. Its handler is web-standard (Request in,
// Response out); here node:http reaches it through the SDK's own Node adapter (`toNodeHandler` of
// @modelcontextprotocol/node), as the SDK v2 peer is reached. Everything the tools compute from is built once,
// as our server does. POST /mcp only.
import { toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler } from 'mcp-handler';
import { listenForMcp } from './peer-http.ts';
import { PEER_SERVER_INFO, registerPeerTools } from './peer-tools.ts';

const handler = createMcpHandler((server) => registerPeerTools(server as never), {
  serverInfo: PEER_SERVER_INFO,
  // No tracer provider is registered; say so, so no span work is attempted.
  telemetry: false,
});
const serve = toNodeHandler({ fetch: handler });

listenForMcp('mcp-handler peer', serve);
