import type { PlainAnswer, PlainHandler, PlainRequest } from './plain-http.ts';
import { findErrorKind } from '../service/error-kinds.ts';
import { internalErrorAnswer, logToStderr, problemAnswer, type FailureLog } from './problem.ts';
import {
  DEFAULT_RATE_LIMIT,
  EXPOSED_RATE_LIMIT_HEADERS,
  readRateLimitPolicy,
} from '../service/rate-limit-policy.ts';
import { RateLimiter, type RateLimitDecision } from './rate-limit.ts';
import { readProcessStore } from '../shared-state/process-store.ts';
import { keepForProcess } from '../shared-state/process-values.ts';

/**
 * Turns a known failure into its answer, or gives undefined for a failure it does not know (such
 * as `answerMissingSigningKeysFailure`, a 503 for signing keys missing at run time).
 */
export type FailureAnswer = (error: unknown, request: PlainRequest) => PlainAnswer | undefined;

export interface ServeFunctionOptions {
  readonly siteUrl: string;
  readonly log?: FailureLog;
  /** The limiter; by default the process's one, from the RATE_LIMIT_* variables; null for none. */
  readonly limiter?: RateLimiter | null;
  /** Answers for known failures of the function, tried before the 500 of an unexpected one. */
  readonly failure?: FailureAnswer;
  /**
   * The CORS fields of the 429 this layer answers itself: those the function gives its own answers
   * to the request's origin (the MCP endpoint's follow MCP_ALLOWED_ORIGINS). By default any origin
   * may read it, with the rate-limit fields exposed.
   */
  readonly corsHeaders?: (request: PlainRequest) => Readonly<Record<string, string>>;
}

/** The 429's CORS fields where the function names none: any origin, the limit's fields exposed. */
const ANY_ORIGIN_CORS: Readonly<Record<string, string>> = Object.freeze({
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': EXPOSED_RATE_LIMIT_HEADERS,
});

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
function answerIncompleteBody(error: unknown, request: PlainRequest, siteUrl: string) {
  // By name: the local server's reader and a function's bundle each have their own class.
  if ((error as Error | undefined)?.name !== 'IncompleteBodyError') return undefined;
  return problemAnswer(siteUrl, {
    ...findErrorKind('bad_request'),
    instance: request.url.pathname,
    detail: 'The request body did not arrive in full.',
  });
}

/**
 * An api/ function's handler as it is served: counted against the client's rate limit (every
 * answer carries the RateLimit fields, only RateLimit-Policy while the shared store cannot count;
 * past the limit, a 429 problem with Retry-After), and guarded so an unexpected failure is a 500
 * problem with a request id (a body cut off by the client is a 400, a failure `options.failure`
 * knows is its answer). CORS preflights are not counted. A handler may count a request as several
 * once it has read its body (`PlainRequest.charge`: a JSON-RPC batch, one per message). One async
 * layer does all of it: each layer of its own cost every request a promise and a turn of the
 * microtask queue.
 */
export function serveFunction(served: PlainHandler, options: ServeFunctionOptions): PlainHandler {
  const { siteUrl, failure } = options;
  const corsHeaders = options.corsHeaders ?? (() => ANY_ORIGIN_CORS);
  const log = options.log ?? logToStderr;
  const limiter = options.limiter === undefined ? readProcessRateLimiter(log) : options.limiter;
  const answerFailure = (error: unknown, request: PlainRequest): PlainAnswer =>
    answerIncompleteBody(error, request, siteUrl) ??
    failure?.(error, request) ??
    internalErrorAnswer(
      siteUrl,
      { method: request.method, pathname: request.url.pathname },
      error,
      log,
    );
  if (!limiter) {
    return async (request) => {
      try {
        return await served(request);
      } catch (error) {
        return answerFailure(error, request);
      }
    };
  }
  const { limit, windowSeconds } = limiter.policy;
  const refuse = (request: PlainRequest, refused: RateLimitDecision): PlainAnswer =>
    problemAnswer(
      siteUrl,
      {
        ...findErrorKind('rate_limited'),
        instance: request.url.pathname,
        detail: `This client sent more than ${limit} requests in ${windowSeconds} seconds.`,
      },
      {
        ...refused.headers,
        'Retry-After': String(refused.resetSeconds),
        ...corsHeaders(request),
      },
    );
  return async (request) => {
    let decision: RateLimitDecision | undefined;
    let answer: PlainAnswer;
    try {
      if (request.method !== 'OPTIONS') {
        const counted = countRequest(limiter, request, log);
        decision = counted instanceof Promise ? await counted : counted;
      }
      if (decision && !decision.allowed) return refuse(request, decision);
      // A request counted (the store could count it) may count for more once its body is read.
      const charge = decision
        ? async (units: number) => {
            const charged = await countRequest(limiter, request, log, units);
            if (!charged) return undefined;
            decision = charged;
            return charged.allowed ? undefined : refuse(request, charged);
          }
        : undefined;
      answer = await served(charge ? { ...request, charge } : request);
    } catch (error) {
      answer = answerFailure(error, request);
    }
    return decision ? { ...answer, headers: { ...answer.headers, ...decision.headers } } : answer;
  };
}

/**
 * Counts a request; the memory store decides at once, so no promise is awaited for it. A store
 * that throws has a bug (an unavailable one says so with a value); it must not take the service
 * down with it: the request is answered unlimited (undefined), and the failure logged each time.
 */
function countRequest(
  limiter: RateLimiter,
  request: PlainRequest,
  log: FailureLog,
  units = 1,
): RateLimitDecision | undefined | Promise<RateLimitDecision | undefined> {
  const failed = (error: unknown) => {
    log({ level: 'error', msg: 'rate limit store failed', error: String(error) });
    return undefined;
  };
  try {
    const checked = limiter.check(request.client, units);
    return checked instanceof Promise ? checked.catch(failed) : checked;
  } catch (error) {
    return failed(error);
  }
}
