import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ContentError } from './content-error.ts';

/**
 * The content collection folder: `CONTENT_DIR` when set (tests use it), else `content/` of the
 * project root: this module's project by default, or `root` where this code runs from a copy
 * elsewhere (vercel.ts, which the Vercel CLI compiles into .vercel/, passes the working folder).
 * Set but empty (`CONTENT_DIR=`) counts as unset: an empty path would name the working folder,
 * and the build would report every file of the collection missing from it.
 */
export function resolveContentDir(
  env: { readonly CONTENT_DIR?: string | undefined },
  root = fileURLToPath(new URL('../..', import.meta.url)),
): string {
  return env.CONTENT_DIR || join(root, 'content');
}

/**
 * Refuses a content folder that is not there (a mistyped CONTENT_DIR, a deleted `content/`) with
 * one problem naming the path looked up, instead of one for each file the folder should hold.
 */
export async function checkContentFolder(contentDir: string): Promise<void> {
  const isFolder = await stat(contentDir).then(
    (found) => found.isDirectory(),
    () => false,
  );
  if (isFolder) return;
  throw new ContentError([
    {
      file: contentDir,
      field: '(folder)',
      message:
        'is not a folder: the content collection is content/ of the project, or the folder CONTENT_DIR names',
    },
  ]);
}
