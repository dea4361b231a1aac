import { MEDIA_TYPES } from '../service/media-types.ts';
import { findErrorKind } from '../service/error-kinds.ts';
import { byMethod } from './methods.ts';
import type { PlainHandler } from './plain-http.ts';
import { problemAnswer } from './problem.ts';

/** What the endpoint answers with: the proof's body, or why there is none. */
export type McpRegistryProof =
  | { readonly kind: 'proof'; readonly body: string }
  | { readonly kind: 'absent' }
  | { readonly kind: 'invalid'; readonly reason: string };

/**
 * GET /.well-known/mcp-registry-auth: the MCP registry's HTTP namespace proof when a public key is
 * set, else a 404 problem like any unknown well-known path. A key that is not a valid Ed25519 key
 * is answered as absent (a proof that cannot verify helps nobody) and logged once, naming the
 * variable, so the owner learns why publishing fails.
 * @see https://github.com/modelcontextprotocol/registry (HTTP authentication of a namespace)
 */
export function createMcpRegistryAuthHandler(
  siteUrl: string,
  proof: McpRegistryProof,
  log: (message: string) => void = (message) => console.error(message),
): PlainHandler {
  if (proof.kind === 'invalid') log(proof.reason);
  return byMethod(siteUrl, {
    GET: async (request) =>
      proof.kind === 'proof'
        ? {
            status: 200,
            headers: {
              'Content-Type': MEDIA_TYPES.text,
              'Cache-Control': 'no-store',
              'Access-Control-Allow-Origin': '*',
            },
            body: `${proof.body}\n`,
          }
        : problemAnswer(siteUrl, { ...findErrorKind('not_found'), instance: request.url.pathname }),
  });
}
