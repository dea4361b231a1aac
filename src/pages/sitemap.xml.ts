import { join } from 'node:path';
import { readContentLastModified } from '../site-content/content-modified.ts';
import { documentResponse } from '../http/plain-http.ts';
import { buildSitemapXml } from '../documents/sitemap-xml.ts';
import { site } from '../site/built-site.ts';

export const prerender = true;

/** GET /sitemap.xml (sitemaps.org): every page, with the date content/ last changed. */
export const GET = async () => {
  const contentDir = process.env.CONTENT_DIR ?? join(process.cwd(), 'content');
  const lastModified = await readContentLastModified(contentDir);
  return documentResponse(
    buildSitemapXml(site.urls, lastModified),
    'application/xml; charset=utf-8',
  );
};
