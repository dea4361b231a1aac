/**
 * The requests the try-it consoles of /docs send: relative URLs, so a deploy preview calls its
 * own endpoints as production does, and the headers the MCP endpoint expects of a stateless
 * client (no initialize: from 2025-06-18 the `MCP-Protocol-Version` header selects the version).
 * @see MCP 2025-11-25 basic/transports §Protocol Version Header
 */
import { formatCurlSample, type SampleRequest } from '../documents/code-samples.ts';
import { LATEST_LEGACY_VERSION } from '../service/mcp-protocol.ts';

/** The protocol version the consoles speak: the newest one with tools/call results as today's clients read them. */
export const CONSOLE_MCP_PROTOCOL_VERSION = LATEST_LEGACY_VERSION;

/** A read of a REST operation (GET or HEAD) at a path of this origin. */
export function buildRestConsoleRequest(method: string, path: string): SampleRequest {
  return { method, url: path, headers: [] };
}

/** A tools/call of one tool with the checked arguments, POSTed to the MCP endpoint's path. */
export function buildToolConsoleRequest(
  mcpPath: string,
  toolName: string,
  toolArguments: Readonly<Record<string, unknown>>,
): SampleRequest {
  return {
    method: 'POST',
    url: mcpPath,
    headers: [
      ['Content-Type', 'application/json'],
      ['Accept', 'application/json, text/event-stream'],
      ['MCP-Protocol-Version', CONSOLE_MCP_PROTOCOL_VERSION],
    ],
    body: {
      kind: 'json',
      value: {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: toolName, arguments: toolArguments },
      },
    },
  };
}

/** The curl command of a request a console sent, with its URL made absolute against the page. */
export function formatConsoleCurl(request: SampleRequest, pageUrl: string): string {
  return formatCurlSample({ ...request, url: new URL(request.url, pageUrl).href });
}
