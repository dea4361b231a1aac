import { fileURLToPath } from 'node:url';

/**
 * The content collection folder: `CONTENT_DIR` when set (tests use it), else ./content. Set but
 * empty (`CONTENT_DIR=`) counts as unset: an empty path would name the working folder, and the
 * build would report every file of the collection missing from it.
 */
export function resolveContentDir(env: { readonly CONTENT_DIR?: string | undefined }): string {
  return env.CONTENT_DIR || fileURLToPath(new URL('../../content', import.meta.url));
}
