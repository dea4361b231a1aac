import type { PlainAnswer, PlainHandler } from './plain-http.ts';
import { findErrorKind } from '../service/error-kinds.ts';
import { problemAnswer } from './problem.ts';

/** Request headers browsers may send to the functions (CORS preflight). */
export const CORS_ALLOWED_HEADERS =
  'Content-Type, Accept, Authorization, Mcp-Protocol-Version, Mcp-Method, Mcp-Name, Last-Event-ID';

/**
 * A CORS preflight's answer: 204 with `Allow` and the fields that let a browser send any of the
 * `allow` methods from any origin, cached for a day.
 */
export function answerPreflight(allow: string): PlainAnswer {
  return {
    status: 204,
    headers: {
      Allow: allow,
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Allow-Methods': allow,
      'Access-Control-Allow-Headers': CORS_ALLOWED_HEADERS,
      'Access-Control-Max-Age': '86400',
    },
  };
}

/**
 * One handler per HTTP method: HEAD is answered by GET (the transport drops the body), OPTIONS
 * is a CORS preflight, and any other method gets a 405 problem with `Allow`.
 */
export function byMethod(
  siteUrl: string,
  handlers: Partial<Record<'GET' | 'POST', PlainHandler>>,
): PlainHandler {
  const methods = Object.keys(handlers);
  if (handlers.GET) methods.splice(methods.indexOf('GET') + 1, 0, 'HEAD');
  const allow = [...methods, 'OPTIONS'].join(', ');
  return async (request) => {
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    const handler = handlers[method as 'GET' | 'POST'];
    if (handler) return handler(request);
    if (request.method === 'OPTIONS') return answerPreflight(allow);
    return problemAnswer(
      siteUrl,
      { ...findErrorKind('method_not_allowed'), instance: request.url.pathname },
      { Allow: allow },
    );
  };
}
