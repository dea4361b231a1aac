import type { PlainRequest } from '../http/plain-http.ts';
import {
  JSON_RPC_ERRORS,
  MCP_HEADERS,
  META_KEYS,
  NAMED_METHODS,
  type ProtocolVersion,
} from '../service/mcp-protocol.ts';
import { asObject, type JsonRpcMessage } from './json-rpc-messages.ts';

/** Why a 2026-07-28 request is refused: the JSON-RPC error it is answered with. */
export interface RequestRefusal {
  readonly code: number;
  readonly message: string;
}

/**
 * Checks a 2026-07-28 request's per-request metadata and its Mcp-Method / Mcp-Name headers;
 * undefined when it follows every rule.
 * @see MCP 2026-07-28 basic/index §Request metadata and basic/transports/streamable-http §Headers
 */
export function checkModernRequest(
  request: PlainRequest,
  message: JsonRpcMessage,
  version: ProtocolVersion,
): RequestRefusal | undefined {
  const { method } = message;
  const params = asObject(message.params);
  const meta = asObject(params?._meta);
  const metaVersion = meta?.[META_KEYS.protocolVersion];
  if (
    !meta ||
    typeof metaVersion !== 'string' ||
    asObject(meta[META_KEYS.clientCapabilities]) === undefined
  ) {
    return {
      code: JSON_RPC_ERRORS.invalidParams,
      message: `params._meta must carry "${META_KEYS.protocolVersion}" and "${META_KEYS.clientCapabilities}" in protocol version ${version}.`,
    };
  }
  if (metaVersion !== version) {
    return {
      code: JSON_RPC_ERRORS.headerMismatch,
      message: `The MCP-Protocol-Version header (${version}) does not match params._meta (${metaVersion}).`,
    };
  }
  const methodHeader = decodeHeaderValue(request.header(MCP_HEADERS.method));
  if (methodHeader !== method) {
    return {
      code: JSON_RPC_ERRORS.headerMismatch,
      message:
        methodHeader === undefined
          ? 'The Mcp-Method header is required.'
          : `The Mcp-Method header (${methodHeader}) does not match the method (${method}).`,
    };
  }
  const nameField = NAMED_METHODS[method];
  if (nameField) {
    const expected = params?.[nameField];
    const nameHeader = decodeHeaderValue(request.header(MCP_HEADERS.name));
    if (typeof expected === 'string' && nameHeader !== expected) {
      return {
        code: JSON_RPC_ERRORS.headerMismatch,
        message:
          nameHeader === undefined
            ? `The Mcp-Name header is required for ${method}.`
            : `The Mcp-Name header (${nameHeader}) does not match params.${nameField} (${expected}).`,
      };
    }
  }
  return undefined;
}

/** Decodes a header value, including the `=?base64?...?=` form for non-ASCII values (2026-07-28). */
function decodeHeaderValue(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const encoded = /^=\?base64\?([A-Za-z0-9+/=]*)\?=$/.exec(value);
  if (!encoded) return value;
  const bytes = Buffer.from(encoded[1] ?? '', 'base64');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}
