import { siteUrl } from '../generated/site-origin.ts';
import { toWebExports } from '../http/plain-http.ts';
import { logToStderr } from '../http/problem.ts';
import { readProcessInsight, withInsight } from '../insight/insight-recorder.ts';
import { serveFunction } from '../http/serve-function.ts';
import { answerMissingSigningKeys } from '../oauth/signing-keys-guard.ts';
import { createTokenHandler } from '../oauth/token-endpoint.ts';

/** POST /oauth/token (vercel.json rewrites it here): client_credentials and authorization_code tokens. */
export const plain = withInsight(
  serveFunction(createTokenHandler({ siteUrl }), {
    siteUrl,
    failure: answerMissingSigningKeys({ siteUrl }),
  }),
  { surface: 'oauth-token', recorder: readProcessInsight(logToStderr) },
);

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = toWebExports(plain);
