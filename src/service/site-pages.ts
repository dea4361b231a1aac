import type { PageName } from '../schemas/site-content.ts';
import { listErrorCatalogue } from './error-catalogue.ts';

/** Which group of pages a page belongs to: the main pages, the reference pages, the error pages. */
export type PageSection = 'main' | 'reference' | 'errors';

/** One HTML page of the site and its Markdown mirror (Agent Readability: a `.md` per page). */
export interface SitePage {
  /** A stable name: the content page's name for the main pages, `error-<code>` for an error page. */
  readonly name: string;
  readonly section: PageSection;
  /** The page's own path. */
  readonly path: string;
  /** Its Markdown mirror: `<path>.md`, and `/index.md` for `/`. */
  readonly markdownPath: string;
}

/** A main page: its copy lives in content/pages/<name>.md. */
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

/** Every page of the site, each with a Markdown version: the main pages, the glossary, the errors. */
export const SITE_PAGES: readonly SitePage[] = [...MAIN_PAGES, GLOSSARY_PAGE, ...ERROR_PAGES];

const PAGES_BY_PATH = new Map(SITE_PAGES.map((page) => [page.path, page]));

/** The page a request path names (a trailing slash is ignored, as Astro's routing ignores it). */
export function findSitePage(pathname: string): SitePage | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return PAGES_BY_PATH.get(path);
}

/** True for a page whose copy is in content/pages (home, developers, docs). */
export function isMainPage(page: SitePage): page is MainSitePage {
  return page.section === 'main';
}
