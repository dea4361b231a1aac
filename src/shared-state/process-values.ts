/**
 * Values kept once per process. Each function is its own bundle with its own copy of every module,
 * and the local server runs them all in one process, so a module-level variable would give one
 * value per function; these live on `globalThis` under a registered symbol instead.
 */
type ProcessValues = Record<symbol, unknown>;

/** The value kept under `name`, made by `create` on first use. */
export function keepForProcess<T>(name: string, create: () => T): T {
  const key = Symbol.for(name);
  const values = globalThis as unknown as ProcessValues;
  if (!(key in values)) values[key] = create();
  return values[key] as T;
}

/** The value kept under `name`, or undefined when none was made yet. */
export function findForProcess<T>(name: string): T | undefined {
  return (globalThis as unknown as ProcessValues)[Symbol.for(name)] as T | undefined;
}
