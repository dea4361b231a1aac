import { describe, expect, it } from 'vitest';
import { memoizeUntilFailure } from '../../src/http/memoize.ts';

describe('memoizeUntilFailure', () => {
  it('should load once for every caller, and load again after a failure', async () => {
    let calls = 0;
    const load = memoizeUntilFailure(async () => {
      calls += 1;
      if (calls === 1) throw new Error('first load fails');
      return calls;
    });
    await expect(load()).rejects.toThrow('first load fails');
    const [a, b] = await Promise.all([load(), load()]);
    expect([a, b]).toEqual([2, 2]);
    expect(await load()).toBe(2);
    expect(calls).toBe(2);
  });
});
