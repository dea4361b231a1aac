import { siteUrl } from '../src/generated/site-origin.ts';
import { toWebExports } from '../src/http/plain-http.ts';
import { serveFunction } from '../src/http/serve-function.ts';
import { createTokenHandler } from '../src/oauth/token-endpoint.ts';

/** POST /oauth/token (vercel.json rewrites it here): client_credentials and authorization_code tokens. */
export const plain = serveFunction(createTokenHandler({ siteUrl }), { siteUrl });

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = toWebExports(plain);
