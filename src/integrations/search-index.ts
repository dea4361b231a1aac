import type { AstroIntegration } from 'astro';
import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serializePageSections, type PageSection } from '../documents/page-search.ts';
import { PAGE_SEARCH_INDEX_PATH } from '../service/search-index-path.ts';
import type { SitePage } from '../service/site-pages.ts';
import { buildSiteRoutes } from '../documents/site-routes.ts';
import { readSiteContent } from '../site-content/read-site-content.ts';
import { readPageSections } from './page-sections.ts';
import { listToolModuleFiles, readToolNamesOfFiles } from './mcp-tool-modules.ts';

/** The built HTML file of a page's path (`/` -> `index.html`, `/docs` -> `docs/index.html`). */
export function readPageFile(root: string, path: string): string {
  return join(root, ...path.split('/').filter(Boolean), 'index.html');
}

/** Reads every page of the site from the build output and splits each into its sections. */
export async function readSiteSections(
  root: string,
  pages: readonly SitePage[],
): Promise<PageSection[]> {
  const sections: PageSection[] = [];
  for (const page of pages) {
    const html = await readFile(readPageFile(root, page.path), 'utf8');
    sections.push(...readPageSections(html, page.path));
  }
  return sections;
}

/**
 * Writes the search index of every page of the site (`listSitePages`: home with the site copy,
 * developers, docs, the content pages of content/ (read again here), the glossary and the error pages) after the build, as one JSON file of their
 * sections beside them (`/search-index.json`), which the header's search box loads and indexes on
 * demand. The pages are read as built, so every hit's anchor is an id the page has.
 */
export function searchIndexIntegration(options: { readonly contentDir: string }): AstroIntegration {
  return {
    name: 'search-index',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        // The build runs at the project root, as the site-snapshot integration's tools folder is.
        const toolNames = readToolNamesOfFiles(listToolModuleFiles(resolve('src/mcp/tools')));
        const { pages } = buildSiteRoutes(await readSiteContent(options.contentDir), toolNames);
        const sections = await readSiteSections(root, pages);
        const json = serializePageSections(sections);
        await writeFile(join(root, PAGE_SEARCH_INDEX_PATH), json);
        logger.info(
          `search index of ${sections.length} sections on ${pages.length} pages written to ${PAGE_SEARCH_INDEX_PATH} (${Math.round(json.length / 1024)} KiB)`,
        );
      },
    },
  };
}
