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

  it('should tally fields within their bound, the rest as (other), until the tally expires', async () => {
    const clock = { now: 0 };
    const store = new MemoryStore({ now: () => clock.now });
    const count = (field: string) => ({ key: 'day:agents', field, maxFields: 2 });
    await store.tally([count('a'), count('b'), count('a')], 60);
    await store.tally([count('c'), { key: 'day:kinds', field: 'x', maxFields: 5 }], 60);
    expect(await store.readTallies(['day:agents', 'day:kinds', 'none'])).toEqual([
      { a: 2, b: 1, '(other)': 1 },
      { x: 1 },
      {},
    ]);
    clock.now = 60_000;
    expect(await store.readTallies(['day:agents'])).toEqual([{}]);
  });

  it('should hold at most maxKeys tallies, forgetting the oldest first', async () => {
    const store = new MemoryStore({ maxKeys: 3 });
    for (let i = 0; i < 10_000; i += 1) {
      await store.tally([{ key: `t${i}`, field: `f${i}`, maxFields: 10 }], 60);
    }
    expect(await store.readTallies(['t0', 't9997', 't9998', 't9999'])).toEqual([
      {},
      { f9997: 1 },
      { f9998: 1 },
      { f9999: 1 },
    ]);
  });
});
