import { rename, writeFile } from 'node:fs/promises';

/**
 * Writes a state file that another process polls for (`ready`, `failed`, `done`) in one step: the
 * text goes to a temporary name first and is renamed into place, so a reader that sees the file
 * never reads it half written (a waiter once read an empty `ready` and failed on its JSON).
 */
export async function writeStateFile(path: string, text: string): Promise<void> {
  const partial = `${path}.partial`;
  await writeFile(partial, text);
  await rename(partial, path);
}
