import { serveFunction } from '../http/serve-function.ts';
import { toWebExports, type PlainRequest } from '../http/plain-http.ts';
import { logToStderr } from '../http/problem.ts';
import { readProcessInsight, withInsight } from '../insight/insight-recorder.ts';
import { corsHeaders, createMcpHandler, parseAllowedOrigins } from '../mcp/http-handler.ts';
import { withBearer } from '../oauth/bearer.ts';
import { answerMissingSigningKeys } from '../oauth/signing-keys-guard.ts';
import { site } from '../site/built-site.ts';

/**
 * The MCP endpoint (vercel.json rewrites /mcp here). An optional bearer token must verify when
 * sent; `plain` is the local server's direct path.
 */
const allowedOrigins = parseAllowedOrigins(process.env.MCP_ALLOWED_ORIGINS);
/** The CORS fields of the endpoint's refusals (401, 429), by the same origin rule as its answers. */
const refusalCorsHeaders = (request: PlainRequest) =>
  corsHeaders(request.header('origin'), allowedOrigins);

export const plain = withInsight(
  serveFunction(
    withBearer(createMcpHandler({ site, allowedOrigins }), {
      siteUrl: site.siteUrl,
      resourceMetadata: site.urls.protectedResourceMcp,
      resource: site.urls.mcp,
      corsHeaders: refusalCorsHeaders,
    }),
    {
      siteUrl: site.siteUrl,
      failure: answerMissingSigningKeys({ siteUrl: site.siteUrl }),
      corsHeaders: refusalCorsHeaders,
    },
  ),
  { surface: 'mcp', recorder: readProcessInsight(logToStderr) },
);

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = toWebExports(plain);
