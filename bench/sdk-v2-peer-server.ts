// The SDK v2 peer: the official MCP TypeScript SDK v2 (@modelcontextprotocol/server) serving our
// six tools through its serving entry `createMcpHandler`, on node:http through the SDK's own Node
// adapter (`toNodeHandler` of @modelcontextprotocol/node), as its documentation deploys it. The
// factory runs per request (a fresh McpServer, as the entry requires); 2025-era requests such as
// the benchmark's go through the entry's stateless legacy leg, 2026-07-28 ones through its modern
// leg. Everything the tools compute from is built once, as our server does. POST /mcp only.
import { toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler, McpServer } from '@modelcontextprotocol/server';
import { listenForMcp } from './peer-http.ts';
import { PEER_SERVER_INFO, registerPeerTools } from './peer-tools.ts';

const handler = createMcpHandler(
  () => {
    const server = new McpServer(PEER_SERVER_INFO);
    registerPeerTools(server as never);
    return server;
  },
  // JSON answers, no SSE, as our server and the other peers answer.
  { responseMode: 'json' },
);
const serve = toNodeHandler(handler);

listenForMcp('SDK v2 peer', serve);
