import { siteUrl } from '../generated/site-origin.ts';
import { toWebExports } from '../http/plain-http.ts';
import { logToStderr } from '../http/problem.ts';
import { readProcessInsight, withInsight } from '../insight/insight-recorder.ts';
import { serveFunction } from '../http/serve-function.ts';
import { answerMissingSigningKeys } from '../oauth/signing-keys-guard.ts';
import { createJwksHandler } from '../oauth/jwks-endpoint.ts';

/** GET /oauth/jwks (vercel.json rewrites it here): the public keys of the access tokens. */
export const plain = withInsight(
  serveFunction(createJwksHandler({ siteUrl }), {
    siteUrl,
    failure: answerMissingSigningKeys({ siteUrl }),
  }),
  { surface: 'oauth-jwks', recorder: readProcessInsight(logToStderr) },
);

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = toWebExports(plain);
