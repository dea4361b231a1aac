import {
  assemblePageMarkdown,
  buildHomeMarkdownBody,
  buildPageMarkdownHead,
} from '../documents/page-markdown.ts';
import type { SiteDocuments } from '../documents/site-documents.ts';
import type { PageName } from '../schemas/site-content.ts';
import { SITE_PAGES, type SitePage } from '../service/site-pages.ts';
import { buildDevelopersMarkdownBody } from './developers-markdown.ts';
import { buildDocsMarkdownBody } from './docs-markdown.ts';

/**
 * Builds a page's Markdown version: front matter, H1, the "For AI agents" note, then everything
 * the HTML page shows, in Markdown, from the same data; every link absolute.
 * @see Agent Readability spec (Markdown versions of pages); issue 17 item 1 (parity)
 */
function buildPageMarkdown(site: SiteDocuments, page: SitePage): string {
  const body =
    page.name === 'home'
      ? buildHomeMarkdownBody(site)
      : page.name === 'developers'
        ? buildDevelopersMarkdownBody(site)
        : buildDocsMarkdownBody(site);
  return assemblePageMarkdown(site.urls, [...buildPageMarkdownHead(site, page), ...body]);
}

/** Every page's Markdown version, by page name. */
export function buildPageMarkdowns(site: SiteDocuments): Map<PageName, string> {
  return new Map(SITE_PAGES.map((page) => [page.name, buildPageMarkdown(site, page)]));
}
