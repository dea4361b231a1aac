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

/**
 * The shell command that POSTs a JSON-RPC message to the MCP endpoint, one option per line, with
 * any further headers (such as `Authorization: Bearer <ACCESS_TOKEN>`) before the body.
 */
export function buildMcpCurl(
  mcpUrl: string,
  message: unknown,
  extraHeaders: readonly string[] = [],
): string {
  return [
    `curl -s -X POST ${mcpUrl}`,
    "-H 'Content-Type: application/json'",
    "-H 'Accept: application/json, text/event-stream'",
    ...extraHeaders.map((header) => `-H '${header}'`),
    `-d '${JSON.stringify(message)}'`,
  ].join(' \\\n  ');
}
