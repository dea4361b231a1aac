import { JSONRPCErrorException, type JSONRPCParams, type SimpleJSONRPCMethod } from 'json-rpc-2.0';
import {
  JSON_RPC_ERRORS,
  type McpMethod,
  type ProtocolVersion,
  type VersionFeatures,
} from '../service/mcp-protocol.ts';
import { InvalidCursorError, paginate, type Page } from './pagination.ts';

/** What one JSON-RPC call knows about its request. */
export interface McpCallContext {
  /** The protocol version the request is answered in. */
  readonly version: ProtocolVersion;
}

/** Adds one method of the MCP method table to the server. */
export type AddMcpMethod = (name: McpMethod, method: SimpleJSONRPCMethod<McpCallContext>) => void;

/** A -32602 error for the client. @see JSON-RPC 2.0 §5.1 */
export function invalidParams(message: string, data?: unknown): JSONRPCErrorException {
  return new JSONRPCErrorException(message, JSON_RPC_ERRORS.invalidParams, data);
}

/** The params of a call as an object (absent params are an empty one); by-position params are refused. */
export function readObjectParams(params: JSONRPCParams | undefined): Record<string, unknown> {
  if (params === undefined || params === null) return {};
  if (typeof params !== 'object' || Array.isArray(params)) {
    throw invalidParams('params must be an object');
  }
  return params as Record<string, unknown>;
}

/** One page of a list result; a cursor this list did not issue is -32602. */
export function readPage<T>(list: McpMethod, items: readonly T[], cursor: unknown): Page<T> {
  try {
    return paginate(list, items, cursor);
  } catch (error) {
    if (error instanceof InvalidCursorError) throw invalidParams(error.message);
    throw error;
  }
}

/** An item without its title before 2025-06-18, which defined titles on resources and prompts. */
export function withTitle<T extends { title: string }>(item: T, features: VersionFeatures) {
  if (features.titlesAndStructuredContent) return item;
  const { title: _title, ...rest } = item;
  return rest;
}
