import { buildAgentReadinessDocuments } from '../documents/agent-readiness-documents.ts';
import { buildChangelogFeed } from '../documents/changelog-feed.ts';
import { buildSitemapXml } from '../documents/sitemap-xml.ts';
import { buildAgentsMd, buildSitemapMd } from '../reference/agent-guides.ts';
import { PRODUCT_IMAGE } from '../generated/product-image.ts';
import { buildPageMarkdowns } from '../reference/page-markdown-versions.ts';
import { site } from './built-site.ts';
import { readPageLastModified } from './page-dates.ts';
import { siteRoutes } from './site-routes.ts';
import { toolExamples } from './tool-examples.ts';

/** The agent-readiness documents of the built site and its pages' Markdown versions (prerendered endpoints only). */
export const agentReadiness = {
  ...buildAgentReadinessDocuments(site),
  sitemapXml: buildSitemapXml(site.urls, siteRoutes.pages, readPageLastModified),
  sitemapMd: buildSitemapMd(site),
  agentsMd: buildAgentsMd(site),
  pageMarkdown: buildPageMarkdowns(
    site,
    siteRoutes.pages,
    readPageLastModified,
    toolExamples,
    PRODUCT_IMAGE,
  ),
  /** The changelog's Atom feed; undefined (and no surface names it) without content/changelog/. */
  changelogFeed: buildChangelogFeed(site.content, site.urls),
};
