import { getRequestListener } from '@hono/node-server';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Answers a node:http request with a web-standard handler chosen per request. */
export type AnswerWith = (
  req: IncomingMessage,
  res: ServerResponse,
  handler: (request: Request) => Promise<Response>,
) => void;

/**
 * One Request/Response adapter (`@hono/node-server`) for every answer computed as a web Response;
 * the handler for a request is chosen by the router and handed over through a WeakMap.
 * `overrideGlobalObjects` lets the adapter swap in its faster Request/Response globals; leave it
 * off where other code shares the process (Astro's dev server).
 */
export function createWebResponder(options: {
  readonly overrideGlobalObjects: boolean;
}): AnswerWith {
  const handlers = new WeakMap<object, (request: Request) => Promise<Response>>();
  const respond = getRequestListener(
    (request, { incoming }) => {
      const handler = handlers.get(incoming);
      if (!handler) throw new Error('request reached the adapter without a handler');
      return handler(request);
    },
    { overrideGlobalObjects: options.overrideGlobalObjects },
  );
  return (req, res, handler) => {
    handlers.set(req, handler);
    void respond(req, res);
  };
}
