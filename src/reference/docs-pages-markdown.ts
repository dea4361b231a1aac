/**
 * The Markdown version of each page of the API reference under /docs/...: everything the HTML
 * page shows (operation, MCP tool, schema, MCP resources or prompts), from the same data, with
 * the breadcrumb trail and the previous and next page as links.
 * @see docs/pages.md ("The reference: a page per thing"); Agent Readability (a `.md` per page)
 */

import type { PageCopy } from '../documents/page-markdown.ts';
import { endSentence } from '../documents/end-sentence.ts';
import { escapeMarkdownText } from '../service/escape-markdown.ts';
import { serializeJson, type SiteDocuments } from '../documents/site-documents.ts';
import { listToolCallSamples } from '../documents/mcp-sdk-samples.ts';
import { buildPrompts } from '../mcp/prompts.ts';
import { buildResourceCatalog } from '../mcp/resources.ts';
import type { PublishedToolDescriptor } from '../schemas/mcp-tools.ts';
import type { ReferenceOperation } from './api-reference.ts';
import { listOperationRequests } from './api-reference.ts';
import {
  buildComponentFields,
  buildOperationFields,
  buildToolFields,
  listOperationErrors,
  listOwnResponses,
  resolveDocsPage,
} from './docs-page-kinds.ts';
import { buildDocsNavigation, buildDocsTrail, findDocsPlace } from './docs-reference.ts';
import {
  formatFence,
  formatFieldTable,
  formatSampleFences,
  formatSampleListFences,
  formatTable,
} from './markdown-tables.ts';
import type { SchemaField } from './schema-fields.ts';
import { formatToolExampleMarkdown, type ToolExamples } from './tool-examples.ts';

const MCP_ACCEPT = 'application/json, text/event-stream';

/** A tree of fields as nested Markdown lists, as SchemaFields.astro shows it. */
export function formatSchemaFields(
  fields: readonly SchemaField[],
  origin: string,
  indent = '',
): string[] {
  return fields.flatMap((field) => {
    const type = field.ref ? `[${field.type}](${origin}/docs/schemas/${field.ref}.md)` : field.type;
    return [
      `${indent}- \`${field.name}\` (${type}${field.required ? ', required' : ''}): ${escapeMarkdownText(field.description)}`,
      ...formatSchemaFields(field.children, origin, `${indent}  `),
    ];
  });
}

function formatOperation(
  site: SiteDocuments,
  operation: ReferenceOperation,
  tag: string,
): string[] {
  const origin = site.urls.origin;
  const label = `${operation.method} ${operation.path}`;
  const own = listOwnResponses(operation);
  const body = operation.requestBody;
  const fields = buildOperationFields(site.openapi, operation);
  const example = own.find((response) => response.body?.examples.length);
  const exampleValue = example?.body?.examples[0]?.value;
  const requests = listOperationRequests(operation, {
    accept: tag === 'MCP' ? MCP_ACCEPT : undefined,
  });
  const schemaLink = (ref: string | undefined, type: string) =>
    ref ? `[${type}](${origin}/docs/schemas/${ref}.md)` : type;
  return [
    `**${endSentence(operation.summary)}** ${operation.description}${operation.deprecated ? ' **Deprecated.**' : ''}`,
    '',
    `URL: \`${operation.url}\``,
    '',
    ...(operation.parameters.length > 0
      ? [
          '## Parameters',
          '',
          ...formatFieldTable(operation.parameters, `Parameters of ${label}`, 'Parameter'),
        ]
      : []),
    ...(body
      ? [
          '## Request body',
          '',
          `${body.required ? 'Required' : 'Optional'}: \`${body.mediaType}\`, ${schemaLink(body.ref, body.type)}.`,
          '',
          ...(fields.request.length > 0 ? [...formatSchemaFields(fields.request, origin), ''] : []),
        ]
      : []),
    '## Responses',
    '',
    ...formatTable(
      `Responses of ${label}`,
      ['Status', 'Meaning', 'Body'],
      own.map((response) => [
        response.status,
        [
          response.description,
          ...response.headers.map((header) => `\`${header.name}\`: ${header.description}`),
        ].join(' '),
        response.body
          ? `\`${response.body.mediaType}\`, ${schemaLink(response.body.ref, response.body.type)}`
          : 'none',
      ]),
    ),
    ...(fields.response.length > 0
      ? ['## Response fields', '', ...formatSchemaFields(fields.response, origin), '']
      : []),
    '## Errors',
    '',
    `What this operation can answer instead, each with its own page; the [common errors](${origin}/errors.md) explain the format.`,
    '',
    ...listOperationErrors(operation).map(
      (error) =>
        `- **${error.status}** ${error.meaning}${
          error.codes.length > 0
            ? `: ${error.codes.map((entry) => `[\`${entry.code}\`](${origin}/errors/${entry.code}.md)`).join(', ')}`
            : ''
        }`,
    ),
    '',
    ...(requests.length > 0 ? ['## Request samples', ''] : []),
    ...requests.flatMap((request) => [
      `Example: ${request.label}`,
      '',
      ...formatSampleFences(request.request),
    ]),
    ...(example
      ? [
          '## Example response',
          '',
          `${example.status}, \`${example.body?.mediaType ?? ''}\``,
          '',
          ...formatFence(
            example.body?.mediaType.includes('json') ? 'json' : 'text',
            typeof exampleValue === 'string' ? exampleValue : serializeJson(exampleValue),
          ),
        ]
      : []),
  ];
}

function formatTool(
  site: SiteDocuments,
  tool: PublishedToolDescriptor,
  examples: ToolExamples,
): string[] {
  const origin = site.urls.origin;
  const fields = buildToolFields(tool, site.openapi);
  const example = examples.get(tool.name);
  if (example === undefined) throw new Error(`No example result was run for ${tool.name}`);
  return [
    `**${escapeMarkdownText(endSentence(tool.title))}** ${escapeMarkdownText(tool.description)}`,
    '',
    `Called with \`tools/call\` on the MCP endpoint \`${site.urls.mcp}\`; read-only, no token needed.`,
    '',
    '## Arguments',
    '',
    ...(fields.input.length > 0
      ? [...formatSchemaFields(fields.input, origin), '']
      : ['No arguments.', '']),
    '## Structured result',
    '',
    ...formatSchemaFields(fields.output, origin),
    '',
    `Input and output JSON Schemas of ${tool.name}:`,
    '',
    ...formatFence(
      'json',
      serializeJson({ inputSchema: tool.inputSchema, outputSchema: tool.outputSchema }),
    ),
    '## Request samples',
    '',
    `Example: call ${tool.name}`,
    '',
    ...formatSampleListFences(
      listToolCallSamples(site.urls.mcp, { name: tool.name, arguments: tool.example }),
    ),
    '## Example result',
    '',
    ...formatToolExampleMarkdown(example),
  ];
}

function formatSchema(
  site: SiteDocuments,
  name: string,
  schema: Record<string, unknown>,
): string[] {
  const fields = buildComponentFields(site.openapi, name);
  return [
    ...(typeof schema.description === 'string' ? [schema.description, ''] : []),
    `A component of the [OpenAPI description](${site.urls.openapi}) (JSON Schema 2020-12). Fields a client does not recognise should be ignored.`,
    '',
    '## Fields',
    '',
    ...(fields.length > 0
      ? [...formatSchemaFields(fields, site.urls.origin), '']
      : ['No fields of its own: see its JSON Schema.', '']),
    '## JSON Schema',
    '',
    `JSON Schema of ${name}:`,
    '',
    ...formatFence('json', serializeJson(schema)),
  ];
}

function formatResources(site: SiteDocuments): string[] {
  const resources = buildResourceCatalog(site);
  return [
    `Read with \`resources/read\` on the MCP endpoint \`${site.urls.mcp}\`; each URI is also served over plain HTTP.`,
    '',
    '## Listed resources',
    '',
    ...formatTable(
      'MCP resources',
      ['URI', 'Media type', 'Description'],
      resources.resources.map((r) => [
        `\`${r.uri}\``,
        r.mimeType,
        escapeMarkdownText(r.description),
      ]),
    ),
    '## Resource templates',
    '',
    ...formatTable(
      'MCP resource templates',
      ['URI', 'Media type', 'Description'],
      resources.templates.map((t) => [
        `\`${t.uriTemplate}\``,
        t.mimeType,
        escapeMarkdownText(t.description),
      ]),
    ),
  ];
}

function formatPrompts(site: SiteDocuments): string[] {
  return [
    `The MCP endpoint \`${site.urls.mcp}\` lists them with \`prompts/list\` and returns one with \`prompts/get\`.`,
    '',
    ...buildPrompts(site).flatMap((prompt) => [
      `## \`${prompt.name}\``,
      '',
      escapeMarkdownText(prompt.description),
      '',
      ...(prompt.arguments.length > 0
        ? prompt.arguments.map(
            (a) =>
              `- \`${a.name}\` (${a.required ? 'required' : 'optional'}): ${escapeMarkdownText(a.description)}`,
          )
        : ['No arguments.']),
      '',
    ]),
  ];
}

/**
 * A reference page's copy (title, description, H1 as the HTML page shows it) and its body: the
 * breadcrumb trail, the page, then the previous and next page. A tool's page carries the example
 * result of `examples` (runToolExamples).
 */
export function buildDocsPageMarkdownParts(
  site: SiteDocuments,
  path: string,
  examples: ToolExamples,
): { copy: PageCopy; body: string[] } {
  const place = findDocsPlace(buildDocsNavigation(site), path);
  const found = resolveDocsPage(site, path);
  const origin = site.urls.origin;
  const link = (target: string) =>
    target.includes('#') ? `${origin}${target.replace('#', '.md#')}` : `${origin}${target}.md`;
  const trail = buildDocsTrail(place)
    .slice(0, -1)
    .map((crumb) => `[${crumb.name}](${link(crumb.path)})`);
  const heading =
    found.kind === 'operation'
      ? `${found.operation.method} \`${found.operation.path}\`: ${found.operation.summary}`
      : found.kind === 'tool'
        ? `\`${found.tool.name}\``
        : found.kind === 'schema'
          ? `Schema \`${found.name}\``
          : found.kind === 'resources'
            ? 'MCP resources'
            : 'MCP prompts';
  const page =
    found.kind === 'operation'
      ? formatOperation(site, found.operation, found.tag)
      : found.kind === 'tool'
        ? formatTool(site, found.tool, examples)
        : found.kind === 'schema'
          ? formatSchema(site, found.name, found.schema)
          : found.kind === 'resources'
            ? formatResources(site)
            : formatPrompts(site);
  const pager = [
    ...(place.previous
      ? [`Previous: [${place.previous.label}](${link(place.previous.path)})`]
      : []),
    ...(place.next ? [`Next: [${place.next.label}](${link(place.next.path)})`] : []),
  ];
  return {
    copy: { title: place.item.title, description: place.item.description, heading },
    body: [
      `Trail: ${trail.join(' › ')}`,
      '',
      ...page,
      ...(pager.length > 0 ? [pager.join(' · '), ''] : []),
    ],
  };
}
