import type { PageName } from '../schemas/site-content.ts';

/** One HTML page of the site and its Markdown mirror (Agent Readability: a `.md` per page). */
export interface SitePage {
  readonly name: PageName;
  /** The page's own path. */
  readonly path: string;
  /** Its Markdown mirror: `<path>.md`, and `/index.md` for `/`. */
  readonly markdownPath: string;
}

/** Every page of the site, in navigation order: the pages docs/spec.md §1 names. */
export const SITE_PAGES: readonly SitePage[] = [
  { name: 'home', path: '/', markdownPath: '/index.md' },
  { name: 'developers', path: '/developers', markdownPath: '/developers.md' },
  { name: 'docs', path: '/docs', markdownPath: '/docs.md' },
];

/** The page a request path names (a trailing slash is ignored, as Astro's routing ignores it). */
export function findSitePage(pathname: string): SitePage | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return SITE_PAGES.find((page) => page.path === path);
}
