import { siteUrl } from '../generated/site-origin.ts';
import { toWebExports } from '../http/plain-http.ts';
import { readProcessInsight, withInsight } from '../insight/insight-recorder.ts';
import { findErrorKind } from '../service/error-kinds.ts';
import { logToStderr, problemAnswer } from '../http/problem.ts';
import { serveFunction } from '../http/serve-function.ts';

/**
 * Answers every unknown path under /api/, /mcp/, /oauth/ and /.well-known/ (vercel.json rewrites them
 * here) with an RFC 9457 404; `instance` is the path that was requested.
 */
export const plain = withInsight(
  serveFunction(
    async (request) =>
      problemAnswer(siteUrl, { ...findErrorKind('not_found'), instance: request.url.pathname }),
    { siteUrl },
  ),
  { surface: 'not-found', recorder: readProcessInsight(logToStderr) },
);

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = toWebExports(plain);
