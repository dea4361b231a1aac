import type { PlainHandler } from '../http/plain-http.ts';
import { problemAnswer } from '../http/problem.ts';
import { findErrorKind } from '../service/error-kinds.ts';

/**
 * A function whose signing keys are missing at run time answers a 503 problem that names
 * OAUTH_SIGNING_KEYS and how to set it, instead of an anonymous 500: the build checks the variable,
 * but a deployment can set it for the build only. Every other failure goes on to the function's
 * own guard.
 * @see RFC 9457 §3
 */
export function answerMissingSigningKeys(
  handler: PlainHandler,
  options: { readonly siteUrl: string },
): PlainHandler {
  return async (request) => {
    try {
      return await handler(request);
    } catch (error) {
      if (!(error instanceof Error) || error.name !== 'MissingSigningKeysError') throw error;
      return problemAnswer(options.siteUrl, {
        ...findErrorKind('signing_keys_missing'),
        instance: request.url.pathname,
      });
    }
  };
}
