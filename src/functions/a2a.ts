import { createA2aHandler } from '../a2a/http-handler.ts';
import { serveFunction } from '../http/serve-function.ts';
import { toWebExports } from '../http/plain-http.ts';
import { logToStderr } from '../http/problem.ts';
import { readProcessInsight, withInsight } from '../insight/insight-recorder.ts';
import { withBearer } from '../oauth/bearer.ts';
import { answerMissingSigningKeys } from '../oauth/signing-keys-guard.ts';
import { site } from '../site/built-site.ts';

/**
 * The A2A endpoint (vercel.json rewrites /a2a here), stateless: each skill runs the MCP tool of
 * its name. An optional bearer token must verify when sent; `plain` is the local server's path.
 */
export const plain = withInsight(
  serveFunction(
    withBearer(createA2aHandler({ site }), {
      siteUrl: site.siteUrl,
      resourceMetadata: site.urls.protectedResource,
    }),
    { siteUrl: site.siteUrl, failure: answerMissingSigningKeys({ siteUrl: site.siteUrl }) },
  ),
  { surface: 'a2a', recorder: readProcessInsight(logToStderr) },
);

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = toWebExports(plain);
