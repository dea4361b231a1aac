import { buildAnonymousFlowCommands } from '../documents/auth-md.ts';
import { demoteHeadings, type PlacedBody } from '../documents/markdown-text.ts';
import { describeQuickstartCall, listMcpQuickstartSteps } from '../documents/mcp-quickstart.ts';
import { serializeJson, type SiteDocuments } from '../documents/site-documents.ts';
import { listDeveloperResources } from './developer-resources.ts';
import { listDeveloperWaysIn, WAYS_IN_HEADING } from './developer-ways-in.ts';
import { formatFence, formatSampleFences, formatTable } from './markdown-tables.ts';
import { buildMcpClientConfigs, buildMcpServerKey } from './mcp-client-configs.ts';

const SECTIONS = [
  ['three-ways-in', 'Three ways in'],
  ['rest-quickstart', 'REST quickstart'],
  ['mcp-quickstart', 'MCP quickstart'],
  ['mcp-clients', 'Connect an MCP client'],
  ['oauth', 'Optional anonymous token'],
  ['resources', 'Resources for agents'],
] as const;

/**
 * The body of /developers.md: everything /developers shows (the quickstarts with their answers,
 * every client configuration, the anonymous token flow and every resource), from the same data.
 */
export function buildDevelopersMarkdownBody(site: SiteDocuments): (string | PlacedBody)[] {
  const { urls } = site;
  const flow = buildAnonymousFlowCommands(urls);
  const firstTool = site.mcpTools[0];
  const steps = listMcpQuickstartSteps(urls.mcp, firstTool ?? { name: '', example: {} });
  const configs = buildMcpClientConfigs(urls, buildMcpServerKey(site.content.company));
  return [
    'On this page:',
    '',
    ...SECTIONS.map(([id, title]) => `- [${title}](${urls.developers}#${id})`),
    '',
    // Its headings as the page renders them (content.config.ts): none skips a level.
    {
      placed: demoteHeadings(
        site.content.pages.developers.body,
        site.outlines.pages.developers,
        0,
        {
          renamedIds: site.outlines.renamedIds.developers,
          pageUrl: urls.developers,
        },
      ).trim(),
    },
    '',
    `## ${WAYS_IN_HEADING}`,
    '',
    ...listDeveloperWaysIn(urls, buildMcpServerKey(site.content.company)).flatMap((way) => [
      `### ${way.title}`,
      '',
      way.text,
      '',
      ...formatFence('sh', way.sample),
      `[${way.link.label}](${urls.developers}${way.link.href})`,
      '',
    ]),
    `In full: the [API reference](${urls.docs}) (every operation, tool and schema), the [errors](${urls.origin}/errors) and the [glossary](${urls.origin}/glossary).`,
    '',
    '## REST quickstart',
    '',
    'One read-only call, no key and no token:',
    '',
    ...formatSampleFences({ method: 'GET', url: urls.overview, headers: [] }),
    'It answers with the company overview:',
    '',
    ...formatFence('json', serializeJson(site.overview)),
    'Every operation, with its parameters and answers, is in the [API reference](/docs.md).',
    '',
    '## MCP quickstart',
    '',
    'The MCP endpoint is stateless and anonymous: each request stands alone, and no token or session is needed. Initialize:',
    '',
    ...formatSampleFences(steps[0]?.request),
    'List the tools:',
    '',
    ...formatSampleFences(steps[1]?.request),
    ...(firstTool
      ? [
          `Call one (${describeQuickstartCall(firstTool, (name) => `\`${name}\``)}):`,
          '',
          ...formatSampleFences(steps[2]?.request),
        ]
      : []),
    'The [MCP reference](/docs.md) lists every tool, resource and prompt with its schema.',
    '',
    '## Connect an MCP client',
    '',
    `The server URL is \`${urls.mcp}\` (streamable HTTP). Paste the configuration for your client; none needs a token.`,
    '',
    ...configs.flatMap((entry) => [
      `### ${entry.client}`,
      '',
      `In ${entry.location}:`,
      '',
      ...formatFence('json', serializeJson(entry.config)),
    ]),
    '## Optional anonymous token',
    '',
    `A bearer token only labels anonymous traffic; nothing requires one. Register with a free label for your agent, ask for a token with the returned \`client_id\` (no secret), and send it as a bearer token. [auth.md](${urls.authMd}) explains each step, and the authorization code flow with PKCE that MCP clients run on their own.`,
    '',
    'Replace `<CLIENT_NAME>` with a label for your agent:',
    '',
    ...formatFence('sh', flow.register),
    'Replace `<CLIENT_ID>` with the `client_id` of the answer:',
    '',
    ...formatFence('sh', flow.token),
    'Replace `<ACCESS_TOKEN>` with the `access_token` of the answer:',
    '',
    ...formatFence('sh', flow.mcpWithToken),
    '## Resources for agents',
    '',
    ...formatTable(
      undefined,
      ['Resource', 'Media type'],
      listDeveloperResources(urls).map((resource) => [
        `[${resource.name}](${resource.href})`,
        resource.type,
      ]),
    ),
  ];
}
