import { readSourcesLastModified, type SourceDate } from '../site-content/source-dates.ts';
import type { PageSection, SitePage } from '../service/site-pages.ts';

/**
 * The sources behind each group of pages, relative to the project root: the main pages show
 * content/; the error pages the error catalogue; the glossary its terms.
 */
function listSectionSources(section: PageSection): string[] {
  switch (section) {
    case 'main':
    case 'content':
      // Read at build time from the project root, as the build runs there (CONTENT_DIR in tests).
      return [process.env.CONTENT_DIR || 'content'];
    case 'errors':
      return [
        'src/service/error-kinds.ts',
        'src/service/oauth-errors.ts',
        'src/service/error-catalogue.ts',
        'src/documents/error-pages.ts',
      ];
    case 'reference':
      return ['src/reference/glossary.ts'];
    case 'docs':
      // What the reference pages are generated from: the OpenAPI builders, the schemas, the tools.
      return ['src/documents/openapi', 'src/schemas', 'src/mcp/tools', 'src/reference'];
  }
}

const DATES = new Map<PageSection, SourceDate>();

/**
 * When the content behind a page last changed (JSON-LD `dateModified`, the Markdown version's
 * `last_updated`, the sitemap's `lastmod`); read at build time from the project root, once per
 * group of pages. See readSourcesLastModified for where the date comes from.
 */
export function readPageLastModified(page: SitePage): Date {
  let known = DATES.get(page.section);
  if (!known) {
    known = readSourcesLastModified(process.cwd(), listSectionSources(page.section));
    DATES.set(page.section, known);
  }
  return known.date;
}
