import { siteUrl } from '../src/generated/site-origin.ts';
import { toWebHandler, type PlainHandler } from '../src/lib/plain-http.ts';
import { findErrorKind, problemAnswer } from '../src/lib/problem.ts';

/**
 * Answers every unknown path under /api/, /oauth/ and /.well-known/ (vercel.json rewrites them
 * here) with an RFC 9457 404; `instance` is the path that was requested.
 */
export const plain: PlainHandler = async (request) =>
  problemAnswer(siteUrl, { ...findErrorKind('not_found'), instance: request.url.pathname });

const handle = toWebHandler(plain);

export const GET = handle;
export const HEAD = handle;
export const POST = handle;
export const PUT = handle;
export const PATCH = handle;
export const DELETE = handle;
export const OPTIONS = handle;
