import { buildAgentInstructionsSection } from '../documents/agent-instructions.ts';
import { demoteHeadings, readOutline, type PlacedBody } from '../documents/markdown-text.ts';
import { buildErrorPages, ERRORS_INDEX_COPY } from '../documents/error-pages.ts';
import { contentPageBodyKey } from '../schemas/markdown-outline.ts';
import { escapeMarkdownText } from '../service/escape-markdown.ts';
import {
  assemblePageMarkdown,
  buildHomeMarkdownBody,
  buildMarkdownSitemapSection,
  buildPageMarkdownHead,
  buildPageUrl,
  type PageCopy,
  type ShownImage,
} from '../documents/page-markdown.ts';
import type { SiteDocuments } from '../documents/site-documents.ts';
import { listWebMcpTools } from '../documents/webmcp-tools.ts';
import { isMainPage, type SitePage } from '../service/site-pages.ts';
import { buildDevelopersMarkdownBody } from './developers-markdown.ts';
import { buildDocsMarkdownBody } from './docs-markdown.ts';
import { buildDocsPageMarkdownParts } from './docs-pages-markdown.ts';
import {
  buildErrorPageMarkdownBody,
  buildErrorsIndexMarkdownBody,
} from './error-pages-markdown.ts';
import { GLOSSARY_COPY } from './glossary.ts';
import { buildGlossaryMarkdownBody } from './glossary-markdown.ts';
import { buildSiteNavigation } from './site-navigation.ts';
import type { ToolExamples } from './tool-examples.ts';

/** When the content behind a page last changed (read at build time by the caller). */
export type PageDates = (page: SitePage) => Date;

/** The copy of a page of content/, its plain-text heading escaped as the Markdown H1. */
function markdownHeading(copy: PageCopy): PageCopy {
  return { ...copy, heading: escapeMarkdownText(copy.heading) };
}

/** A page's copy (title, description, H1) and its body as Markdown lines. */
function readPageParts(
  site: SiteDocuments,
  page: SitePage,
  examples: ToolExamples,
  productImage: ShownImage | undefined,
): { copy: PageCopy; body: (string | PlacedBody)[] } {
  if (isMainPage(page)) {
    const copy = markdownHeading(site.content.pages[page.name]);
    const body =
      page.name === 'home'
        ? buildHomeMarkdownBody(site, productImage)
        : page.name === 'developers'
          ? buildDevelopersMarkdownBody(site)
          : buildDocsMarkdownBody(site);
    return { copy, body };
  }
  if (page.section === 'content') {
    const content = site.content.contentPages.find((candidate) => candidate.slug === page.name);
    if (!content) throw new Error(`no content page ${page.name}`);
    // The generic route renders the body under the H1 with no heading level skipped
    // (content.config.ts): the Markdown version's headings are the page's.
    const body = demoteHeadings(
      content.body,
      readOutline(site.outlines.contentPages, page.name),
      0,
      {
        renamedIds: site.outlines.renamedIds[contentPageBodyKey(page.name)],
        pageUrl: buildPageUrl(site.urls, page),
      },
    );
    return { copy: markdownHeading(content), body: body ? [{ placed: body }, ''] : [] };
  }
  if (page.section === 'docs') return buildDocsPageMarkdownParts(site, page.path, examples);
  if (page.section === 'reference')
    return { copy: GLOSSARY_COPY, body: buildGlossaryMarkdownBody() };
  const errorPages = buildErrorPages(site.urls.origin);
  if (page.path === '/errors')
    return { copy: ERRORS_INDEX_COPY, body: buildErrorsIndexMarkdownBody(errorPages) };
  const errorPage = errorPages.find((candidate) => `/errors/${candidate.entry.code}` === page.path);
  if (!errorPage) throw new Error(`no error page for ${page.path}`);
  const copy = {
    title: errorPage.title,
    description: errorPage.description,
    heading: `Error \`${errorPage.entry.code}\``,
  };
  return { copy, body: buildErrorPageMarkdownBody(errorPage) };
}

/**
 * Builds a page's Markdown version: front matter, H1, the "For AI agents" note, then everything
 * the HTML page shows, in Markdown, from the same data; then the short `## Sitemap`; every link
 * absolute.
 * @see Agent Readability spec (Markdown versions of pages); issue 17 item 1, issue 20 items 2-3
 */
function buildPageMarkdown(
  site: SiteDocuments,
  page: SitePage,
  dates: PageDates,
  examples: ToolExamples,
  productImage: ShownImage | undefined,
): string {
  const { copy, body } = readPageParts(site, page, examples, productImage);
  return assemblePageMarkdown(
    site.urls,
    [
      ...buildPageMarkdownHead(
        site.urls,
        page,
        copy,
        dates(page),
        listWebMcpTools(site.mcpTools).map((tool) => tool.name),
        buildAgentInstructionsSection(site.content),
      ),
      ...body,
      ...buildMarkdownSitemapSection(site.urls, buildSiteNavigation(site.content)),
    ],
    page.path,
  );
}

/**
 * Every page's Markdown version (of the route table's pages), by the page's path; the MCP tools'
 * pages with the example results of `examples` (runToolExamples), the home page with the product's
 * image where the hero shows one (its address is the build's: src/generated/product-image.ts).
 */
export function buildPageMarkdowns(
  site: SiteDocuments,
  pages: readonly SitePage[],
  dates: PageDates,
  examples: ToolExamples,
  productImage?: ShownImage,
): Map<string, string> {
  return new Map(
    pages.map((page) => [page.path, buildPageMarkdown(site, page, dates, examples, productImage)]),
  );
}
