import type { PublishedToolDescriptor } from '../schemas/mcp-tools.ts';
import type { SiteContent } from '../schemas/site-content.ts';
import { contentPageBodyKey, type SiteOutlines } from '../schemas/markdown-outline.ts';
import { buildApiReferenceText } from './api-reference-text.ts';
import { buildAgentInstructionsSection } from './agent-instructions.ts';
import { buildJsonDocumentPageUrl } from './json-document-pages.ts';
import {
  demoteHeadings,
  formatFeatureEntry,
  formatLinkEntry,
  formatLlmsTxtHead,
  joinMarkdown,
  placeCopySection,
  placeProductBody,
  readOutline,
  type PlacedBody,
} from './markdown-text.ts';
import { escapeMarkdownText } from '../service/escape-markdown.ts';
import type { ServiceUrls } from '../service/urls.ts';

/** What the API reference part of /llms-full.txt is read from: what the API itself publishes. */
export interface PublishedApi {
  readonly openapi: Record<string, unknown>;
  readonly tools: readonly PublishedToolDescriptor[];
}

/**
 * Builds /llms-full.txt: the whole public site copy in one Markdown text, each body's headings
 * pushed under its own H2 (by the outlines the build parsed), after the "Instructions for agents",
 * then the API reference, so an agent that fetches this one file has both (docs/architecture.md,
 * "Documents").
 * @see https://llmstxt.org/
 */
export function buildLlmsFullTxt(
  content: SiteContent,
  urls: ServiceUrls,
  outlines: SiteOutlines,
  api: PublishedApi,
): string {
  const { company, agents, product, callsToAction, copy } = content;
  const facts = [
    ['Name', company.name],
    ['Short name', company.alternateName],
    ['Website', company.website],
    ['Tagline', company.tagline],
    ['Founded', company.foundingDate],
    ['Headquarters', company.headquarters],
    ['Contact', company.contactUrl],
  ].flatMap(([label, value]) => (value ? [`- ${label}: ${escapeMarkdownText(value)}`] : []));
  const sections: (string | PlacedBody)[][] = [
    [
      ...formatLlmsTxtHead(company.name, agents.summary),
      '',
      escapeMarkdownText(company.description),
      '',
      ...facts,
    ],
    [buildAgentInstructionsSection(content).join('\n').trimEnd()],
    [
      `## ${escapeMarkdownText(product.name)}`,
      '',
      escapeMarkdownText(product.summary),
      '',
      ...(product.category ? [`Category: ${escapeMarkdownText(product.category)}`, ''] : []),
      ...product.features.map(formatFeatureEntry),
      ...(product.features.length > 0 ? [''] : []),
      placeProductBody(product, outlines, urls),
    ],
    ...copy.map((section) => [
      `## ${escapeMarkdownText(section.title)}`,
      '',
      escapeMarkdownText(section.description),
      '',
      placeCopySection(section, outlines, urls),
    ]),
    // The site owner's own pages, after the sections of the home page, in the header's order.
    ...content.contentPages.map((page) => [
      `## ${escapeMarkdownText(page.heading)}`,
      '',
      escapeMarkdownText(page.description),
      '',
      `Page: ${urls.origin}/${page.slug}`,
      ...(page.body
        ? [
            '',
            {
              placed: demoteHeadings(page.body, readOutline(outlines.contentPages, page.slug), 1, {
                footnotePrefix: `${page.slug}-`,
                renamedIds: outlines.renamedIds[contentPageBodyKey(page.slug)],
                pageUrl: `${urls.origin}/${page.slug}`,
              }),
            },
          ]
        : []),
    ]),
    [
      '## Calls to action',
      '',
      ...callsToAction.map((cta) => formatLinkEntry(cta.label, cta.url, cta.description)),
    ],
    [
      '## For agents and developers',
      '',
      // Markdown, as in llms.txt: each JSON document by the page that describes it, each page by
      // its Markdown version (readers of llms-full.txt walk its links as pages).
      formatLinkEntry('Company overview (JSON)', buildJsonDocumentPageUrl(urls.origin, 'overview')),
      formatLinkEntry('MCP endpoint', buildJsonDocumentPageUrl(urls.origin, 'mcp')),
      formatLinkEntry('OpenAPI description', buildJsonDocumentPageUrl(urls.origin, 'openapi')),
      formatLinkEntry('Developer portal', `${urls.developers}.md`),
      formatLinkEntry('API documentation', `${urls.docs}.md`),
      formatLinkEntry('auth.md', urls.authMd),
      formatLinkEntry('Concise index (llms.txt)', urls.llmsTxt),
    ],
    [buildApiReferenceText(api.openapi, api.tools, urls)],
  ];
  // Every link absolute, as in the pages' Markdown versions: the text is read without a base URL
  // (an owner's body links `/developers`, the changelog its feed); each body's by its outline.
  const parts = sections.flatMap((section, index) => (index === 0 ? section : ['', ...section]));
  return `${joinMarkdown(parts, urls.origin)}\n`;
}
