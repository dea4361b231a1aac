import { cp, mkdir, mkdtemp, readdir, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { requireTemporaryProject, ROOT, runCommand } from './processes.ts';

/** How a copy gets its node_modules. */
export type NodeModulesMode =
  /**
   * A real folder of symlinks to the project's packages (dot entries but `.bin` left out), so
   * Astro's and Vite's caches (`node_modules/.astro`, `.vite`) are the copy's own and builds never
   * write into the project's node_modules.
   */
  | 'linked-packages'
  /** A hard-linked copy (`cp -al`), as a fresh `npm ci` leaves it (for `vercel build`). */
  | 'hard-linked';

export interface ProjectCopyOptions {
  /** A content folder to copy in as the copy's `content/` instead of the project's own. */
  readonly contentDir?: string;
  readonly nodeModules?: NodeModulesMode;
  /** Prefix of the temporary folder's name. */
  readonly prefix?: string;
}

/**
 * Words in the name of every copy's folder. Owners keep projects in folders with spaces,
 * parentheses and letters beyond ASCII (`C:\Users\José Núñez\Documents`, `~/Mes sites`), so
 * every build, server and command the tests run from a copy runs from such a path.
 */
export const OWNER_FOLDER = 'Mes sites (José)';

/**
 * Copies the project into a new folder under the OS's temporary directory: the files git knows
 * (committed or not, none it ignores, so no build output or cache of the work tree), with
 * node_modules linked. Builds, dev servers and local servers run there, so no test or benchmark
 * writes into the work tree (`dist/`, `.vercel/`, `.astro/`, `src/generated/`). Returns the
 * copy's root, ending in a separator as `ROOT` does.
 */
export async function copyProject(options: ProjectCopyOptions = {}): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), `${options.prefix ?? 'project-copy-'}${OWNER_FOLDER}-`));
  const listed = await runCommand('git', [
    'ls-files',
    '-z',
    '--cached',
    '--others',
    '--exclude-standard',
  ]);
  if (listed.code !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
  const contentPrefix = 'content/';
  const files = listed.stdout
    .split('\0')
    .filter(Boolean)
    .filter((file) => options.contentDir === undefined || !file.startsWith(contentPrefix));
  // Files are copied a batch at a time: one at a time is slow, all at once opens too many files.
  const BATCH = 32;
  for (let start = 0; start < files.length; start += BATCH) {
    await Promise.all(files.slice(start, start + BATCH).map((file) => copyFile(file, dir)));
  }
  if (options.contentDir !== undefined) {
    await cp(options.contentDir, join(dir, 'content'), { recursive: true });
  }
  if ((options.nodeModules ?? 'linked-packages') === 'hard-linked') {
    const linked = await runCommand('cp', [
      '-al',
      join(ROOT, 'node_modules'),
      join(dir, 'node_modules'),
    ]);
    if (linked.code !== 0) throw new Error(`cannot link node_modules: ${linked.stderr}`);
    // Astro and Vite rewrite their caches in place; a hard link would carry the write back into
    // the project's (and every other linked checkout's) node_modules.
    for (const cache of ['.astro', '.vite']) {
      await rm(join(dir, 'node_modules', cache), { recursive: true, force: true });
    }
  } else {
    await linkPackages(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  }
  return `${dir}${sep}`;
}

/** Removes a copy made by copyProject (only folders under the OS's temporary directory). */
export async function removeProjectCopy(dir: string): Promise<void> {
  await rm(requireTemporaryProject(dir), { recursive: true, force: true });
}

async function copyFile(file: string, dir: string): Promise<void> {
  // Timestamps kept: pages are dated from their sources' modification times where git is absent.
  const options = { recursive: true, preserveTimestamps: true };
  await cp(join(ROOT, file), join(dir, file), options).catch((error: unknown) => {
    // A file deleted in the work tree but still in the index is simply not part of the copy.
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  });
}

async function linkPackages(source: string, target: string): Promise<void> {
  await mkdir(target);
  for (const name of await readdir(source)) {
    if (name.startsWith('.') && name !== '.bin') continue;
    await symlink(join(source, name), join(target, name));
  }
}
