import { buildProblem, type ProblemInput } from '../documents/problem.ts';
import { findErrorKind } from '../service/error-kinds.ts';
import { MEDIA_TYPES } from '../service/media-types.ts';
import { toWebResponse, type PlainAnswer } from './plain-http.ts';

/** The one place an RFC 9457 answer is made: problem+json, never cached. */
export function problemAnswer(
  origin: string,
  input: ProblemInput,
  headers: Record<string, string> = {},
): PlainAnswer {
  return {
    status: input.status,
    headers: { 'Content-Type': MEDIA_TYPES.problem, 'Cache-Control': 'no-store', ...headers },
    body: JSON.stringify(buildProblem(origin, input)),
  };
}

/** An RFC 9457 problem as a web Response. */
export function problemResponse(
  origin: string,
  input: ProblemInput,
  headers: Record<string, string> = {},
): Response {
  return toWebResponse(problemAnswer(origin, input, headers));
}

/** Where a function's unexpected failures go: one structured line each. */
export type FailureLog = (entry: Readonly<Record<string, unknown>>) => void;

/** Logs failures as one JSON line on stderr. */
export const logToStderr: FailureLog = (entry) => console.error(JSON.stringify(entry));

/**
 * The answer to an unexpected failure: a 500 problem that names a fresh request id and nothing
 * else (no message, stack or path of the server), and one log line with the same id and the
 * error's stack.
 */
export function internalErrorAnswer(
  origin: string,
  request: { readonly method: string; readonly pathname: string },
  error: unknown,
  log: FailureLog,
): PlainAnswer {
  // The global Web Crypto, so node:crypto is loaded only when a failure happens.
  const requestId = crypto.randomUUID();
  log({
    level: 'error',
    msg: 'function failed',
    requestId,
    method: request.method,
    path: request.pathname,
    error: error instanceof Error ? (error.stack ?? error.message) : String(error),
  });
  return problemAnswer(
    origin,
    {
      ...findErrorKind('internal_error'),
      instance: request.pathname,
      detail: `The server failed to answer this request (request id ${requestId}).`,
    },
    { 'X-Request-Id': requestId },
  );
}
