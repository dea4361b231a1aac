import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * When content/ last changed: the newest modification time of its files. Read at build time for
 * the sitemap's `lastmod`; a fresh checkout (as on Vercel) dates every file at the checkout.
 */
export async function readContentLastModified(contentDir: string): Promise<Date> {
  let newest = 0;
  for (const entry of await readdir(contentDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const { mtimeMs } = await stat(join(entry.parentPath, entry.name));
    newest = Math.max(newest, mtimeMs);
  }
  if (newest === 0) throw new Error(`${contentDir} holds no files`);
  return new Date(newest);
}
