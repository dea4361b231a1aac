/* eslint-disable @typescript-eslint/no-explicit-any -- raw JSON-RPC bodies are inspected field by field */
/** How a request is sent: `fetch` over HTTP, or a handler called in-process. */
export type SendRequest = (url: string, init: RequestInit) => Promise<Response>;

/** A raw POST to the MCP endpoint; the response body is parsed when there is one. */
export async function postMcp(
  baseUrl: string,
  body: unknown,
  headers: Record<string, string> = {},
  send: SendRequest = fetch,
): Promise<{ status: number; headers: Headers; body: any }> {
  const response = await send(`${baseUrl}/mcp`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      ...headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: text ? JSON.parse(text) : undefined,
  };
}

/** The per-request metadata a 2026-07-28 client sends. */
export function modernMeta(version = '2026-07-28'): Record<string, unknown> {
  return {
    'io.modelcontextprotocol/protocolVersion': version,
    'io.modelcontextprotocol/clientCapabilities': {},
    'io.modelcontextprotocol/clientInfo': { name: 'raw-test', version: '1.0.0' },
  };
}

/** A 2026-07-28 request with its required headers. */
export async function postModern(
  baseUrl: string,
  method: string,
  params: Record<string, unknown> = {},
  headers: Record<string, string> = {},
  send: SendRequest = fetch,
) {
  const name =
    typeof params.name === 'string'
      ? params.name
      : typeof params.uri === 'string'
        ? params.uri
        : undefined;
  return postMcp(
    baseUrl,
    { jsonrpc: '2.0', id: 1, method, params: { ...params, _meta: modernMeta() } },
    {
      'MCP-Protocol-Version': '2026-07-28',
      'Mcp-Method': method,
      ...(name ? { 'Mcp-Name': name } : {}),
      ...headers,
    },
    send,
  );
}

/** An initialize request of a protocol version, as a raw client sends it. */
export const initialize = (protocolVersion: string, id: number | string = 1) => ({
  jsonrpc: '2.0',
  id,
  method: 'initialize',
  params: { protocolVersion, capabilities: {}, clientInfo: { name: 'raw-test', version: '1.0.0' } },
});

/** A JSON-RPC request of a method with its params. */
export const call = (id: number, method: string, params: Record<string, unknown> = {}) => ({
  jsonrpc: '2.0',
  id,
  method,
  params,
});

/** The names of the tools the MCP endpoint at `baseUrl` publishes, in tools/list's order. */
export async function listPublishedToolNames(baseUrl: string): Promise<string[]> {
  const { status, body } = await postMcp(baseUrl, call(1, 'tools/list'), {
    'MCP-Protocol-Version': '2025-11-25',
  });
  if (status !== 200) throw new Error(`tools/list answered ${status}`);
  return (body.result.tools as { name: string }[]).map((tool) => tool.name);
}
