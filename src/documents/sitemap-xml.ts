import { buildPageUrl } from './page-markdown.ts';
import type { ServiceUrls } from '../service/urls.ts';
import { SITE_PAGES } from '../service/site-pages.ts';

function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/**
 * Builds /sitemap.xml: every page with its `lastmod` (W3C date), the time content/ last changed.
 * @see https://www.sitemaps.org/protocol.html
 */
export function buildSitemapXml(urls: ServiceUrls, lastModified: Date): string {
  const lastmod = lastModified.toISOString().slice(0, 10);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...SITE_PAGES.map(
      (page) =>
        `  <url><loc>${escapeXml(buildPageUrl(urls, page))}</loc><lastmod>${lastmod}</lastmod></url>`,
    ),
    '</urlset>',
    '',
  ].join('\n');
}
