import type { FailureAnswer } from '../http/serve-function.ts';
import { logToStderr, problemAnswer, type FailureLog } from '../http/problem.ts';
import { findErrorKind } from '../service/error-kinds.ts';

/**
 * A function whose signing keys are missing at run time answers a 503 problem instead of an
 * anonymous 500: the build checks the variable, but a deployment can set it for the build only.
 * The caller learns what happened and what still works; how to set the keys is the site owner's
 * business, so it goes to the log (the error's message names the variable), never to the answer.
 * Every other failure is left to the function's guard (undefined). Given to `serveFunction` as
 * its `failure` answer.
 * @see RFC 9457 §3
 */
export function answerMissingSigningKeys(options: {
  readonly siteUrl: string;
  readonly log?: FailureLog;
}): FailureAnswer {
  const log = options.log ?? logToStderr;
  return (error, request) => {
    if (!(error instanceof Error) || error.name !== 'MissingSigningKeysError') return undefined;
    log({
      level: 'error',
      msg: 'signing keys missing',
      path: request.url.pathname,
      error: error.message,
    });
    return problemAnswer(options.siteUrl, {
      ...findErrorKind('signing_keys_missing'),
      instance: request.url.pathname,
    });
  };
}
