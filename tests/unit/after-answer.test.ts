import { waitUntil } from '@vercel/functions';
import { afterEach, describe, expect, it } from 'vitest';
import { continueAfterAnswer } from '../../src/http/after-answer.ts';

const REQUEST_CONTEXT = Symbol.for('@vercel/request-context');
const globals = globalThis as Record<symbol, unknown>;

afterEach(() => {
  delete globals[REQUEST_CONTEXT];
});

describe('continueAfterAnswer', () => {
  it("should hand the promise to the request context's waitUntil, as @vercel/functions does", () => {
    const kept: Promise<unknown>[] = [];
    globals[REQUEST_CONTEXT] = {
      get: () => ({ waitUntil: (p: Promise<unknown>) => kept.push(p) }),
    };
    const ours = Promise.resolve('ours');
    const theirs = Promise.resolve('theirs');
    continueAfterAnswer(ours);
    waitUntil(theirs);
    expect(kept).toEqual([ours, theirs]);
  });

  it('should do nothing outside Vercel', () => {
    expect(() => continueAfterAnswer(Promise.resolve())).not.toThrow();
    globals[REQUEST_CONTEXT] = { get: () => undefined };
    expect(() => continueAfterAnswer(Promise.resolve())).not.toThrow();
  });
});
