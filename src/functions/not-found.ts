import { siteUrl } from '../generated/site-origin.ts';
import { FUNCTION_METHODS, toWebExports } from '../http/plain-http.ts';
import { readProcessInsight, withInsight } from '../insight/insight-recorder.ts';
import { findErrorKind } from '../service/error-kinds.ts';
import { answerPreflight } from '../http/methods.ts';
import { logToStderr, problemAnswer } from '../http/problem.ts';
import { serveFunction } from '../http/serve-function.ts';

/** The methods every unknown path answers (each with the 404 problem, but OPTIONS). */
const ANSWERED_METHODS = FUNCTION_METHODS.join(', ');

/**
 * Answers every unknown path under /api/, /mcp/, /a2a/, /oauth/ and /.well-known/ (vercel.json
 * rewrites them here) with an RFC 9457 404; `instance` is the path that was requested. A CORS preflight gets its
 * 204, so a browser sends the request and its script can read the 404 problem, where a failed
 * preflight would show it only a network error.
 */
export const plain = withInsight(
  serveFunction(
    async (request) =>
      request.method === 'OPTIONS'
        ? answerPreflight(ANSWERED_METHODS)
        : problemAnswer(siteUrl, { ...findErrorKind('not_found'), instance: request.url.pathname }),
    { siteUrl },
  ),
  { surface: 'not-found', recorder: readProcessInsight(logToStderr) },
);

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = toWebExports(plain);
