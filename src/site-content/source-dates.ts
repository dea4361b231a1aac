import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { isAbsolute, join, relative } from 'node:path';

/** Where a page's date came from, for the docs and the tests. */
export type SourceDateOrigin = 'SOURCE_DATE_EPOCH' | 'git' | 'mtime';

/** When the sources behind a page last changed, and how that was found out. */
export interface SourceDate {
  readonly date: Date;
  readonly origin: SourceDateOrigin;
}

/** Runs git in a folder; undefined when git is missing, fails, or the folder is no checkout. */
function runGit(cwd: string, args: readonly string[]): string | undefined {
  try {
    return execFileSync('git', args, {
      cwd,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch {
    return undefined;
  }
}

/** The newest modification time of the files at these paths (folders searched recursively). */
function readNewestMtime(paths: readonly string[]): number {
  let newest = 0;
  for (const path of paths) {
    const stats = statSync(path, { throwIfNoEntry: false });
    if (!stats) continue;
    if (stats.isFile()) newest = Math.max(newest, stats.mtimeMs);
    else if (stats.isDirectory())
      for (const entry of readdirSync(path, { recursive: true, withFileTypes: true }))
        if (entry.isFile())
          newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/**
 * When the files at `paths` (relative to `root`, or absolute) last changed, found the first of
 * three ways that applies:
 * 1. `SOURCE_DATE_EPOCH` (seconds since the epoch), the reproducible-builds convention, when set;
 * 2. the committer date of the newest commit touching them (`git log -1`), when `root` is a git
 *    checkout and none of them has uncommitted changes. A shallow clone (as Vercel makes) knows only
 *    its last commit, so there the date is that commit's: never earlier than the true change;
 * 3. the newest modification time of the files (no checkout, as in a copied tree, or uncommitted
 *    edits, whose time is the edit's).
 * Throws when none of the paths exists: a page with no sources is a bug of the caller.
 * @see https://reproducible-builds.org/specs/source-date-epoch/
 */
export function readSourcesLastModified(
  root: string,
  paths: readonly string[],
  env: { readonly SOURCE_DATE_EPOCH?: string | undefined } = process.env,
): SourceDate {
  const epoch = env.SOURCE_DATE_EPOCH;
  if (epoch !== undefined && epoch !== '') {
    if (!/^\d+$/.test(epoch)) throw new Error(`SOURCE_DATE_EPOCH must be whole seconds: ${epoch}`);
    return { date: new Date(Number(epoch) * 1000), origin: 'SOURCE_DATE_EPOCH' };
  }
  const absolute = paths.map((path) => (isAbsolute(path) ? path : join(root, path)));
  const newestMtime = readNewestMtime(absolute);
  if (newestMtime === 0) throw new Error(`none of ${paths.join(', ')} exists under ${root}`);
  const relativePaths = absolute.map((path) => relative(root, path) || '.');
  // `git status` fails outside a work tree (no checkout, or inside .git), as
  // `rev-parse --is-inside-work-tree` would say: one process fewer for each group of pages.
  const dirty = runGit(root, ['status', '--porcelain', '--', ...relativePaths]);
  if (dirty === '') {
    const committed = runGit(root, ['log', '-1', '--format=%cI', '--', ...relativePaths])?.trim();
    if (committed) return { date: new Date(committed), origin: 'git' };
  }
  return { date: new Date(newestMtime), origin: 'mtime' };
}
