import type { PageName } from '../schemas/site-content.ts';
import { listDocsPages, NO_DOCS_PAGES, type DocsPageNames } from './docs-pages.ts';
import { listErrorCatalogue } from './error-catalogue.ts';

/**
 * Which group of pages a page belongs to: the main pages (each with its own component), the site
 * owner's own content pages (the generic route), the reference pages (the glossary), the pages
 * of the API reference under /docs (`docs-pages.ts`), the error pages.
 */
export type PageSection = 'main' | 'content' | 'reference' | 'docs' | 'errors';

/** One HTML page of the site and its Markdown mirror (Agent Readability: a `.md` per page). */
export interface SitePage {
  /**
   * A stable name: the content file's name for the main and content pages, `error-<code>` for an
   * error page.
   */
  readonly name: string;
  readonly section: PageSection;
  /** The page's own path. */
  readonly path: string;
  /** Its Markdown mirror: `<path>.md`, and `/index.md` for `/`. */
  readonly markdownPath: string;
}

/** A main page: its copy lives in content/pages/<name>.md, its component in src/pages/. */
export interface MainSitePage extends SitePage {
  readonly name: PageName;
  readonly section: 'main';
}

/** The pages docs/spec.md §1 names, in navigation order; their copy is content/pages/*.md. */
export const MAIN_PAGES: readonly MainSitePage[] = [
  { name: 'home', section: 'main', path: '/', markdownPath: '/index.md' },
  { name: 'developers', section: 'main', path: '/developers', markdownPath: '/developers.md' },
  { name: 'docs', section: 'main', path: '/docs', markdownPath: '/docs.md' },
];

/** The glossary of the terms a reader meets on this site. */
export const GLOSSARY_PAGE: SitePage = {
  name: 'glossary',
  section: 'reference',
  path: '/glossary',
  markdownPath: '/glossary.md',
};

/** The index of every error, then one page per error code (each problem `type` names one). */
export const ERROR_PAGES: readonly SitePage[] = [
  { name: 'errors', section: 'errors', path: '/errors', markdownPath: '/errors.md' },
  ...listErrorCatalogue().map((entry) => ({
    name: `error-${entry.code}`,
    section: 'errors' as const,
    path: `/errors/${entry.code}`,
    markdownPath: `/errors/${entry.code}.md`,
  })),
];

/** The page of content/pages/<slug>.md: `/<slug>`, mirrored at `/<slug>.md`. */
export function defineContentPage(slug: string): SitePage {
  return { name: slug, section: 'content', path: `/${slug}`, markdownPath: `/${slug}.md` };
}

/**
 * Every page of the site, each with a Markdown version: the main pages, the site owner's content
 * pages (by slug, as content/pages/ names them), the API reference's pages (named by the OpenAPI
 * document and the MCP tools), the glossary and the errors. The build reads the slugs from
 * content/ (see docs/architecture.md, "Pages: one content file").
 */
export function listSitePages(
  contentPageSlugs: readonly string[],
  docsPageNames: DocsPageNames = NO_DOCS_PAGES,
): SitePage[] {
  return [
    ...MAIN_PAGES,
    ...contentPageSlugs.map(defineContentPage),
    ...listDocsPages(docsPageNames),
    GLOSSARY_PAGE,
    ...ERROR_PAGES,
  ];
}

/** The path a page request names: a trailing slash is ignored, as Astro's routing ignores it. */
export function normalizePagePath(pathname: string): string {
  return pathname.length > 1 && pathname.endsWith('/') ? pathname.replace(/\/+$/, '') : pathname;
}

/** True for a page whose copy is in content/pages and whose component is its own (home, developers, docs). */
export function isMainPage(page: SitePage): page is MainSitePage {
  return page.section === 'main';
}
