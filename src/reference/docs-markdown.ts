import { demoteHeadings, type PlacedBody } from '../documents/markdown-text.ts';
import type { SiteDocuments } from '../documents/site-documents.ts';
import { PROTOCOL_VERSIONS } from '../service/mcp-protocol.ts';
import { API_VERSION, MCP_AGENT_VERSION } from '../service/versions.ts';
import { groupOperationsByTag, readOpenApiOverview, splitProse } from './api-reference.ts';
import { listDocsQuickstart } from './docs-entry.ts';
import { buildDocsNavigation } from './docs-reference.ts';
import { escapeMarkdownText } from '../service/escape-markdown.ts';
import { GLOSSARY_SENTENCE } from './glossary.ts';
import { formatSampleFences, formatTable } from './markdown-tables.ts';
import { listServiceLimits } from './service-limits.ts';

/** What /docs.md is built from: the built site's documents (with the rate limit it publishes). */
export type DocsMarkdownSource = SiteDocuments;

/**
 * The body of /docs.md, the reference's entry: everything /docs shows (the copy, the quickstart,
 * base URLs, authentication, limits, versions, and the index of every reference page, each
 * linked by its Markdown version), from the same data.
 */
export function buildDocsMarkdownBody(source: DocsMarkdownSource): (string | PlacedBody)[] {
  const document = readOpenApiOverview(source.openapi);
  const operations = groupOperationsByTag(source.openapi).flatMap((tag) => tag.operations);
  const origin = source.urls.origin;
  const markdownLink = (path: string) => `${origin}${path}.md`;
  return [
    // Its headings as the page renders them (content.config.ts): none skips a level.
    {
      placed: demoteHeadings(source.content.pages.docs.body, source.outlines.pages.docs, 0, {
        renamedIds: source.outlines.renamedIds.docs,
        pageUrl: source.urls.docs,
      }).trim(),
    },
    '',
    `This reference is generated from the [OpenAPI description](${source.urls.openapi}) (${escapeMarkdownText(document.info.title)}, version ${document.info.version}) and from the MCP endpoint's own tool definitions: ${operations.length} operations, ${source.mcpTools.length} MCP tools, ${Object.keys(document.components.schemas).length} schemas, each on a page of its own.`,
    '',
    `${GLOSSARY_SENTENCE} [Glossary](${origin}/glossary.md).`,
    '',
    '## Quickstart',
    '',
    ...listDocsQuickstart(source).flatMap((step) => [
      `${step.text} [Reference](${markdownLink(step.page)}).`,
      '',
      ...formatSampleFences(step.request),
    ]),
    '## Base URLs',
    '',
    'There is one environment, production; there is no staging or sandbox. Every endpoint is read-only, so it is safe to call directly.',
    '',
    ...document.servers.map((server) => `- \`${server.url}\`: ${server.description}`),
    '',
    '## Authentication',
    '',
    `None is required: there is no API key and no account, and every operation answers anonymous calls. ${Object.entries(
      document.components.securitySchemes,
    )
      .map(([name, scheme]) => `\`${name}\`: ${scheme.description ?? ''}`)
      .join(' ')} [How to get the optional token](${origin}/developers.md#oauth).`,
    '',
    '## Limits',
    '',
    ...formatTable(
      'Limits',
      ['Limit', 'Value', 'Over it'],
      listServiceLimits(source.rateLimit).map((row) => [row.limit, row.value, row.answer]),
    ),
    '## Versions and deprecation',
    '',
    `- REST API and OpenAPI description: ${API_VERSION}, under \`/api/v1\``,
    `- MCP agent: ${MCP_AGENT_VERSION}`,
    `- MCP protocol versions: ${PROTOCOL_VERSIONS.join(', ')}`,
    '',
    ...splitProse(document.info.description)
      .filter((paragraph) => paragraph.some((part) => /version/i.test(part.text)))
      .flatMap((paragraph) => [
        paragraph.map((part) => (part.code ? `\`${part.text}\`` : part.text)).join(''),
        '',
      ]),
    `A deprecated operation is marked \`deprecated\` in the OpenAPI description and on this page at least one release before a new major path replaces it. Deprecated today: ${
      operations.filter((operation) => operation.deprecated).length || 'none'
    }.`,
    '',
    '## Every page of the reference',
    '',
    ...buildDocsNavigation(source)
      .filter((group) => group.id !== 'get-started')
      .flatMap((group) => [
        `### ${group.label}`,
        '',
        ...group.items.map(
          (item) =>
            `- [${item.method ? `${item.method} ` : ''}${item.code ? `\`${item.label}\`` : escapeMarkdownText(item.label)}](${markdownLink(item.path)}): ${escapeMarkdownText(item.description)}`,
        ),
        '',
      ]),
  ];
}
