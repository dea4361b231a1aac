import { OAUTH_ERRORS } from './oauth-errors.ts';
import { JSON_RPC_ERRORS } from './mcp-protocol.ts';
import { ENDPOINT_ERRORS, STANDARD_ERRORS } from './error-kinds.ts';

/** One error a client can receive, as its explanation page at /errors/<code> describes it. */
export interface CatalogueEntry {
  readonly code: string;
  readonly status: number;
  readonly title: string;
  readonly detail: string;
  readonly hint?: string;
  readonly resolution?: string;
  /** The body it comes in: an RFC 9457 problem, or an OAuth error body with problem members. */
  readonly body: 'problem' | 'oauth';
}

/**
 * Every error code the service answers with, by status and then code, as a reader looks one up;
 * each problem `type` and OAuth `error_uri` is {origin}/errors/<code>, and each has a page.
 */
export function listErrorCatalogue(): CatalogueEntry[] {
  const entries: CatalogueEntry[] = [
    ...[...STANDARD_ERRORS, ...ENDPOINT_ERRORS].map((kind) => ({
      ...kind,
      body: 'problem' as const,
    })),
    ...Object.entries(OAUTH_ERRORS).map(([code, kind]) => ({
      code,
      ...kind,
      body: 'oauth' as const,
    })),
  ];
  return entries.sort(
    (a, b) => a.status - b.status || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0),
  );
}

/** What each JSON-RPC error code of the MCP endpoint means here (JSON-RPC 2.0 §5.1, MCP). */
export const JSON_RPC_ERROR_MEANINGS: Readonly<Record<keyof typeof JSON_RPC_ERRORS, string>> = {
  parseError: 'The body is not valid JSON.',
  invalidRequest: 'Not a JSON-RPC 2.0 message, or a batch the protocol version does not allow.',
  methodNotFound: 'The method does not exist (HTTP 404 in protocol 2026-07-28).',
  invalidParams: 'Invalid params or tool arguments, an unknown tool, or an invalid cursor.',
  internalError: 'The server failed; nothing about the failure is disclosed.',
  resourceNotFound: 'No resource has this URI (protocol versions up to 2025-11-25).',
  headerMismatch: 'An Mcp-Method, Mcp-Name or MCP-Protocol-Version header disagrees with the body.',
  unsupportedProtocolVersion: 'The MCP-Protocol-Version header names a version this server lacks.',
};
