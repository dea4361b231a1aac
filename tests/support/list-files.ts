import { readdirSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import type { Dirent } from 'node:fs';
import { join } from 'node:path';

/** The files among a recursive listing's entries, as paths (folders and links left out). */
function toFilePaths(entries: readonly Dirent[]): string[] {
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

/** Every file under a folder, at any depth, as a path that starts with `dir`. */
export async function listFiles(dir: string): Promise<string[]> {
  return toFilePaths(await readdir(dir, { recursive: true, withFileTypes: true }));
}

/** listFiles, for the places that read synchronously. */
export function listFilesSync(dir: string): string[] {
  return toFilePaths(readdirSync(dir, { recursive: true, withFileTypes: true }));
}
