import { siteUrl } from '../generated/site-origin.ts';
import { toWebExports } from '../http/plain-http.ts';
import { logToStderr } from '../http/problem.ts';
import { readProcessInsight, withInsight } from '../insight/insight-recorder.ts';
import { serveFunction } from '../http/serve-function.ts';
import { answerMissingSigningKeys } from '../oauth/signing-keys-guard.ts';
import { createAuthorizeHandler } from '../oauth/authorize-endpoint.ts';

/** GET /oauth/authorize (vercel.json rewrites it here): authorization code with PKCE, approved anonymously. */
export const plain = withInsight(
  serveFunction(createAuthorizeHandler({ siteUrl }), {
    siteUrl,
    failure: answerMissingSigningKeys({ siteUrl }),
  }),
  { surface: 'oauth-authorize', recorder: readProcessInsight(logToStderr) },
);

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = toWebExports(plain);
