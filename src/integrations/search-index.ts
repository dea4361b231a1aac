import type { AstroIntegration } from 'astro';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as pagefind from 'pagefind';

/** Where the index is served from: the route table's `search-index` surface. */
export const SEARCH_INDEX_PATH = '/pagefind/';

/**
 * The public path of a built HTML file (`docs/index.html` -> `/docs`), or undefined for a file the
 * search leaves out: the 404 page and anything that is no page of the site.
 */
export function readSearchablePath(file: string): string | undefined {
  const path = `/${file.split(sep).join('/')}`;
  if (!path.endsWith('.html') || path === '/404.html') return undefined;
  const page = path.replace(/(?:\/index)?\.html$/, '') || '/';
  const searchable = ['/', '/developers', '/docs', '/errors'];
  return searchable.includes(page) || page.startsWith('/errors/') ? page : undefined;
}

async function listHtmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)));
}

/**
 * Builds the Pagefind index of the pages for people (home with the site copy, developers, docs and
 * the error pages) after the build, beside them in `/pagefind/`: a static index the header's
 * search box loads on demand. Each page's URL is its public path, without a trailing slash.
 * @see https://pagefind.app/docs/node-api/
 */
export function searchIndexIntegration(): AstroIntegration {
  return {
    name: 'search-index',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        const { index, errors } = await pagefind.createIndex({});
        if (!index) throw new Error(`Pagefind could not start: ${errors.join('; ')}`);
        let pages = 0;
        for (const file of await listHtmlFiles(root)) {
          const url = readSearchablePath(file);
          if (!url) continue;
          const added = await index.addHTMLFile({
            url,
            content: await readFile(join(root, file), 'utf8'),
          });
          if (added.errors.length > 0)
            throw new Error(`Pagefind refused ${file}: ${added.errors.join('; ')}`);
          pages += 1;
        }
        const outputPath = join(root, SEARCH_INDEX_PATH);
        const written = await index.writeFiles({ outputPath });
        if (written.errors.length > 0)
          throw new Error(`Pagefind could not write: ${written.errors.join('; ')}`);
        await pagefind.close();
        if (!existsSync(join(outputPath, 'pagefind.js')))
          throw new Error('Pagefind wrote no pagefind.js');
        logger.info(`search index of ${pages} pages written to ${SEARCH_INDEX_PATH}`);
      },
    },
  };
}
