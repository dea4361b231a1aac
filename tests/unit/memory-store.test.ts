import { describe, expect, it } from 'vitest';
import { MemoryStore } from '../../src/shared-state/memory-store.ts';

describe('MemoryStore', () => {
  it('should keep a cache entry only within its bounds, evicting nothing, until it expires', async () => {
    const clock = { now: 0 };
    const store = new MemoryStore({ now: () => clock.now });
    const entry = (key: string, group: string) => ({
      cache: 'c',
      key,
      group,
      value: key,
      ttlSeconds: 60,
      maxEntries: 3,
      maxEntriesPerGroup: 2,
    });
    expect(await store.keep(entry('a1', 'a'))).toBe(true);
    expect(await store.keep(entry('a2', 'a'))).toBe(true);
    expect(await store.keep(entry('a3', 'a'))).toBe(false);
    expect(await store.keep(entry('a1', 'a'))).toBe(true);
    expect(await store.keep(entry('b1', 'b'))).toBe(true);
    expect(await store.keep(entry('c1', 'c'))).toBe(false);
    expect(await store.read('c', 'a1')).toBe('a1');
    expect(await store.read('other', 'a1')).toBeUndefined();
    clock.now = 60_000;
    expect(await store.read('c', 'a1')).toBeUndefined();
    expect(await store.keep(entry('c1', 'c'))).toBe(true);
  });
});
