import { siteUrl } from '../src/generated/site-origin.ts';
import { toWebExports } from '../src/lib/plain-http.ts';
import { guardHandler } from '../src/lib/problem.ts';
import { createRegisterHandler } from '../src/oauth/endpoints.ts';

/** POST /oauth/register (vercel.json rewrites it here): anonymous dynamic client registration. */
export const plain = guardHandler(createRegisterHandler({ siteUrl }), { siteUrl });

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = toWebExports(plain);
