import type { PublishedToolDescriptor } from '../schemas/mcp-tools.ts';
import { JSON_RPC_ERROR_MEANINGS, listErrorCatalogue } from '../service/error-catalogue.ts';
import { JSON_RPC_ERRORS } from '../service/mcp-protocol.ts';
import type { ServiceUrls } from '../service/urls.ts';
import { endSentence } from './end-sentence.ts';
import { escapeMarkdownText } from '../service/escape-markdown.ts';
import { listSdkSamples } from './mcp-sdk-samples.ts';

/** A JSON value of the OpenAPI document, read without a schema (the build validated it). */
type Json = Record<string, unknown>;

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch'] as const;

function readObject(value: unknown): Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Json)
    : {};
}

function readText(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/** The last segment of a `$ref` (`#/components/schemas/Overview` is `Overview`). */
function readRefName(ref: unknown): string {
  return readText(ref).split('/').pop() ?? '';
}

/** A schema's type in a few words: a named schema, a list, a choice of constants, a type. */
function describeType(value: unknown): string {
  const schema = readObject(value);
  if (schema.$ref) return readRefName(schema.$ref);
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum))
    return `one of ${schema.enum.map((v) => JSON.stringify(v)).join(', ')}`;
  const choices = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(choices)) return choices.map(describeType).join(' or ');
  if (schema.type === 'array') return `array of ${describeType(schema.items)}`;
  const type = Array.isArray(schema.type) ? schema.type.join(' or ') : readText(schema.type);
  const format = readText(schema.format);
  return [type || 'any', format && `(${format})`].filter(Boolean).join(' ');
}

/** One line per property of an object schema: name, type, whether required, description. */
function listProperties(value: unknown): string[] {
  const schema = readObject(value);
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  return Object.entries(readObject(schema.properties)).map(([name, property]) => {
    const field = readObject(property);
    const extras = [
      required.has(name) ? 'required' : 'optional',
      ...(field.default !== undefined ? [`default ${JSON.stringify(field.default)}`] : []),
    ];
    // Plain text, as the reference pages show it (`Bearer <token>` is no HTML tag).
    const description = escapeMarkdownText(readText(field.description));
    return `- \`${name}\` (${describeType(field)}, ${extras.join(', ')})${description ? `: ${description}` : ''}`;
  });
}

/** The path an operation is called at: its server's path (the REST base, or the origin) and its own. */
function readOperationPath(path: string, item: Json, document: Json, origin: string): string {
  const servers = Array.isArray(item.servers) ? item.servers : document.servers;
  const base = readText(readObject(Array.isArray(servers) ? servers[0] : undefined).url);
  const prefix = base.startsWith(origin) ? base.slice(origin.length) : '';
  return `${prefix}${path}`;
}

/** A response's media types, each with its schema's name. */
function describeContent(response: Json): string {
  return Object.entries(readObject(response.content))
    .map(([type, body]) => {
      const schema = readObject(readObject(body).schema);
      return schema.$ref ? `${type}, ${readRefName(schema.$ref)}` : type;
    })
    .join('; ');
}

/**
 * An operation's responses: its own, each with what it carries, then the shared ones by status
 * only (the reference lists each shared response once, under "Shared responses").
 */
function listResponses(operation: Json): string[] {
  const entries = Object.entries(readObject(operation.responses));
  const shared = entries.filter(([, value]) => readObject(value).$ref).map(([status]) => status);
  return [
    ...entries
      .filter(([, value]) => !readObject(value).$ref)
      .map(([status, value]) => {
        const response = readObject(value);
        const media = describeContent(response);
        return `- \`${status}\`: ${readText(response.description)}${media ? ` (${media})` : ''}`;
      }),
    ...(shared.length > 0 ? [`- Shared responses: ${shared.join(', ')}.`] : []),
  ];
}

/** Each shared response once, by the status it is declared for and its description. */
function listSharedResponses(document: Json): string[] {
  const shared = readObject(readObject(document.components).responses);
  return Object.entries(shared).map(([name, value]) => {
    const response = readObject(value);
    const media = describeContent(response);
    return `- ${name}: ${readText(response.description)}${media ? ` (${media})` : ''}`;
  });
}

/** Every operation of the OpenAPI document, a heading each. */
function listOperations(document: Json, origin: string): string[] {
  return Object.entries(readObject(document.paths)).flatMap(([path, value]) => {
    const item = readObject(value);
    return METHODS.filter((method) => item[method]).flatMap((method) => {
      const operation = readObject(item[method]);
      const body = readObject(operation.requestBody);
      const bodyTypes = Object.entries(readObject(body.content)).map(([type, media]) => {
        const schema = readObject(readObject(media).schema);
        return `\`${type}\`${schema.$ref ? `, ${readRefName(schema.$ref)}` : ''}`;
      });
      const parameters = (Array.isArray(operation.parameters) ? operation.parameters : []).map(
        (parameter) => {
          const { name, in: where, required, description } = readObject(parameter);
          return `- \`${readText(name)}\` (${readText(where)}, ${required ? 'required' : 'optional'}): ${readText(description)}`;
        },
      );
      return [
        `### ${method.toUpperCase()} ${readOperationPath(path, item, document, origin)}`,
        '',
        `${readText(operation.summary)} (\`${readText(operation.operationId)}\`). ${readText(operation.description)}`.trim(),
        '',
        ...(parameters.length > 0 ? ['Parameters:', '', ...parameters, ''] : []),
        ...(bodyTypes.length > 0
          ? [
              `Request body (${body.required ? 'required' : 'optional'}): ${bodyTypes.join(' or ')}.`,
              '',
            ]
          : []),
        'Responses:',
        '',
        ...listResponses(operation),
        '',
      ];
    });
  });
}

/** Every MCP tool: its description and arguments, from the descriptors tools/list publishes. */
function listTools(tools: readonly PublishedToolDescriptor[]): string[] {
  return tools.flatMap((tool) => {
    const argumentLines = listProperties(tool.inputSchema);
    return [
      `### Tool ${tool.name}`,
      '',
      escapeMarkdownText(`${endSentence(tool.title)} ${tool.description}`),
      '',
      ...(argumentLines.length > 0 ? ['Arguments:', '', ...argumentLines] : ['No arguments.']),
      '',
      `Example arguments: \`${JSON.stringify(tool.example)}\``,
      '',
    ];
  });
}

/**
 * A tool call with the official SDK clients, once for every tool (the first tool's example, as
 * its reference page shows it): only the name and the arguments change from tool to tool.
 */
function listSdkCall(tools: readonly PublishedToolDescriptor[], mcpUrl: string): string[] {
  const [tool] = tools;
  if (!tool) return [];
  return [
    `With the official MCP SDK clients (TypeScript, then Python), calling ${tool.name} with its example arguments; each prints the result's structuredContent:`,
    '',
    ...listSdkSamples(mcpUrl, { name: tool.name, arguments: tool.example }).flatMap((sample) => [
      `\`\`\`${sample.fence}`,
      sample.code,
      '```',
      '',
    ]),
  ];
}

/** Every component schema with its fields. */
function listSchemas(document: Json): string[] {
  const schemas = readObject(readObject(document.components).schemas);
  return Object.entries(schemas).flatMap(([name, value]) => {
    const schema = readObject(value);
    const fields = listProperties(schema);
    return [
      `### Schema ${name}`,
      '',
      readText(schema.description) || `Type: ${describeType(schema)}.`,
      ...(fields.length > 0 ? ['', ...fields] : []),
      '',
    ];
  });
}

/** Every error the service answers with, then the JSON-RPC codes of the MCP endpoint. */
function listErrors(urls: ServiceUrls): string[] {
  return [
    ...listErrorCatalogue().map((entry) =>
      `- \`${entry.code}\` (${entry.status} ${entry.title}): ${entry.detail} ${entry.resolution ?? ''} See ${urls.origin}/errors/${entry.code}.`.replace(
        /\s+/g,
        ' ',
      ),
    ),
    '',
    'JSON-RPC errors at the MCP endpoint:',
    '',
    ...Object.entries(JSON_RPC_ERRORS).map(
      ([name, code]) =>
        `- \`${code}\` (${name}): ${JSON_RPC_ERROR_MEANINGS[name as keyof typeof JSON_RPC_ERRORS]}`,
    ),
  ];
}

/**
 * The API reference as Markdown for /llms-full.txt, read from the same OpenAPI document and MCP
 * tool descriptors the API publishes (never from a page's HTML, whose layout may change): the
 * description's versioning and limits, every operation, every MCP tool, every schema, every error.
 * @see https://llmstxt.org/ (an llms-full.txt holds what an agent needs in one file)
 */
export function buildApiReferenceText(
  openapi: Json,
  tools: readonly PublishedToolDescriptor[],
  urls: ServiceUrls,
): string {
  const info = readObject(openapi.info);
  return (
    [
      '## API reference',
      '',
      `${escapeMarkdownText(readText(info.title))}, version ${readText(info.version)}. The REST base is ${urls.restBase}; the MCP endpoint (${urls.mcp}), the documents and the OAuth endpoints are at the origin, ${urls.origin}. The machine-readable description is ${urls.openapi}.`,
      '',
      readText(info.description),
      '',
      '## Operations',
      '',
      ...listOperations(openapi, urls.origin),
      '## MCP tools',
      '',
      `Each tool is called with the JSON-RPC method tools/call at ${urls.mcp}, with its name and arguments.`,
      '',
      ...listSdkCall(tools, urls.mcp),
      ...listTools(tools),
      '## Schemas',
      '',
      ...listSchemas(openapi),
      '## Shared responses',
      '',
      'The refusals many operations share, named as the OpenAPI document names them:',
      '',
      ...listSharedResponses(openapi),
      '',
      '## Errors',
      '',
      `Errors on API paths are RFC 9457 problem details (application/problem+json) whose type is the error's page; the OAuth token and registration endpoints answer OAuth error bodies with the same members.`,
      '',
      ...listErrors(urls),
    ]
      .join('\n')
      // Runs of blank lines fold into one, but not in a code block (Python's two lines stay).
      .split(/(^```[a-z]*\n[\s\S]*?^```$)/m)
      .map((part, index) => (index % 2 === 1 ? part : part.replace(/\n{3,}/g, '\n\n')))
      .join('')
      .trim()
  );
}
