import type { SiteContent } from '../schemas/site-content.ts';
import { buildAnonymousFlowCommands } from './auth-md.ts';
import { endSentence } from './end-sentence.ts';
import { demoteHeadings, formatLinkEntry } from './markdown-text.ts';
import {
  buildMcpCurl,
  buildQuickstartInitialize,
  QUICKSTART_TOOLS_LIST,
} from './mcp-quickstart.ts';
import { STANDARD_ERRORS } from '../service/error-kinds.ts';
import type { ServiceUrls } from '../service/urls.ts';
import { API_VERSION, MCP_AGENT_VERSION } from '../service/versions.ts';
import type { SitePage } from '../service/site-pages.ts';

/** What a page's Markdown mirror is built from: the content, the URLs and the OpenAPI document. */
export interface PageMarkdownSource {
  readonly content: SiteContent;
  readonly urls: ServiceUrls;
  readonly openapi: Record<string, unknown>;
}

/** The absolute URL of a page (the mirror's canonical link). */
export function buildPageUrl(urls: ServiceUrls, page: SitePage): string {
  return page.path === '/' ? urls.home : `${urls.origin}${page.path}`;
}

/**
 * Builds the Markdown mirror of a page: YAML front matter (title, description, canonical) and the
 * page's content as Markdown, from the same content the HTML page renders.
 * @see Agent Readability spec (Markdown mirrors at `<path>.md` with front matter)
 */
export function buildPageMarkdown(source: PageMarkdownSource, page: SitePage): string {
  const copy = source.content.pages[page.name];
  const frontMatter = [
    '---',
    `title: ${JSON.stringify(copy.title)}`,
    `description: ${JSON.stringify(copy.description)}`,
    `canonical: ${JSON.stringify(buildPageUrl(source.urls, page))}`,
    '---',
  ];
  const body =
    page.name === 'home'
      ? buildHomeBody(source)
      : page.name === 'developers'
        ? buildDevelopersBody(source)
        : buildDocsBody(source);
  return `${[...frontMatter, '', `# ${copy.heading}`, '', ...body].join('\n').trimEnd()}\n`;
}

function buildHomeBody({ content }: PageMarkdownSource): string[] {
  const { company, product, callsToAction, copy, pages } = content;
  const ctas = [...callsToAction].sort((a, b) => a.priority - b.priority);
  return [
    `**${company.tagline}**`,
    '',
    company.description,
    '',
    ...ctas.map((cta) => formatLinkEntry(cta.label, cta.url, cta.description)),
    '',
    ...(pages.home.body ? [demoteHeadings(pages.home.body, 1), ''] : []),
    `## ${product.name}`,
    '',
    product.summary,
    '',
    ...product.features.map((feature) => `- **${feature.name}**: ${feature.description}`),
    ...(product.features.length > 0 ? [''] : []),
    demoteHeadings(product.body, 1),
    '',
    ...[...copy]
      .sort((a, b) => a.order - b.order)
      .flatMap((section) => [`## ${section.title}`, '', demoteHeadings(section.body, 1), '']),
  ];
}

function fence(language: string, code: string): string[] {
  return [`\`\`\`${language}`, code, '```', ''];
}

function buildDevelopersBody({ content, urls }: PageMarkdownSource): string[] {
  const flow = buildAnonymousFlowCommands(urls);
  return [
    demoteHeadings(content.pages.developers.body, 1),
    '',
    '## REST quickstart',
    '',
    ...fence('sh', `curl -s ${urls.overview}`),
    '## MCP quickstart',
    '',
    'Initialize, then list the tools. No token is needed.',
    '',
    ...fence('sh', buildMcpCurl(urls.mcp, buildQuickstartInitialize())),
    ...fence('sh', buildMcpCurl(urls.mcp, QUICKSTART_TOOLS_LIST)),
    '## Optional anonymous token',
    '',
    `A bearer token only labels anonymous traffic; nothing requires one. Register, ask for a token with the returned \`client_id\`, and send it as a bearer token. [auth.md](${urls.authMd}) explains each step.`,
    '',
    ...fence('sh', flow.register),
    ...fence('sh', flow.token),
    ...fence('sh', flow.mcpWithToken),
    '## Resources for agents',
    '',
    formatLinkEntry('Company overview (REST v1)', urls.overview, 'application/json'),
    formatLinkEntry('OpenAPI description', urls.openapi, 'application/json'),
    formatLinkEntry('MCP endpoint', urls.mcp, 'JSON-RPC 2.0 over streamable HTTP'),
    formatLinkEntry('llms.txt', urls.llmsTxt, 'text/plain'),
    formatLinkEntry('llms-full.txt', urls.llmsFullTxt, 'text/plain'),
    formatLinkEntry('auth.md', urls.authMd, 'text/markdown'),
    formatLinkEntry('API catalog', urls.apiCatalog, 'application/linkset+json'),
    formatLinkEntry('Protected resource metadata', urls.protectedResource, 'application/json'),
    formatLinkEntry(
      'Protected resource metadata (MCP)',
      urls.protectedResourceMcp,
      'application/json',
    ),
    formatLinkEntry('Authorization server metadata', urls.authorizationServer, 'application/json'),
  ];
}

interface OperationObject {
  readonly summary?: string;
  readonly description?: string;
}

function buildDocsBody({ content, urls, openapi }: PageMarkdownSource): string[] {
  const document = openapi as {
    servers?: { url: string }[];
    paths?: Record<string, Record<string, unknown> & { servers?: { url: string }[] }>;
  };
  const operations = Object.entries(document.paths ?? {}).flatMap(([path, item]) => {
    const base = (item.servers ?? document.servers ?? [])[0]?.url ?? urls.origin;
    return (['get', 'head', 'post'] as const).flatMap((method) => {
      const operation = item[method] as OperationObject | undefined;
      return operation
        ? [
            `| ${method.toUpperCase()} | \`${base}${path}\` | ${endSentence(operation.summary ?? '')} ${operation.description ?? ''} |`,
          ]
        : [];
    });
  });
  return [
    demoteHeadings(content.pages.docs.body, 1),
    '',
    `API version ${API_VERSION}; MCP agent version ${MCP_AGENT_VERSION}. The machine-readable description is [openapi.json](${urls.openapi}).`,
    '',
    '## Operations',
    '',
    '| Method | URL | Summary |',
    '| --- | --- | --- |',
    ...operations.map((row) => row.replace(/\n+/g, ' ')),
    '',
    '## Errors',
    '',
    `Errors are RFC 9457 problem details (\`application/problem+json\`); each \`type\` links to its page. See [every error](${urls.origin}/errors).`,
    '',
    '| Status | Code | Meaning | What to do |',
    '| --- | --- | --- | --- |',
    ...STANDARD_ERRORS.map(
      (error) =>
        `| ${error.status} ${error.title} | [\`${error.code}\`](${urls.origin}/errors/${error.code}) | ${error.detail} | ${error.resolution} |`,
    ),
  ];
}
