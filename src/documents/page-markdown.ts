import type { SiteContent } from '../schemas/site-content.ts';
import type { SiteOutlines } from '../schemas/markdown-outline.ts';
import {
  demoteHeadings,
  formatFeatureEntry,
  formatLinkEntry,
  joinMarkdown,
  placeCopySection,
  placeProductBody,
  type PlacedBody,
} from './markdown-text.ts';
import { escapeMarkdownText } from '../service/escape-markdown.ts';
import {
  HOME_DEVELOPER_LINKS,
  isTaglineInHeading,
  listHomeFacts,
  splitHomeActions,
} from './home-page.ts';
import type { ServiceUrls } from '../service/urls.ts';
import type { SitePage } from '../service/site-pages.ts';
import { API_VERSION } from '../service/versions.ts';

/**
 * What a page's Markdown version is built from: the content with its Markdown outlines, the URLs
 * and the OpenAPI document.
 */
export interface PageMarkdownSource {
  readonly content: SiteContent;
  readonly outlines: SiteOutlines;
  readonly urls: ServiceUrls;
  readonly openapi: Record<string, unknown>;
}

/** The absolute URL of a page (the Markdown version's canonical link). */
export function buildPageUrl(urls: ServiceUrls, page: SitePage): string {
  return page.path === '/' ? urls.home : `${urls.origin}${page.path}`;
}

/** The "For AI agents" note every page and every Markdown version opens with (AgentNote.astro). */
function buildAgentNote(urls: ServiceUrls, page: SitePage, webMcpTools: readonly string[]): string {
  const tools = webMcpTools.map((name) => `\`${name}\``).join(', ');
  return `> **For AI agents:** [llms.txt](${urls.llmsTxt}) · [this page as Markdown](${urls.origin}${page.markdownPath}) · [MCP endpoint](${urls.mcp}) (\`/mcp\`) · WebMCP tools this page registers with \`document.modelContext\`: ${tools}.`;
}

/** The copy a page's head is built from: its title, meta description and H1. */
export interface PageCopy {
  readonly title: string;
  readonly description: string;
  /** The H1 as Markdown (a content page's plain-text heading escaped by escapeMarkdownText). */
  readonly heading: string;
}

/**
 * Builds the head of a page's Markdown version: YAML front matter (title, description, canonical,
 * the API version as `doc_version`, `last_updated` as ISO 8601), the page's H1, the "For AI
 * agents" note and the "Instructions for agents" section (`buildAgentInstructionsSection`).
 * @see Agent Readability spec (Markdown versions at `<path>.md` with front matter); issue 28 item 4
 */
export function buildPageMarkdownHead(
  urls: ServiceUrls,
  page: SitePage,
  copy: PageCopy,
  lastUpdated: Date,
  webMcpTools: readonly string[],
  instructions: readonly string[],
): string[] {
  return [
    '---',
    `title: ${JSON.stringify(copy.title)}`,
    `description: ${JSON.stringify(copy.description)}`,
    `canonical: ${JSON.stringify(buildPageUrl(urls, page))}`,
    `doc_version: ${JSON.stringify(API_VERSION)}`,
    `last_updated: ${JSON.stringify(lastUpdated.toISOString())}`,
    '---',
    '',
    `# ${copy.heading}`,
    '',
    buildAgentNote(urls, page, webMcpTools),
    '',
    ...instructions,
  ];
}

/** The pages the short `## Sitemap` section names after the header's, by label. */
export const MARKDOWN_SITEMAP_PAGES: readonly { readonly label: string; readonly path: string }[] =
  [
    { label: 'Glossary', path: '/glossary.md' },
    { label: 'Errors', path: '/errors.md' },
  ];

/**
 * The `## Sitemap` section every Markdown version ends with: the Markdown versions of the pages
 * the header links (`navigation`: buildSiteNavigation's, the main pages by an owner's `navLabel`
 * and the owner's pages in the navigation), then the glossary, the errors and the full Markdown
 * sitemap, so an agent reading Markdown can move on without the HTML.
 */
export function buildMarkdownSitemapSection(
  urls: ServiceUrls,
  navigation: readonly { readonly href: string; readonly label: string }[],
): string[] {
  const links = [
    ...navigation.map(
      ({ href, label }) =>
        `[${escapeMarkdownText(label)}](${urls.origin}${href === '/' ? '/index' : href}.md)`,
    ),
    ...MARKDOWN_SITEMAP_PAGES.map(({ label, path }) => `[${label}](${urls.origin}${path})`),
  ];
  return ['## Sitemap', '', `${links.join(' · ')} · [Every page](${urls.sitemapMd})`, ''];
}

/**
 * Joins a Markdown version's head and body, links made absolute (a link to a part of the page, to
 * that part of the HTML page at `pagePath`), with one final newline.
 */
export function assemblePageMarkdown(
  urls: ServiceUrls,
  lines: readonly (string | PlacedBody)[],
  pagePath: string,
): string {
  return `${joinMarkdown(lines, urls.origin, pagePath).trimEnd()}\n`;
}

/** The home page's "For developers and AI agents" sentence (index.astro shows the same). */
export const FOR_DEVELOPERS_TEXT =
  'The same facts are published as a read-only REST API, an MCP endpoint and llms.txt, with no key and no token needed.';

/** The product's image as the home page shows it: its address (root-relative or absolute), its alt text. */
export interface ShownImage {
  readonly url: string;
  readonly alt: string;
}

/**
 * The home page's body as Markdown, in the order index.astro renders it; with the product's
 * image when the hero shows one (content/product.md's `image`, whose address the build gives).
 */
export function buildHomeMarkdownBody(
  { content, outlines, urls }: PageMarkdownSource,
  productImage?: ShownImage,
): (string | PlacedBody)[] {
  const { company, product, copy, pages } = content;
  const { primary, secondary } = splitHomeActions(content.callsToAction);
  return [
    ...(isTaglineInHeading(company.tagline, pages.home.heading)
      ? []
      : [`**${escapeMarkdownText(company.tagline)}**`, '']),
    escapeMarkdownText(company.description),
    '',
    ...[primary, ...secondary].map((cta) => formatLinkEntry(cta.label, cta.url, cta.description)),
    '',
    // The hero's picture, beside its calls to action: its alt text says what the product looks
    // like to an agent reading away from the page; its address is absolute, as every link here.
    ...(productImage
      ? [
          `![${escapeMarkdownText(productImage.alt)}](${new URL(productImage.url, urls.origin).href})`,
          '',
        ]
      : []),
    ...listHomeFacts(content).map(
      (fact) =>
        `- ${fact.label}: ${fact.href ? `[${escapeMarkdownText(fact.value)}](${fact.href})` : escapeMarkdownText(fact.value)}`,
    ),
    '',
    // The introduction's headings at the levels the page gives them (under its h1, as the pages
    // collection renders every page's body: content.config.ts), beside the sections' h2s. Each
    // body's footnote labels take its name, as they are joined into one document.
    ...(pages.home.body
      ? [
          {
            placed: demoteHeadings(pages.home.body, outlines.pages.home, 0, {
              footnotePrefix: 'home-',
              renamedIds: outlines.renamedIds.home,
              pageUrl: urls.home,
            }),
          },
          '',
        ]
      : []),
    `## ${escapeMarkdownText(product.name)}`,
    '',
    escapeMarkdownText(product.summary),
    '',
    ...product.features.map(formatFeatureEntry),
    ...(product.features.length > 0 ? [''] : []),
    placeProductBody(product, outlines, urls),
    '',
    '## For developers and AI agents',
    '',
    FOR_DEVELOPERS_TEXT,
    '',
    ...HOME_DEVELOPER_LINKS.map((link) =>
      formatLinkEntry(link.label, `${urls.origin}${link.path}`, link.text),
    ),
    '',
    ...[...copy]
      .sort((a, b) => a.order - b.order)
      .flatMap((section) => [
        `## ${escapeMarkdownText(section.title)}`,
        '',
        placeCopySection(section, outlines, urls),
        '',
      ]),
  ];
}
