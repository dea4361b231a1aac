import { readSiteContent } from '../../src/site-content/read-site-content.ts';
import { readProjectToolNames } from '../../src/integrations/mcp-tool-modules.ts';
import type { SiteContent } from '../../src/schemas/site-content.ts';
import { buildSiteRoutes } from '../../src/documents/site-routes.ts';
import type { RouteTable } from '../../src/service/routes.ts';
import { readFile } from 'node:fs/promises';
import { listFiles } from './list-files.ts';
import { ROOT } from './processes.ts';

/** The repository's own content collection, read through the one content reader. */
export async function loadSampleContent(): Promise<SiteContent> {
  return readSiteContent(`${ROOT}content`);
}

/** The route table of the repository's own content: its pages (content pages included) and surfaces. */
export async function loadSampleRoutes(): Promise<RouteTable> {
  return buildSiteRoutes(await loadSampleContent(), readProjectToolNames(process.cwd()));
}

/**
 * A search query that finds something in any valid content: the title of the first copy section
 * (the reader refuses a collection without one), for searches in tests and benchmarks.
 */
export function buildSampleQuery(content: SiteContent): string {
  return content.copy[0]?.title ?? content.product.name;
}

/**
 * Every text file (Markdown, YAML) of a content folder as written, joined: what its owner wrote.
 * The repository's own content/ unless another folder is named (a fixture company's).
 */
export async function readContentText(dir = `${ROOT}content`): Promise<string> {
  const files = (await listFiles(dir)).filter((file) => /\.(md|ya?ml)$/.test(file));
  return (await Promise.all(files.map((file) => readFile(file, 'utf8')))).join('\n');
}
