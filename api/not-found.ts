import { siteUrl } from '../src/generated/site-origin.ts';
import { toWebExports, type PlainHandler } from '../src/lib/plain-http.ts';
import { findErrorKind, problemAnswer } from '../src/lib/problem.ts';

/**
 * Answers every unknown path under /api/, /oauth/ and /.well-known/ (vercel.json rewrites them
 * here) with an RFC 9457 404; `instance` is the path that was requested.
 */
export const plain: PlainHandler = async (request) =>
  problemAnswer(siteUrl, { ...findErrorKind('not_found'), instance: request.url.pathname });

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = toWebExports(plain);
