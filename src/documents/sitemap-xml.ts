import { buildPageUrl } from './page-markdown.ts';
import type { ServiceUrls } from '../service/urls.ts';
import type { SitePage } from '../service/site-pages.ts';

function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/**
 * Builds /sitemap.xml: every page (main pages, content pages, glossary, errors) with its `lastmod` (W3C date),
 * when the content behind it last changed.
 * @see https://www.sitemaps.org/protocol.html
 */
export function buildSitemapXml(
  urls: ServiceUrls,
  pages: readonly SitePage[],
  dates: (page: SitePage) => Date,
): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...pages.map(
      (page) =>
        `  <url><loc>${escapeXml(buildPageUrl(urls, page))}</loc><lastmod>${dates(page).toISOString().slice(0, 10)}</lastmod></url>`,
    ),
    '</urlset>',
    '',
  ].join('\n');
}
