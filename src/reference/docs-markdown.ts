import { endSentence } from '../documents/end-sentence.ts';
import { serializeJson, type SiteDocuments } from '../documents/site-documents.ts';
import { buildPrompts } from '../mcp/prompts.ts';
import { buildResourceCatalog } from '../mcp/resources.ts';
import { listErrorCatalogue, JSON_RPC_ERROR_MEANINGS } from '../service/error-catalogue.ts';
import { JSON_RPC_ERRORS, PROTOCOL_VERSIONS } from '../service/mcp-protocol.ts';
import {
  API_VERSION,
  MCP_AGENT_VERSION,
  QUICKSTART_MCP_PROTOCOL_VERSION,
} from '../service/versions.ts';
import {
  listOperationRequests,
  groupOperationsByTag,
  listSchemaFields,
  splitProse,
  type ReferenceOperation,
  readOpenApiOverview,
} from './api-reference.ts';
import { GLOSSARY_SENTENCE } from './glossary.ts';
import {
  formatFence,
  formatFieldTable,
  formatSampleFences,
  formatTable,
} from './markdown-tables.ts';
import { listServiceLimits } from './service-limits.ts';

/** What /docs.md is built from: the built site's documents (with the rate limit it publishes). */
export type DocsMarkdownSource = SiteDocuments;

const MCP_ACCEPT = 'application/json, text/event-stream';

/** The sections of /docs, in its order, as the page's table of contents links them. */
const SECTIONS = [
  ['servers', 'Base URLs'],
  ['authentication', 'Authentication'],
  ['operations', 'Operations'],
  ['mcp', 'MCP tools, resources and prompts'],
  ['schemas', 'Schemas'],
  ['error-catalogue', 'Error catalogue'],
  ['limits', 'Limits'],
  ['versions', 'Versions and deprecation'],
] as const;

/** One operation as DocsOperation.astro renders it. */
function formatOperation(operation: ReferenceOperation, accept: string | undefined): string[] {
  const label = `${operation.method} ${operation.path}`;
  const own = operation.responses.filter((response) => !response.component);
  const shared = operation.responses.filter((response) => response.component);
  const body = operation.requestBody;
  return [
    `#### ${operation.method} \`${operation.path}\`: ${operation.summary}`,
    '',
    `**${endSentence(operation.summary)}** ${operation.description}${operation.deprecated ? ' **Deprecated.**' : ''}`,
    '',
    `URL: \`${operation.url}\``,
    '',
    ...(operation.parameters.length > 0
      ? formatFieldTable(operation.parameters, `Parameters of ${label}`, 'Parameter')
      : []),
    ...(body
      ? [
          `Request body (${body.required ? 'required' : 'optional'}): \`${body.mediaType}\`, ${body.type}.`,
          '',
        ]
      : []),
    ...listOperationRequests(operation, { accept }).flatMap((example) => [
      `Example: ${example.label}`,
      '',
      ...formatSampleFences(example.request),
    ]),
    ...formatTable(
      `Responses of ${label}`,
      ['Status', 'Meaning', 'Body'],
      own.map((response) => [
        response.status,
        [
          response.description,
          ...response.headers.map((header) => `\`${header.name}\`: ${header.description}`),
        ].join(' '),
        response.body ? `\`${response.body.mediaType}\`, ${response.body.type}` : 'none',
      ]),
    ),
    `Errors, each a Problem (see the error catalogue): ${shared
      .map((response) => `${response.status} ${response.description.split(/[.:]/)[0]}`)
      .join('; ')}.`,
    '',
    ...own
      .filter((response) => response.body?.examples.length)
      .flatMap((response) => {
        const value = response.body?.examples[0]?.value;
        const json = response.body?.mediaType.includes('json') ?? false;
        return [
          `Example ${response.status} answer:`,
          '',
          ...formatFence(
            json ? 'json' : 'text',
            typeof value === 'string' ? value : serializeJson(value),
          ),
        ];
      }),
  ];
}

function formatMcp(source: DocsMarkdownSource): string[] {
  const resources = buildResourceCatalog(source);
  return [
    '## MCP tools, resources and prompts',
    '',
    `The MCP endpoint \`${source.urls.mcp}\` speaks JSON-RPC 2.0 over the streamable HTTP transport, stateless, in the protocol versions ${PROTOCOL_VERSIONS.join(', ')}. The quickstart uses ${QUICKSTART_MCP_PROTOCOL_VERSION}. Every tool is read-only.`,
    '',
    '### Tools',
    '',
    ...source.mcpTools.flatMap((tool) => {
      const args = listSchemaFields(tool.inputSchema);
      return [
        `#### \`${tool.name}\``,
        '',
        `**${endSentence(tool.title)}** ${tool.description}`,
        '',
        ...(args.length > 0
          ? formatFieldTable(args, `Arguments of ${tool.name}`, 'Argument')
          : ['No arguments.', '']),
        ...formatFieldTable(
          listSchemaFields(tool.outputSchema),
          `Structured result of ${tool.name}`,
        ),
        `Input and output JSON Schemas of ${tool.name}:`,
        '',
        ...formatFence(
          'json',
          serializeJson({ inputSchema: tool.inputSchema, outputSchema: tool.outputSchema }),
        ),
      ];
    }),
    '### Resources',
    '',
    'Read with `resources/read`; each URI is also served over plain HTTP.',
    '',
    ...formatTable(
      'MCP resources',
      ['URI', 'Media type', 'Description'],
      [
        ...resources.resources.map((r) => [`\`${r.uri}\``, r.mimeType, r.description]),
        ...resources.templates.map((t) => [
          `\`${t.uriTemplate}\` (template)`,
          t.mimeType,
          t.description,
        ]),
      ],
    ),
    '### Prompts',
    '',
    ...buildPrompts(source).map((prompt) => {
      const args = prompt.arguments
        .map((a) => `\`${a.name}\` (${a.required ? 'required' : 'optional'}, ${a.description})`)
        .join(', ');
      return `- \`${prompt.name}\`: ${prompt.description}${args ? ` Arguments: ${args}.` : ''}`;
    }),
    '',
  ];
}

function formatErrors(): string[] {
  const names = Object.keys(JSON_RPC_ERRORS) as (keyof typeof JSON_RPC_ERRORS)[];
  return [
    '## Error catalogue',
    '',
    "Problem details (`application/problem+json`, RFC 9457) carry a `type` that links to the error's page, a stable `code`, and a `hint` and `resolution`. The OAuth token and registration endpoints answer OAuth error bodies with the same members. See also [every error on one page](/errors).",
    '',
    ...formatTable(
      'HTTP errors',
      ['Code', 'Status', 'Body', 'Meaning', 'What to do'],
      listErrorCatalogue().map((error) => [
        `[\`${error.code}\`](/errors/${error.code})`,
        `${error.status} ${error.title}`,
        error.body === 'problem' ? 'problem details' : 'OAuth error',
        error.detail,
        error.resolution ?? '',
      ]),
    ),
    ...formatTable(
      'JSON-RPC errors at the MCP endpoint',
      ['Code', 'Meaning'],
      names.map((name) => [`\`${JSON_RPC_ERRORS[name]}\``, JSON_RPC_ERROR_MEANINGS[name]]),
    ),
  ];
}

/**
 * The body of /docs.md: everything /docs shows (base URLs, authentication, every operation with
 * its parameters, examples and responses, the MCP tools with their schemas, resources and
 * prompts, every schema, the error catalogue, the limits and the versions), from the same data.
 */
export function buildDocsMarkdownBody(source: DocsMarkdownSource): string[] {
  const document = readOpenApiOverview(source.openapi);
  const tags = groupOperationsByTag(source.openapi);
  const operations = tags.flatMap((tag) => tag.operations);
  const schemas = Object.entries(document.components.schemas);
  return [
    'On this page:',
    '',
    ...SECTIONS.map(([id, title]) => `- [${title}](${source.urls.docs}#${id})`),
    '',
    source.content.pages.docs.body.trim(),
    '',
    `This reference is generated from the [OpenAPI description](${source.urls.openapi}) (${document.info.title}, version ${document.info.version}) and from the MCP endpoint's own tool definitions: ${operations.length} operations, ${source.mcpTools.length} MCP tools, ${schemas.length} schemas.`,
    '',
    `${GLOSSARY_SENTENCE} [Glossary](/glossary.md).`,
    '',
    '## Base URLs',
    '',
    'There is one environment, production; there is no staging or sandbox. Every endpoint is read-only, so it is safe to call directly.',
    '',
    ...document.servers.map((server) => `- \`${server.url}\`: ${server.description}`),
    '',
    '## Authentication',
    '',
    `None is required: every operation answers anonymous calls. ${Object.entries(
      document.components.securitySchemes,
    )
      .map(([name, scheme]) => `\`${name}\`: ${scheme.description ?? ''}`)
      .join(' ')} [How to get the optional token](/developers#oauth).`,
    '',
    '## Operations',
    '',
    ...tags.flatMap((tag) => [
      `### ${tag.name}`,
      '',
      endSentence(tag.description),
      '',
      ...tag.operations.flatMap((operation) =>
        formatOperation(operation, tag.name === 'MCP' ? MCP_ACCEPT : undefined),
      ),
    ]),
    ...formatMcp(source),
    '## Schemas',
    '',
    'The components of the OpenAPI description (JSON Schema 2020-12). Fields a client does not recognise should be ignored.',
    '',
    ...schemas.flatMap(([name, schema]) => {
      const fields = listSchemaFields(schema);
      return [
        `### ${name}`,
        '',
        ...(typeof schema.description === 'string' ? [schema.description, ''] : []),
        ...(fields.length > 0
          ? formatFieldTable(fields, `Fields of ${name}`)
          : [`JSON Schema of ${name}:`, '', ...formatFence('json', serializeJson(schema))]),
      ];
    }),
    ...formatErrors(),
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
  ];
}
