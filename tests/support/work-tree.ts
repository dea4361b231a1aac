import { lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { runCommand } from './processes.ts';

/**
 * What a test run must leave as it found it: every file git ignores (the build outputs `dist/`,
 * `.vercel/`, `.astro/`, `src/generated/`, the local key file in `.local/`, logs), by path, with
 * its size, modification time and inode. Left out: node_modules (Vitest keeps its own cache
 * there), test-results/ (the browser tests' screenshots, written there for people to look at) and
 * files git would track, so editing or adding source files while tests run is no failure.
 */
export async function snapshotWorkTree(root: string): Promise<Map<string, string>> {
  const snapshot = new Map<string, string>();
  const listed = await runCommand(
    'git',
    ['ls-files', '-z', '--others', '--directory', '--exclude-standard', '--ignored'],
    {},
    root,
  );
  if (listed.code !== 0) throw new Error(`git ls-files failed in ${root}: ${listed.stderr}`);
  const entries = listed.stdout
    .split('\0')
    .filter((entry) => entry && !/^(node_modules|test-results)(\/|$)/.test(entry));
  for (const entry of entries) await recordEntry(root, entry.replace(/\/$/, ''), snapshot);
  return snapshot;
}

async function recordEntry(root: string, path: string, snapshot: Map<string, string>) {
  const stats = await lstat(join(root, path)).catch(() => undefined);
  if (!stats) return;
  if (!stats.isDirectory()) {
    snapshot.set(path, `${stats.size} ${stats.mtimeMs} ${stats.ino}`);
    return;
  }
  snapshot.set(`${path}/`, 'folder');
  for (const name of await readdir(join(root, path))) {
    await recordEntry(root, `${path}/${name}`, snapshot);
  }
}

/** The paths two snapshots disagree on, each with what happened to it. */
export function compareSnapshots(
  before: ReadonlyMap<string, string>,
  after: ReadonlyMap<string, string>,
): string[] {
  const changes: string[] = [];
  for (const [path, state] of before) {
    const now = after.get(path);
    if (now === undefined) changes.push(`removed ${path}`);
    else if (now !== state) changes.push(`changed ${path}`);
  }
  for (const path of after.keys()) if (!before.has(path)) changes.push(`added ${path}`);
  return changes.sort();
}
