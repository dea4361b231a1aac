import { MARKDOWN_TOKENS_HEADER } from '../service/markdown-tokens.ts';
import { buildDocsNavigation } from './docs-reference.ts';
import { endSentence } from '../documents/end-sentence.ts';
import { buildErrorPages, ERRORS_INDEX_COPY } from '../documents/error-pages.ts';
import { formatLinkEntry, formatSummaryQuote } from '../documents/markdown-text.ts';
import { escapeMarkdownText } from '../service/escape-markdown.ts';
import {
  buildMcpCurl,
  buildQuickstartInitialize,
  QUICKSTART_TOOLS_LIST,
} from '../documents/mcp-quickstart.ts';
import type { SiteDocuments } from '../documents/site-documents.ts';
import { MAIN_PAGES } from '../service/site-pages.ts';
import { buildCopyDocumentUrl, type ServiceUrls } from '../service/urls.ts';
import { API_VERSION } from '../service/versions.ts';
import { GLOSSARY_COPY } from './glossary.ts';
import { formatFence } from './markdown-tables.ts';

/** The agent documents both guides link: what each is, by URL. */
function listAgentDocuments(urls: ServiceUrls): string[] {
  return [
    formatLinkEntry('llms.txt', urls.llmsTxt, 'The short index of this site for language models.'),
    formatLinkEntry(
      'llms-full.txt',
      urls.llmsFullTxt,
      'All the public site copy and the API reference in one text.',
    ),
    formatLinkEntry('AGENTS.md', urls.agentsMd, 'How an agent uses this site.'),
    formatLinkEntry('auth.md', urls.authMd, 'Optional anonymous registration for a bearer token.'),
    formatLinkEntry('OpenAPI description', urls.openapi, 'OpenAPI 3.1 of the REST API v1.'),
    formatLinkEntry(
      'MCP server card',
      `${urls.mcp}/server-card`,
      'The MCP server, before connecting.',
    ),
    formatLinkEntry('AI Catalog', urls.aiCatalog, 'The server card, API catalog and OpenAPI.'),
    formatLinkEntry('API catalog', urls.apiCatalog, 'RFC 9727 linkset of the APIs of this origin.'),
    formatLinkEntry(
      'robots.txt',
      `${urls.origin}/robots.txt`,
      'Crawler rules and Content Signals.',
    ),
    formatLinkEntry('sitemap.xml', `${urls.origin}/sitemap.xml`, 'Every HTML page, with its date.'),
  ];
}

/**
 * Builds /sitemap.md: a heading per group and a link to the Markdown version of every page (main
 * pages, glossary, errors), every copy section and every agent document, for agents reading
 * Markdown. Linked from llms.txt, robots.txt and every Markdown version's `## Sitemap`.
 * @see https://llmstxt.org/ (Markdown link lists); issue 20 item 3
 */
export function buildSitemapMd(site: SiteDocuments): string {
  const { content, urls } = site;
  const errorPages = buildErrorPages(urls.origin);
  const markdownUrl = (path: string) => `${urls.origin}${path}`;
  return [
    '---',
    `title: ${JSON.stringify(`Sitemap of ${content.company.alternateName}'s developer portal`)}`,
    `description: ${JSON.stringify('Every page of this site as Markdown, the site copy and the documents for agents, each linked by URL.')}`,
    `doc_version: ${JSON.stringify(API_VERSION)}`,
    '---',
    '',
    `# Sitemap of ${escapeMarkdownText(content.company.alternateName)}'s developer portal`,
    '',
    `> Every page of ${urls.home} as Markdown. Each HTML page also answers Markdown to \`Accept: text/markdown\`.`,
    '',
    '## Pages',
    '',
    ...MAIN_PAGES.map((page) =>
      formatLinkEntry(
        content.pages[page.name].title,
        markdownUrl(page.markdownPath),
        content.pages[page.name].description,
      ),
    ),
    ...content.contentPages.map((page) =>
      formatLinkEntry(page.title, markdownUrl(`/${page.slug}.md`), page.description),
    ),
    formatLinkEntry(GLOSSARY_COPY.title, markdownUrl('/glossary.md'), GLOSSARY_COPY.description),
    '',
    // The API reference's pages (issue 26), in the sidebar's order.
    '## API reference',
    '',
    ...buildDocsNavigation(site)
      .flatMap((group) => group.items)
      .filter((item) => item.isDocsPage && item.path !== '/docs')
      .map((item) => formatLinkEntry(item.title, markdownUrl(`${item.path}.md`), item.description)),
    '',
    '## Errors',
    '',
    formatLinkEntry(
      ERRORS_INDEX_COPY.title,
      markdownUrl('/errors.md'),
      ERRORS_INDEX_COPY.description,
    ),
    ...errorPages.map(({ entry }) =>
      formatLinkEntry(
        `${entry.code} (${entry.status} ${entry.title})`,
        markdownUrl(`/errors/${entry.code}.md`),
        entry.detail,
      ),
    ),
    '',
    '## Site copy',
    '',
    ...site.copyDocuments.map((document) =>
      formatLinkEntry(
        document.title,
        buildCopyDocumentUrl(urls.origin, document.slug),
        document.description,
      ),
    ),
    '',
    '## Agent documents',
    '',
    ...listAgentDocuments(urls),
    '',
  ].join('\n');
}

/**
 * Builds /AGENTS.md: how an agent uses this site (Getting started, Usage, Reference), from the
 * same content as llms.txt: the summary and guidance of content/agents.yaml, the URLs and the
 * quickstart requests.
 * @see https://agents.md/ (the AGENTS.md convention); issue 20 item 3
 */
export function buildAgentsMd(site: SiteDocuments): string {
  const { content, urls } = site;
  const { company, agents } = content;
  const signals = agents.contentSignals;
  const yesNo = (value: boolean) => (value ? 'yes' : 'no');
  return [
    `# AGENTS.md: ${escapeMarkdownText(company.name)}`,
    '',
    formatSummaryQuote(agents.summary),
    '',
    '## Getting started',
    '',
    'Everything here is public and read-only: no key, no account and no token is needed.',
    '',
    `1. Read [llms.txt](${urls.llmsTxt}) for the index, or [the Markdown sitemap](${urls.sitemapMd}) for every page.`,
    `2. Fetch the facts as JSON: \`GET ${urls.overview}\`.`,
    `3. Or connect an MCP client to ${urls.mcp} (streamable HTTP, JSON-RPC 2.0) and list its read-only tools:`,
    '',
    ...formatFence('sh', buildMcpCurl(urls.mcp, buildQuickstartInitialize())),
    ...formatFence('sh', buildMcpCurl(urls.mcp, QUICKSTART_TOOLS_LIST)),
    '## Usage',
    '',
    ...agents.guidance.map((sentence) => `- ${endSentence(sentence)}`),
    `- Every page has a Markdown version at \`<path>.md\` (\`/index.md\` for \`/\`); the page URL answers Markdown to \`Accept: text/markdown\`.`,
    `- Every Markdown answer, llms.txt and llms-full.txt included, names its size in the \`${MARKDOWN_TOKENS_HEADER}\` header: the number of o200k_base tokens of its body, counted when the site is built. A \`HEAD\` request reads it without the body.`,
    `- An error on an API path is an RFC 9457 problem whose \`type\` is the URL of its page under [/errors](${urls.origin}/errors.md); append \`.md\` for Markdown.`,
    `- Usage preferences (Content Signals): search=${yesNo(signals.search)}, ai-input=${yesNo(signals.aiInput)}, ai-train=${yesNo(signals.aiTrain)}.`,
    `- A bearer token is optional and only labels your traffic: see [auth.md](${urls.authMd}).`,
    '',
    '## Reference',
    '',
    formatLinkEntry('API docs', `${urls.origin}/docs.md`, content.pages.docs.description),
    formatLinkEntry(
      'Developer portal',
      `${urls.origin}/developers.md`,
      content.pages.developers.description,
    ),
    formatLinkEntry(GLOSSARY_COPY.title, `${urls.origin}/glossary.md`, GLOSSARY_COPY.description),
    formatLinkEntry(
      ERRORS_INDEX_COPY.title,
      `${urls.origin}/errors.md`,
      ERRORS_INDEX_COPY.description,
    ),
    ...listAgentDocuments(urls).filter((line) => !line.startsWith('- [AGENTS.md]')),
    '',
  ].join('\n');
}
