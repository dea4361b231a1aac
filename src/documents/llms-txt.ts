import type { ContentPage, PageName, SiteContent } from '../schemas/site-content.ts';
import { listErrorCatalogue } from '../service/error-catalogue.ts';
import { MAIN_PAGES } from '../service/site-pages.ts';
import {
  buildOperationPagePath,
  buildSchemaPagePath,
  buildToolPagePath,
  MCP_PROMPTS_PAGE_PATH,
  MCP_RESOURCES_PAGE_PATH,
} from '../service/docs-pages.ts';
import { buildAgentInstructionsSection } from './agent-instructions.ts';
import { endSentence } from './end-sentence.ts';
import { buildJsonDocumentPageUrl, listJsonDocumentEntries } from './json-document-pages.ts';
import { formatLinkEntry, formatLlmsTxtHead } from './markdown-text.ts';
import { escapeMarkdownText } from '../service/escape-markdown.ts';
import { buildCopyDocumentUrl, type ServiceUrls } from '../service/urls.ts';

/** What llms.txt says of an MCP tool: its name, title and description, as tools/list has them. */
export interface LlmsTxtTool {
  readonly name: string;
  readonly title: string;
  readonly description: string;
}

/**
 * Builds /llms.txt: H1, blockquote summary, free text, the "Instructions for agents", H2 link
 * lists and an `## Optional` section; pages and copy are linked by their Markdown versions, each
 * JSON document by the Markdown page that describes it, each MCP tool by its reference page;
 * given the OpenAPI document, every page of the API reference (operations, MCP resources and
 * prompts, schemas) in a section of its own.
 * @see https://llmstxt.org/ (the llms.txt format)
 */
export function buildLlmsTxt(
  content: SiteContent,
  urls: ServiceUrls,
  tools: readonly LlmsTxtTool[],
  openapi?: unknown,
): string {
  const { company, agents, product, callsToAction, pages } = content;
  const markdownUrl = (name: PageName) =>
    `${urls.origin}${MAIN_PAGES.find((page) => page.name === name)?.markdownPath ?? ''}`;
  // Each JSON document is linked by the Markdown page that describes it (and links the JSON).
  const jsonDocuments = new Map(
    listJsonDocumentEntries(content, urls).map((entry) => [entry.slug, entry]),
  );
  const jsonDocumentEntry = (slug: string) => {
    const entry = jsonDocuments.get(slug);
    if (!entry) throw new Error(`llms.txt names an unknown JSON document: ${slug}`);
    return formatLinkEntry(
      entry.title,
      buildJsonDocumentPageUrl(urls.origin, slug),
      entry.description,
    );
  };
  const lines = [
    ...formatLlmsTxtHead(company.name, agents.summary),
    '',
    // The tagline is a paragraph of its own: one without closing punctuation ("Fresh salmon,
    // traceable from pen to plate") would otherwise run into the description's first sentence.
    escapeMarkdownText(company.tagline),
    '',
    escapeMarkdownText(company.description),
    '',
    ...buildAgentInstructionsSection(content),
    '## Facts',
    '',
    jsonDocumentEntry('overview'),
    formatLinkEntry(
      'Full site copy and API reference',
      urls.llmsFullTxt,
      endSentence(
        `All the public site copy in one text, then the API reference (every operation, MCP tool, schema and error): ${[product.name, ...content.copy.map((section) => section.title)].join('; ')}`,
      ),
    ),
    formatLinkEntry(company.alternateName, company.website, `The company's website.`),
    '',
    '## Site copy',
    '',
    formatLinkEntry(product.name, buildCopyDocumentUrl(urls.origin, 'product'), product.summary),
    ...content.copy.map((section) =>
      formatLinkEntry(
        section.title,
        buildCopyDocumentUrl(urls.origin, section.slug),
        section.description,
      ),
    ),
    '',
    '## Calls to action',
    '',
    ...callsToAction.map((cta) => formatLinkEntry(cta.label, cta.url, cta.description)),
    '',
    '## For agents and developers',
    '',
    jsonDocumentEntry('mcp'),
    jsonDocumentEntry('openapi'),
    formatLinkEntry('Developer portal', markdownUrl('developers'), pages.developers.description),
    formatLinkEntry('API documentation', markdownUrl('docs'), pages.docs.description),
    formatLinkEntry(
      'auth.md',
      urls.authMd,
      'How to register anonymously for an optional bearer token that only labels your traffic.',
    ),
    formatLinkEntry(
      'AGENTS.md',
      urls.agentsMd,
      'How an agent uses this site: getting started, usage and reference.',
    ),
    formatLinkEntry(
      'Markdown sitemap',
      urls.sitemapMd,
      "Every page's Markdown version, the site copy and the agent documents.",
    ),
    formatLinkEntry(
      'Glossary',
      `${urls.origin}/glossary.md`,
      'The terms used here, from MCP to problem details, each with its source.',
    ),
    '',
    '## MCP tools',
    '',
    ...tools.map((tool) =>
      formatLinkEntry(
        tool.name,
        `${urls.origin}${buildToolPagePath(tool.name)}.md`,
        `${endSentence(tool.title)} ${tool.description}`,
      ),
    ),
    '',
    // The API reference's pages (issue 26): one per operation and schema, plus two MCP pages.
    ...(openapi === undefined ? [] : listReferenceEntries(urls, openapi)),
    '## Errors',
    '',
    formatLinkEntry(
      'Every error',
      `${urls.origin}/errors.md`,
      "Each error's status and meaning; a problem's type links to its page.",
    ),
    ...listErrorCatalogue().map((entry) =>
      formatLinkEntry(
        `${entry.code} (${entry.status} ${entry.title})`,
        `${urls.origin}/errors/${entry.code}.md`,
        entry.detail,
      ),
    ),
    '',
    '## Optional',
    '',
    jsonDocumentEntry('api-catalog'),
    jsonDocumentEntry('oauth-protected-resource'),
    jsonDocumentEntry('oauth-authorization-server'),
    jsonDocumentEntry('ai-catalog'),
    formatLinkEntry('Home page', markdownUrl('home'), pages.home.description),
    // The changelog is one of the content pages (placed below); its Markdown version links the
    // Atom feed, so llms.txt links Markdown only (afdocs llms-txt-links-markdown, issue 28 item 1).
    '',
  ];
  return placeContentPages(lines, content.contentPages, urls).join('\n');
}

/**
 * Links each content page's Markdown version in the `## <llmsSection>` its front matter names:
 * at the end of that section when llms.txt has it, else in a new section before `## Optional`
 * (which llms.txt readers may skip), in the order of the pages.
 */
function placeContentPages(
  lines: readonly string[],
  contentPages: readonly ContentPage[],
  urls: ServiceUrls,
): string[] {
  const placed = [...lines];
  const sections = [...new Set(contentPages.map((page) => page.llmsSection))];
  for (const section of sections) {
    const entries = contentPages
      .filter((page) => page.llmsSection === section)
      .map((page) =>
        formatLinkEntry(page.title, `${urls.origin}/${page.slug}.md`, page.description),
      );
    const start = placed.indexOf(`## ${section}`);
    if (start >= 0) {
      // The section's list ends at its blank line before the next heading (or the end).
      const next = placed.findIndex((line, index) => index > start + 1 && line === '');
      placed.splice(next < 0 ? placed.length : next, 0, ...entries);
    } else {
      const optional = placed.indexOf('## Optional');
      placed.splice(
        optional < 0 ? placed.length : optional,
        0,
        `## ${section}`,
        '',
        ...entries,
        '',
      );
    }
  }
  return placed;
}

function asRecord(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};
}

/** The `## API reference` section: each operation's and schema's page, by its Markdown version. */
function listReferenceEntries(urls: ServiceUrls, openapi: unknown): string[] {
  const document = asRecord(openapi);
  const markdown = (path: string) => `${urls.origin}${path}.md`;
  const operations = Object.entries(asRecord(document.paths)).flatMap(([path, item]) =>
    Object.entries(asRecord(item)).flatMap(([method, value]) => {
      const operation = asRecord(value);
      if (typeof operation.operationId !== 'string') return [];
      return [
        formatLinkEntry(
          `${method.toUpperCase()} ${path}`,
          markdown(buildOperationPagePath(operation.operationId)),
          endSentence(String(operation.summary ?? '')),
        ),
      ];
    }),
  );
  const schemas = Object.entries(asRecord(asRecord(document.components).schemas)).map(
    ([name, schema]) =>
      formatLinkEntry(
        `Schema ${name}`,
        markdown(buildSchemaPagePath(name)),
        endSentence(
          String(asRecord(schema).description ?? `The ${name} schema`).split(/(?<=\.)\s/)[0] ?? '',
        ),
      ),
  );
  return [
    '## API reference',
    '',
    ...operations,
    formatLinkEntry(
      'MCP resources',
      markdown(MCP_RESOURCES_PAGE_PATH),
      'Every MCP resource this server lists.',
    ),
    formatLinkEntry(
      'MCP prompts',
      markdown(MCP_PROMPTS_PAGE_PATH),
      'Every MCP prompt and its arguments.',
    ),
    ...schemas,
    '',
  ];
}
