import { readSiteContent } from '../../src/site-content/read-site-content.ts';
import type { SiteContent } from '../../src/schemas/site-content.ts';
import { ROOT } from './processes.ts';

/** The repository's own content collection, read through the one content reader. */
export async function loadSampleContent(): Promise<SiteContent> {
  return readSiteContent(`${ROOT}content`);
}
