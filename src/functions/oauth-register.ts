import { siteUrl } from '../generated/site-origin.ts';
import { toWebExports } from '../http/plain-http.ts';
import { serveFunction } from '../http/serve-function.ts';
import { createRegisterHandler } from '../oauth/register-endpoint.ts';

/** POST /oauth/register (vercel.json rewrites it here): anonymous dynamic client registration. */
export const plain = serveFunction(createRegisterHandler({ siteUrl }), { siteUrl });

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = toWebExports(plain);
