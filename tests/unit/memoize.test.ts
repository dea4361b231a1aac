import { describe, expect, it } from 'vitest';
import { memoizeUntilFailure, rememberLatest } from '../../src/http/memoize.ts';

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

describe('rememberLatest', () => {
  it('should compute again only when the argument changes, keeping one entry', () => {
    const seen: string[] = [];
    const upper = rememberLatest((text: string) => {
      seen.push(text);
      return text.toUpperCase();
    });
    expect([upper('a'), upper('a'), upper('b'), upper('a'), upper('a')]).toEqual([
      'A',
      'A',
      'B',
      'A',
      'A',
    ]);
    expect(seen).toEqual(['a', 'b', 'a']);
  });

  it('should keep a result of undefined as a result', () => {
    let calls = 0;
    const nothing = rememberLatest((_key: string | undefined) => {
      calls += 1;
      return undefined;
    });
    nothing(undefined);
    nothing(undefined);
    expect(calls).toBe(1);
  });
});
