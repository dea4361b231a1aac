import {
  formatMcpRegistryAuth,
  MCP_REGISTRY_KEY_VARIABLE,
} from '../documents/mcp-registry-auth.ts';
import { siteUrl } from '../generated/site-origin.ts';
import {
  createMcpRegistryAuthHandler,
  type McpRegistryProof,
} from '../http/mcp-registry-auth-endpoint.ts';
import { toWebExports } from '../http/plain-http.ts';
import { serveFunction } from '../http/serve-function.ts';

/** The proof as the environment sets it, read once per instance. */
function readProof(): McpRegistryProof {
  try {
    const body = formatMcpRegistryAuth(process.env[MCP_REGISTRY_KEY_VARIABLE]);
    return body === undefined ? { kind: 'absent' } : { kind: 'proof', body };
  } catch (error) {
    return { kind: 'invalid', reason: (error as Error).message };
  }
}

/**
 * GET /.well-known/mcp-registry-auth (vercel.json rewrites it here): answered per request, since
 * the key comes from the environment (MCP_REGISTRY_PUBLIC_KEY), not from the build.
 */
export const plain = serveFunction(createMcpRegistryAuthHandler(siteUrl, readProof()), {
  siteUrl,
});

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = toWebExports(plain);
