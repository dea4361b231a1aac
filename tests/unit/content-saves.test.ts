import { resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SETTLE_MS, watchContentSaves } from '../../src/site-content/content-saves.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('watchContentSaves', () => {
  it('should read once per burst of events, after content/ has been quiet', () => {
    const reads: number[] = [];
    const saves = watchContentSaves('/site/content', (save) => reads.push(save));
    // One save in place: truncated, then written.
    saves.onEvent('change', '/site/content/company.yaml');
    vi.advanceTimersByTime(SETTLE_MS - 1);
    saves.onEvent('change', '/site/content/company.yaml');
    vi.advanceTimersByTime(SETTLE_MS - 1);
    expect(reads).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(reads).toEqual([1]);
    expect(saves.latest()).toBe(1);
    // A page added, then removed later: two reads.
    saves.onEvent('add', '/site/content/pages/new.md');
    vi.advanceTimersByTime(SETTLE_MS);
    saves.onEvent('unlink', '/site/content/pages/new.md');
    vi.advanceTimersByTime(SETTLE_MS);
    expect(reads).toEqual([1, 2, 3]);
    expect(saves.latest()).toBe(3);
  });

  it("should resolve a watcher's relative path against the working folder", () => {
    const reads: number[] = [];
    const saves = watchContentSaves(resolve('content'), (save) => reads.push(save));
    saves.onEvent('change', 'content/company.yaml');
    vi.advanceTimersByTime(SETTLE_MS);
    expect(reads).toEqual([1]);
  });

  it('should ignore folders and files outside content/', () => {
    const reads: number[] = [];
    const saves = watchContentSaves('/site/content', (save) => reads.push(save));
    saves.onEvent('addDir', '/site/content/pages');
    saves.onEvent('change', '/site/src/pages/index.astro');
    vi.advanceTimersByTime(SETTLE_MS * 2);
    expect(reads).toEqual([]);
    expect(saves.latest()).toBe(0);
  });
});
