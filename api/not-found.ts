import { findErrorKind, problemResponse } from '../src/lib/problem.ts';
import { siteUrl } from '../src/generated/site-origin.ts';

/**
 * Answers every unknown path under /api/, /oauth/ and /.well-known/ (vercel.json rewrites them
 * here) with an RFC 9457 404; `instance` is the path that was requested.
 */
function answerNotFound(request: Request): Response {
  const { pathname } = new URL(request.url);
  return problemResponse(siteUrl, { ...findErrorKind('not_found'), instance: pathname });
}

export const GET = answerNotFound;
export const HEAD = answerNotFound;
export const POST = answerNotFound;
export const PUT = answerNotFound;
export const PATCH = answerNotFound;
export const DELETE = answerNotFound;
export const OPTIONS = answerNotFound;
