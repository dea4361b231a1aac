// The Vercel path, measured in-process (npm run bench, section vercel, spawns this script): the MCP
// function's web-standard export (a WHATWG Request in, a Response out, as Vercel's Node runtime
// calls `POST`) against a bare Web-API handler that reads the body and returns our very answer
// (same bytes, same headers), the same function through its plain handler (no web objects: what
// the web wrapper costs), and the peers' web-standard handlers. Every answer's body is read whole,
// as the runtime reads it to send it. Prints one JSON object: requests per second per target.
import { createMcpHandler as createSdkV2Handler, McpServer } from '@modelcontextprotocol/server';
import { createMcpHandler as createHandlerPeer } from 'mcp-handler';
import { plain, POST } from '../api/mcp.js';
import type { PlainRequest } from '../src/http/plain-http.ts';
import { median } from './lib.ts';
import { MCP_HEADERS, TOOLS_CALL, TOOLS_LIST } from './mcp-throughput.ts';
import { PEER_SERVER_INFO, registerPeerTools } from './peer-tools.ts';

const ROUNDS = Number(process.env.WEB_ROUNDS ?? 5);
const ROUND_MS = Number(process.env.WEB_ROUND_MS ?? 1000);
const url = `${process.env.SITE_URL ?? ''}/mcp`;

type Call = () => Promise<unknown>;
const webRequest = (body: string) =>
  new Request(url, { method: 'POST', headers: MCP_HEADERS, body });

/** A bare Web-API handler answering with a fixed Response, after reading the body as ours does. */
async function buildBareHandler(body: string): Promise<(request: Request) => Promise<Response>> {
  const answer = await POST(webRequest(body));
  const bytes = new Uint8Array(await answer.arrayBuffer());
  const headers = [...answer.headers];
  return async (request) => {
    await request.text();
    return new Response(bytes, { status: answer.status, headers });
  };
}

/** A plain request built without any web object, as the local server builds it. */
function plainRequest(body: string): PlainRequest {
  const headers = new Map(Object.entries(MCP_HEADERS));
  return {
    method: 'POST',
    url: new URL(url),
    header: (name) => headers.get(name),
    client: '127.0.0.1',
    text: async () => body,
  };
}

const sdkV2 = createSdkV2Handler(
  () => {
    const server = new McpServer(PEER_SERVER_INFO);
    registerPeerTools(server as never);
    return server;
  },
  { responseMode: 'json' },
);
const handlerPeer = createHandlerPeer((server) => registerPeerTools(server as never), {
  serverInfo: PEER_SERVER_INFO,
  telemetry: false,
});

const targets: Record<string, Call> = {};
for (const [kind, body] of [
  ['List', TOOLS_LIST],
  ['Call', TOOLS_CALL],
] as const) {
  const bare = await buildBareHandler(body);
  targets[`bare${kind}`] = async () => (await bare(webRequest(body))).arrayBuffer();
  targets[`web${kind}`] = async () => (await POST(webRequest(body))).arrayBuffer();
  targets[`plain${kind}`] = () => plain(plainRequest(body));
  targets[`sdk2${kind}`] = async () => (await sdkV2.fetch(webRequest(body))).arrayBuffer();
  targets[`handler${kind}`] = async () => (await handlerPeer(webRequest(body))).arrayBuffer();
}

/** Calls one target back to back for a round; requests per second. */
async function runRound(call: Call): Promise<number> {
  const started = performance.now();
  let count = 0;
  while (performance.now() - started < ROUND_MS) {
    await call();
    count += 1;
  }
  return (count * 1000) / (performance.now() - started);
}

const names = Object.keys(targets);
const rates = Object.fromEntries(names.map((name) => [name, [] as number[]]));
for (const name of names) await runRound(targets[name] as Call); // warm-up
for (let round = 0; round < ROUNDS; round += 1) {
  for (const name of round % 2 === 0 ? names : [...names].reverse()) {
    rates[name]?.push(await runRound(targets[name] as Call));
  }
}
console.log(
  JSON.stringify(
    Object.fromEntries(
      names.map((name) => {
        const values = rates[name] ?? [];
        return [name, { rps: median(values), low: Math.min(...values), high: Math.max(...values) }];
      }),
    ),
  ),
);
process.exit(0);
