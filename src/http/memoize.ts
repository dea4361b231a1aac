/**
 * A loader that runs once and shares its promise with every caller; a failed load is forgotten,
 * so the next call tries again.
 */
export function memoizeUntilFailure<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    if (!pending) {
      const started = load();
      pending = started;
      started.catch(() => {
        if (pending === started) pending = undefined;
      });
    }
    return pending;
  };
}
