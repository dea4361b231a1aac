/**
 * Keeps a function instance alive for work done after its answer (the insight counts): on Vercel
 * through the request context's `waitUntil`, which is what `@vercel/functions`' `waitUntil`
 * calls; elsewhere (the local server, tests) the promise simply runs. Read here rather than
 * imported because that package's index also loads its WebSocket client (48 KB in every
 * function); tests/unit/after-answer.test.ts holds the two to the same context.
 * @see https://vercel.com/docs/functions/functions-api-reference/vercel-functions-package#waituntil
 */
const REQUEST_CONTEXT = Symbol.for('@vercel/request-context');

interface RequestContext {
  readonly waitUntil?: (promise: Promise<unknown>) => void;
}

/** Hands `promise` to the platform, so the instance is not frozen before it settles. */
export function continueAfterAnswer(promise: Promise<unknown>): void {
  const holder = (globalThis as Record<symbol, { get?: () => RequestContext } | undefined>)[
    REQUEST_CONTEXT
  ];
  holder?.get?.()?.waitUntil?.(promise);
}
