import type { IncomingMessage, ServerResponse } from 'node:http';
import type { PlainAnswer, PlainHandler } from '../http/plain-http.ts';
import { internalErrorAnswer, type FailureLog } from '../http/problem.ts';
import { fromNodeRequest, sendPlainAnswer } from './node-plain.ts';

/** How a function's answer is completed: the origin for problems, the log, vercel.json headers. */
export interface InvocationOptions {
  readonly siteUrl: string;
  readonly log: FailureLog;
  /** Headers of the matching vercel.json rules, added where the function did not set them. */
  readonly routeHeaders: Readonly<Record<string, string>>;
  /** See LocalServerOptions.clientAddressHeader. */
  readonly clientAddressHeader?: string | undefined;
}

/** Answers a request with a function's plain handler, straight from node:http. */
export function answerFunction(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  handler: PlainHandler,
  options: InvocationOptions,
): void {
  const request = fromNodeRequest(req, res, url, options.clientAddressHeader);
  const send = (answer: PlainAnswer) => {
    try {
      sendPlainAnswer(res, answer, options.routeHeaders);
    } catch (error) {
      options.log({ level: 'error', msg: 'answer not sent', error: String(error) });
      res.destroy();
    }
  };
  const fail = (error: unknown) =>
    send(
      internalErrorAnswer(
        options.siteUrl,
        { method: request.method, pathname: url.pathname },
        error,
        options.log,
      ),
    );
  let answered: Promise<PlainAnswer>;
  try {
    answered = handler(request);
  } catch (error) {
    fail(error);
    return;
  }
  // One reaction for either outcome: a chain of catch, then and catch cost three promises.
  void answered.then(send, fail);
}
