import type { SiteContent } from '../schemas/site-content.ts';
import { MEDIA_TYPES } from '../service/media-types.ts';
import type { ServiceUrls } from '../service/urls.ts';
import { buildAgentInstructionsSection } from './agent-instructions.ts';
import { escapeMarkdownText } from '../service/escape-markdown.ts';
import {
  buildMcpCurl,
  buildQuickstartInitialize,
  QUICKSTART_TOOLS_LIST,
} from './mcp-quickstart.ts';

/** The absolute URL of the Markdown page that describes a JSON document (route `/documents/*.md`). */
export function buildJsonDocumentPageUrl(origin: string, slug: string): string {
  return `${origin}/documents/${slug}.md`;
}

/** One JSON document (or JSON endpoint) llms.txt names, by the Markdown page that describes it. */
export interface JsonDocumentEntry {
  readonly slug: string;
  /** Its name in llms.txt and the page's H1. */
  readonly title: string;
  /** One sentence: what it holds (llms.txt's note, the page's summary). */
  readonly description: string;
  /** The JSON itself. */
  readonly url: string;
  readonly mediaType: string;
  /** The specification it follows. */
  readonly specification: string;
}

/**
 * Every JSON document llms.txt names, in its order. llms.txt links each one's Markdown page, not the
 * JSON: agents that follow llms.txt expect Markdown (afdocs' `llms-txt-links-markdown` counts a JSON
 * link as an HTML page), and the page links the JSON and says what it is.
 * @see https://llmstxt.org/ (links to Markdown); issue 28 item 1
 */
export function listJsonDocumentEntries(
  content: SiteContent,
  urls: ServiceUrls,
): JsonDocumentEntry[] {
  return [
    {
      slug: 'overview',
      title: 'Company overview (JSON)',
      description: `${content.company.alternateName}'s name, description, tagline and links, from the REST API v1.`,
      url: urls.overview,
      mediaType: 'application/json',
      specification: 'REST API v1, the Overview resource of the OpenAPI description',
    },
    {
      slug: 'mcp',
      title: 'MCP endpoint',
      description:
        'Streamable HTTP MCP endpoint (JSON-RPC 2.0) whose read-only tools serve these facts; no authentication required.',
      url: urls.mcp,
      mediaType: 'application/json (GET: the endpoint metadata; POST: JSON-RPC 2.0)',
      specification: 'Model Context Protocol, streamable HTTP transport',
    },
    {
      slug: 'openapi',
      title: 'OpenAPI description',
      description: 'OpenAPI 3.1 description of every endpoint.',
      url: urls.openapi,
      mediaType: 'application/json',
      specification: 'OpenAPI 3.1',
    },
    {
      slug: 'api-catalog',
      title: 'API catalog',
      description: 'RFC 9727 linkset of the APIs this origin offers.',
      url: urls.apiCatalog,
      mediaType: MEDIA_TYPES.linkset,
      specification: 'RFC 9727 (api-catalog), RFC 9264 (linkset)',
    },
    {
      slug: 'oauth-protected-resource',
      title: 'Protected resource metadata',
      description: 'RFC 9728 metadata: authorization server, scopes and bearer method.',
      url: urls.protectedResource,
      mediaType: 'application/json',
      specification: 'RFC 9728',
    },
    {
      slug: 'oauth-authorization-server',
      title: 'Authorization server metadata',
      description: 'RFC 8414 metadata with the agent_auth block for anonymous registration.',
      url: urls.authorizationServer,
      mediaType: 'application/json',
      specification: 'RFC 8414',
    },
    {
      slug: 'ai-catalog',
      title: 'AI Catalog',
      description:
        'The MCP server card, the A2A agent card, the API catalog and the OpenAPI description (ARD draft).',
      url: urls.aiCatalog,
      mediaType: MEDIA_TYPES.aiCatalog,
      specification: 'Agent Resource Discovery (ARD) v0.9 draft',
    },
  ];
}

/** One Markdown page of `/documents/`, as the prerendered endpoint writes it. */
export interface JsonDocumentPage {
  readonly slug: string;
  readonly markdown: string;
}

/** A fence longer than any run of backticks in the text, so the text cannot close it. */
function fence(language: string, text: string): string[] {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const marks = '`'.repeat(longest + 1);
  return [`${marks}${language}`, text.trimEnd(), marks, ''];
}

/**
 * Builds the Markdown page of each JSON document: H1, the "Instructions for agents" section, what
 * it is, its URL, media type and specification, then the document itself (JSON as served; the
 * OpenAPI description, too long to repeat, and the MCP endpoint, which answers requests, get the
 * reference and the quickstart requests instead). Every link is absolute.
 * @see issue 28 item 1 (each JSON document described by a Markdown page that llms.txt links)
 */
export function buildJsonDocumentPages(
  content: SiteContent,
  urls: ServiceUrls,
  servedJson: Readonly<Record<string, string>>,
): JsonDocumentPage[] {
  return listJsonDocumentEntries(content, urls).map((entry) => {
    const json = servedJson[entry.slug];
    const body =
      json !== undefined
        ? [
            '## The document',
            '',
            `As \`GET ${entry.url}\` answers it now:`,
            '',
            ...fence('json', json),
          ]
        : entry.slug === 'mcp'
          ? [
              '## Connect',
              '',
              'Initialize a session, then list the tools (both are JSON-RPC 2.0 requests in one POST each):',
              '',
              ...fence('sh', buildMcpCurl(urls.mcp, buildQuickstartInitialize())),
              ...fence('sh', buildMcpCurl(urls.mcp, QUICKSTART_TOOLS_LIST)),
              `Every tool, argument and answer is described in the [API documentation](${urls.origin}/docs.md).`,
              '',
            ]
          : [
              '## The document',
              '',
              `Every operation it declares is described, in Markdown, in the [API documentation](${urls.origin}/docs.md).`,
              '',
            ];
    const markdown = [
      `# ${entry.title}`,
      '',
      `> ${escapeMarkdownText(entry.description)}`,
      '',
      ...buildAgentInstructionsSection(content),
      '## What it is',
      '',
      `- URL: <${entry.url}>`,
      `- Media type: \`${entry.mediaType}\``,
      `- Specification: ${entry.specification}`,
      `- Index: [llms.txt](${urls.llmsTxt})`,
      '',
      ...body,
    ].join('\n');
    return { slug: entry.slug, markdown: `${markdown.trimEnd()}\n` };
  });
}
