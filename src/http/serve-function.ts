import type { PlainAnswer, PlainHandler } from './plain-http.ts';
import { findErrorKind } from '../service/error-kinds.ts';
import { guardHandler, logToStderr, problemAnswer, type FailureLog } from './problem.ts';
import {
  DEFAULT_RATE_LIMIT,
  EXPOSED_RATE_LIMIT_HEADERS,
  readRateLimitPolicy,
} from '../service/rate-limit-policy.ts';
import { RateLimiter, type RateLimitDecision } from './rate-limit.ts';
import { readProcessStore } from '../shared-state/process-store.ts';
import { keepForProcess } from '../shared-state/process-values.ts';

export interface ServeFunctionOptions {
  readonly siteUrl: string;
  readonly log?: FailureLog;
  /** The limiter; by default the process's one, from the RATE_LIMIT_* variables; null for none. */
  readonly limiter?: RateLimiter | null;
}

/**
 * The process's limiter, shared by every function it runs. It counts in the shared store when
 * `REDIS_URL` names one (one count across every instance), else in this process's memory (on
 * Vercel each function instance then counts on its own). A variable that does not parse was
 * already refused by the build; should one reach a running function, it logs the reason and
 * keeps the default limit.
 */
function readProcessRateLimiter(log: FailureLog = logToStderr): RateLimiter | null {
  return keepForProcess('agent-facts.process-rate-limiter', () => {
    let policy;
    try {
      policy = readRateLimitPolicy(process.env);
    } catch (error) {
      log({ level: 'error', msg: 'rate limit variables ignored', error: String(error) });
      policy = DEFAULT_RATE_LIMIT;
    }
    const store = readProcessStore(log);
    return policy ? new RateLimiter(policy, store ? { store } : {}) : null;
  });
}

/**
 * A client that disconnects while sending its body is not a failure of the service: it gets a 400
 * problem (which nobody is left to read) instead of a 500, and no error is logged.
 */
function answerIncompleteBody(handler: PlainHandler, siteUrl: string): PlainHandler {
  return async (request) => {
    try {
      return await handler(request);
    } catch (error) {
      // By name: the local server's reader and a function's bundle each have their own class.
      if ((error as Error | undefined)?.name !== 'IncompleteBodyError') throw error;
      return problemAnswer(siteUrl, {
        ...findErrorKind('bad_request'),
        instance: request.url.pathname,
        detail: 'The request body did not arrive in full.',
      });
    }
  };
}

/**
 * An api/ function's handler as it is served: counted against the client's rate limit (every
 * answer carries the RateLimit fields, only RateLimit-Policy while the shared store cannot count;
 * past the limit, a 429 problem with Retry-After), and
 * guarded so an unexpected failure is a 500 problem with a request id (a body cut off by the
 * client is a 400). CORS preflights are not counted.
 */
export function serveFunction(served: PlainHandler, options: ServeFunctionOptions): PlainHandler {
  const log = options.log ?? logToStderr;
  const handler = answerIncompleteBody(served, options.siteUrl);
  const limiter = options.limiter === undefined ? readProcessRateLimiter(log) : options.limiter;
  if (!limiter) return guardHandler(handler, { siteUrl: options.siteUrl, log });
  const { limit, windowSeconds } = limiter.policy;
  const limited = async (request: Parameters<PlainHandler>[0]): Promise<PlainAnswer> => {
    if (request.method === 'OPTIONS') return handler(request);
    let decision: RateLimitDecision;
    try {
      const checked = limiter.check(request.client);
      // The memory store decides at once: no promise is awaited for it.
      decision = checked instanceof Promise ? await checked : checked;
    } catch (error) {
      // A store that throws has a bug (an unavailable one says so with a value); it must not
      // take the service down with it: answer, unlimited, and log each time.
      log({ level: 'error', msg: 'rate limit store failed', error: String(error) });
      return handler(request);
    }
    if (!decision.allowed) {
      return problemAnswer(
        options.siteUrl,
        {
          ...findErrorKind('rate_limited'),
          instance: request.url.pathname,
          detail: `This client sent more than ${limit} requests in ${windowSeconds} seconds.`,
        },
        {
          ...decision.headers,
          'Retry-After': String(decision.resetSeconds),
          'Access-Control-Allow-Origin': '*',
          'Access-Control-Expose-Headers': EXPOSED_RATE_LIMIT_HEADERS,
        },
      );
    }
    const answer = await handler(request);
    return { ...answer, headers: { ...answer.headers, ...decision.headers } };
  };
  return guardHandler(limited, { siteUrl: options.siteUrl, log });
}
