import { siteUrl } from '../generated/site-origin.ts';
import { toWebExports } from '../http/plain-http.ts';
import { logToStderr } from '../http/problem.ts';
import { readProcessInsight, withInsight } from '../insight/insight-recorder.ts';
import { serveFunction } from '../http/serve-function.ts';
import { answerMissingSigningKeys } from '../oauth/signing-keys-guard.ts';
import { createRegisterHandler } from '../oauth/register-endpoint.ts';

/** POST /oauth/register (vercel.json rewrites it here): anonymous dynamic client registration. */
export const plain = withInsight(
  serveFunction(createRegisterHandler({ siteUrl }), {
    siteUrl,
    failure: answerMissingSigningKeys({ siteUrl }),
  }),
  { surface: 'oauth-register', recorder: readProcessInsight(logToStderr) },
);

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = toWebExports(plain);
