import { fileURLToPath } from 'node:url';

/** The content collection folder: `CONTENT_DIR` when set (tests use it), else ./content. */
export function resolveContentDir(env: { readonly CONTENT_DIR?: string | undefined }): string {
  return env.CONTENT_DIR ?? fileURLToPath(new URL('../../content', import.meta.url));
}
