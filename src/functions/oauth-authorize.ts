import { siteUrl } from '../generated/site-origin.ts';
import { toWebExports } from '../http/plain-http.ts';
import { serveFunction } from '../http/serve-function.ts';
import { answerMissingSigningKeys } from '../oauth/signing-keys-guard.ts';
import { createAuthorizeHandler } from '../oauth/authorize-endpoint.ts';

/** GET /oauth/authorize (vercel.json rewrites it here): authorization code with PKCE, approved anonymously. */
export const plain = serveFunction(
  answerMissingSigningKeys(createAuthorizeHandler({ siteUrl }), { siteUrl }),
  { siteUrl },
);

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = toWebExports(plain);
