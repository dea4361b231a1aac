import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join, sep } from 'node:path';

/**
 * A digest of the code that writes the generated modules and gives them their types: every file
 * under `src/` (but `src/generated/`, what it writes) and `package-lock.json` (the bundled
 * packages), by path and content. `astro sync` keeps the last build's modules only while this is
 * unchanged: after `git pull` brings a schema with a new field, the kept snapshot would no longer
 * type-check, and the bundles would still hold the code before the pull.
 */
export async function computeSourceFingerprint(root: string): Promise<string> {
  const src = join(root, 'src');
  const generated = `generated${sep}`;
  const entries = await readdir(src, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(src.length + 1))
    .filter((path) => !path.startsWith(generated))
    .sort();
  const hash = createHash('sha256');
  for (const path of files) {
    // The path as `/`-separated on every system, so a checkout hashes alike on Windows.
    hash.update(`src/${path.split(sep).join('/')}\0`);
    hash.update(await readFile(join(src, path)));
    hash.update('\0');
  }
  hash.update('package-lock.json\0');
  hash.update(await readFile(join(root, 'package-lock.json')).catch(() => Buffer.alloc(0)));
  return hash.digest('hex');
}

/** The fingerprint recorded in `file` (by the last bundling), or undefined where there is none. */
export async function readRecordedFingerprint(file: string): Promise<string | undefined> {
  const text = await readFile(file, 'utf8').catch(() => '');
  return /^[0-9a-f]{64}$/.exec(text.trim())?.[0];
}
