import { resolve } from 'node:path';

/** The events of a file saved, added or removed in content/. */
const SAVE_EVENTS = new Set(['add', 'change', 'unlink']);

/** How long content/ must be quiet before the dev server reads it again. */
export const SETTLE_MS = 100;

/**
 * Calls `read` with a number that grows per call, once the file events of content/ (a watcher's
 * paths, resolved against the working folder) have been quiet for `settleMs`: one save can
 * arrive as several events (truncated, then written), and a read between them sees a partial
 * file. `read` can compare its number with `latest()` after its awaits, so that a slow earlier
 * read never overwrites a later one.
 */
export function watchContentSaves(
  contentDir: string,
  read: (save: number) => void,
  settleMs = SETTLE_MS,
): { onEvent: (event: string, path: string) => void; latest: () => number } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let saves = 0;
  return {
    onEvent: (event, path) => {
      if (!SAVE_EVENTS.has(event) || !resolve(path).startsWith(contentDir)) return;
      clearTimeout(timer);
      timer = setTimeout(() => read(++saves), settleMs);
    },
    latest: () => saves,
  };
}
