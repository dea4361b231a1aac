import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

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
