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

/**
 * A one-argument function that keeps its latest argument and result: asked again with the same
 * argument (`===`), as consecutive requests of one client usually ask, it answers without
 * computing. One entry, so it holds no memory that grows.
 */
export function rememberLatest<A, R>(compute: (argument: A) => R): (argument: A) => R {
  let latest: { readonly argument: A; readonly result: R } | undefined;
  return (argument) => {
    if (latest === undefined || latest.argument !== argument) {
      latest = { argument, result: compute(argument) };
    }
    return latest.result;
  };
}
