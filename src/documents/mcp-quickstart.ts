import { formatCurlSample, type SampleRequest } from './code-samples.ts';
import { QUICKSTART_MCP_PROTOCOL_VERSION } from '../service/versions.ts';

/** A JSON-RPC 2.0 request, its members in the order every published example shows them. */
export function buildRpcRequest(id: number, method: string, params: Record<string, unknown>) {
  return { jsonrpc: '2.0', id, method, params };
}

/** The quickstart's initialize request, with the dated protocol version of docs/spec.md §9.5. */
export function buildQuickstartInitialize(clientName = 'example-agent') {
  return buildRpcRequest(1, 'initialize', {
    protocolVersion: QUICKSTART_MCP_PROTOCOL_VERSION,
    capabilities: {},
    clientInfo: { name: clientName, version: '1.0.0' },
  });
}

/** The quickstart's tools/list request. */
export const QUICKSTART_TOOLS_LIST = buildRpcRequest(2, 'tools/list', {});

/** The headers every quickstart request to the MCP endpoint sends. */
export const MCP_SAMPLE_HEADERS = [
  ['Content-Type', 'application/json'],
  ['Accept', 'application/json, text/event-stream'],
] as const;

/**
 * A JSON-RPC message POSTed to the MCP endpoint, with any further headers (such as
 * `Authorization: Bearer <ACCESS_TOKEN>`) after the quickstart's own.
 * @see MCP 2025-11-25 basic/transports §Sending Messages to the Server
 */
export function buildMcpRequest(
  mcpUrl: string,
  message: unknown,
  extraHeaders: readonly string[] = [],
): SampleRequest {
  return {
    method: 'POST',
    url: mcpUrl,
    headers: [
      ...MCP_SAMPLE_HEADERS,
      ...extraHeaders.map((header): [string, string] => {
        const colon = header.indexOf(': ');
        return [header.slice(0, colon), header.slice(colon + 2)];
      }),
    ],
    body: { kind: 'json', value: message },
  };
}

/**
 * The shell command that POSTs a JSON-RPC message to the MCP endpoint, one option per line, with
 * any further headers (such as `Authorization: Bearer <ACCESS_TOKEN>`) before the body.
 */
export function buildMcpCurl(
  mcpUrl: string,
  message: unknown,
  extraHeaders: readonly string[] = [],
): string {
  return formatCurlSample(buildMcpRequest(mcpUrl, message, extraHeaders));
}

/**
 * What the quickstart says of its tools/call: the tool, and the arguments its example sends (the
 * tools are sorted by name, so the first may well need some). `code` marks a name as code: a
 * Markdown code span, or an HTML `<code>` element.
 */
export function describeQuickstartCall(
  tool: { readonly name: string; readonly example: Record<string, unknown> },
  code: (name: string) => string,
): string {
  const names = Object.keys(tool.example).map(code);
  if (names.length === 0) return `${code(tool.name)} takes no arguments`;
  const list = new Intl.ListFormat('en', { type: 'conjunction' }).format(names);
  return `${code(tool.name)}, with its example's ${names.length === 1 ? 'argument' : 'arguments'} ${list}`;
}

/** The MCP quickstart's three steps (initialize, tools/list, one tools/call) as requests. */
export function listMcpQuickstartSteps(
  mcpUrl: string,
  firstTool: { readonly name: string; readonly example: Record<string, unknown> },
): { label: string; request: SampleRequest }[] {
  return [
    { label: 'MCP initialize', request: buildMcpRequest(mcpUrl, buildQuickstartInitialize()) },
    { label: 'MCP tools/list', request: buildMcpRequest(mcpUrl, QUICKSTART_TOOLS_LIST) },
    {
      label: 'MCP tools/call',
      request: buildMcpRequest(
        mcpUrl,
        buildRpcRequest(3, 'tools/call', { name: firstTool.name, arguments: firstTool.example }),
      ),
    },
  ];
}
