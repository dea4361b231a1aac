import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { SiteContent } from '../../schemas/site-content.ts';

/** What the build hands to the functions: the validated content and the public origin. */
export interface SiteSnapshot {
  readonly siteUrl: string;
  readonly content: SiteContent;
}

/** Renders the snapshot as a typed TypeScript module the functions import. */
export function renderSiteSnapshotModule(snapshot: SiteSnapshot): string {
  return [
    '// Generated at build time from content/ by src/integrations/site-snapshot.ts. Do not edit.',
    "import type { SiteSnapshot } from '../lib/content/site-snapshot.ts';",
    '',
    `export const siteSnapshot: SiteSnapshot = ${JSON.stringify(snapshot, null, 2)};`,
    '',
  ].join('\n');
}

/** Writes the snapshot module, leaving the file untouched when nothing changed (no needless reloads). */
export async function writeSiteSnapshotModule(file: string, snapshot: SiteSnapshot): Promise<boolean> {
  const text = renderSiteSnapshotModule(snapshot);
  const current = await readFile(file, 'utf8').catch(() => undefined);
  if (current === text) return false;
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, text);
  return true;
}
