import { JsonRpcResponseSchema } from '../schemas/json-rpc.ts';
import { McpEndpointMetadataSchema } from '../schemas/mcp-endpoint-metadata.ts';
import type { AuditCheck, AuditContext, CheckScope } from './audit-check.ts';
import { getJson, parseWith } from './audit-expectations.ts';
import { mediaTypeOf, parseJson, type AuditResponse } from './audit-http.ts';
import { SPEC } from './check-sources.ts';

/** POSTs one JSON-RPC message to the MCP endpoint as a streamable HTTP client does. */
function postMcpMessage(context: AuditContext, endpoint: string, body: unknown, token?: string) {
  return context.http.request(endpoint, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
}

/** Reads a JSON-RPC result from a JSON or single-event SSE answer. */
function readRpcResult(scope: CheckScope, response: AuditResponse, method: string) {
  if (!scope.expect(response.status === 200, `${method} answered ${response.status}`))
    return undefined;
  const text =
    mediaTypeOf(response) === 'text/event-stream'
      ? response.text
          .split('\n')
          .filter((line) => line.startsWith('data:'))
          .map((line) => line.slice(5).trim())
          .join('')
      : response.text;
  const message = parseWith(scope, `${method} answer`, JsonRpcResponseSchema, parseJson(text));
  if (!message) return undefined;
  if (message.error) {
    scope.fail(`${method} failed: ${message.error.code} ${message.error.message}`);
    return undefined;
  }
  return message.result as Record<string, unknown> | undefined;
}

/** docs/spec.md's MCP endpoint, anonymous and with the token the OAuth checks obtained. */
export const SPEC_MCP_CHECKS: readonly AuditCheck[] = [
  {
    id: 'mcp-endpoint',
    title: 'MCP endpoint: metadata, initialize and tools/list (anonymous and with the token)',
    sources: [SPEC('§2 McpEndpointMetadata'), SPEC('§4 MCP'), 'MCP streamable HTTP'],
    fix: 'GET /mcp must answer McpEndpointMetadata; POST /mcp must answer initialize and tools/list with read-only tools, with or without the bearer token.',
    async run(context, scope) {
      const endpoint = `${context.origin}/mcp`;
      parseWith(
        scope,
        'GET /mcp',
        McpEndpointMetadataSchema,
        await getJson(context, scope, '/mcp'),
      );
      const init = readRpcResult(
        scope,
        await postMcpMessage(context, endpoint, {
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: {
            protocolVersion: '2024-11-05',
            capabilities: {},
            clientInfo: { name: 'agent-facts-audit', version: '1.0.0' },
          },
        }),
        'initialize',
      );
      const serverInfo = init?.serverInfo as { name?: string; version?: string } | undefined;
      if (
        scope.expect(
          typeof serverInfo?.name === 'string' && typeof serverInfo.version === 'string',
          'initialize has no serverInfo name and version',
        ) &&
        serverInfo?.name &&
        serverInfo.version
      ) {
        context.state.serverInfo = { name: serverInfo.name, version: serverInfo.version };
        context.state.mcpEndpoint = endpoint;
      }
      const list = readRpcResult(
        scope,
        await postMcpMessage(context, endpoint, {
          jsonrpc: '2.0',
          id: 2,
          method: 'tools/list',
          params: {},
        }),
        'tools/list',
      );
      const tools = (list?.tools ?? []) as {
        name: string;
        annotations?: { readOnlyHint?: boolean };
      }[];
      scope.expect(tools.length > 0, 'tools/list is empty');
      const writable = tools.filter(
        (tool) => tool.annotations && tool.annotations.readOnlyHint !== true,
      );
      scope.expect(
        writable.length === 0,
        `tools not marked read-only: ${writable.map((t) => t.name).join(', ')}`,
      );
      context.state.toolNames = tools.map((tool) => tool.name);
      if (context.state.accessToken) {
        readRpcResult(
          scope,
          await postMcpMessage(
            context,
            endpoint,
            { jsonrpc: '2.0', id: 3, method: 'tools/list', params: {} },
            context.state.accessToken,
          ),
          'tools/list with the bearer token',
        );
      }
      scope.note(
        `${serverInfo?.name ?? '?'} ${serverInfo?.version ?? ''}: ${tools.length} read-only tools`,
      );
    },
  },
];
