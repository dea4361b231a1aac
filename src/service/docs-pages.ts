import type { SitePage } from './site-pages.ts';

/**
 * The pages of the API reference under /docs: one per operation of the OpenAPI document, per MCP
 * tool and per component schema, and one short group page each for the MCP resources and prompts
 * (a resource or prompt is one row: a page of its own would hold a sentence). The errors keep
 * their pages under /errors. See docs/pages.md ("The reference: a page per thing").
 */

/** What names the reference pages: read from the OpenAPI document and the MCP tools. */
export interface DocsPageNames {
  /** Every `operationId` of the OpenAPI document, in document order. */
  readonly operations: readonly string[];
  /** Every MCP tool's name, in the order tools/list gives them. */
  readonly tools: readonly string[];
  /** Every component schema's name, in document order. */
  readonly schemas: readonly string[];
}

/** No reference pages: for a route table of the service's own surfaces only. */
export const NO_DOCS_PAGES: DocsPageNames = { operations: [], tools: [], schemas: [] };

/** The path of an operation's page (`/docs/api/getOverview`). */
export function buildOperationPagePath(operationId: string): string {
  return `/docs/api/${operationId}`;
}

/** The path of an MCP tool's page (`/docs/mcp/tools/get_product`). */
export function buildToolPagePath(toolName: string): string {
  return `/docs/mcp/tools/${toolName}`;
}

/** The path of a component schema's page (`/docs/schemas/Overview`). */
export function buildSchemaPagePath(schemaName: string): string {
  return `/docs/schemas/${schemaName}`;
}

/** The group page of the MCP resources. */
export const MCP_RESOURCES_PAGE_PATH = '/docs/mcp/resources';
/** The group page of the MCP prompts. */
export const MCP_PROMPTS_PAGE_PATH = '/docs/mcp/prompts';

/** A path segment the reference may use: what a URL carries unescaped and a file name allows. */
const SEGMENT = /^[A-Za-z0-9_-]+$/;

function defineDocsPage(name: string, path: string): SitePage {
  return { name, section: 'docs', path, markdownPath: `${path}.md` };
}

/**
 * The reference pages for these names, in sidebar order: operations, tools, the resources and
 * prompts pages, schemas. A name that cannot be a path segment fails the build, named.
 */
export function listDocsPages(names: DocsPageNames): SitePage[] {
  for (const name of [...names.operations, ...names.tools, ...names.schemas]) {
    if (!SEGMENT.test(name)) {
      throw new Error(`"${name}" cannot name a page of the reference: use letters, digits, _ or -`);
    }
  }
  if (names.operations.length + names.tools.length + names.schemas.length === 0) return [];
  return [
    ...names.operations.map((id) => defineDocsPage(`docs-api-${id}`, buildOperationPagePath(id))),
    ...names.tools.map((name) => defineDocsPage(`docs-tool-${name}`, buildToolPagePath(name))),
    defineDocsPage('docs-mcp-resources', MCP_RESOURCES_PAGE_PATH),
    defineDocsPage('docs-mcp-prompts', MCP_PROMPTS_PAGE_PATH),
    ...names.schemas.map((name) =>
      defineDocsPage(`docs-schema-${name}`, buildSchemaPagePath(name)),
    ),
  ];
}

const METHODS = ['get', 'head', 'post', 'put', 'patch', 'delete', 'options'];

function asRecord(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};
}

/**
 * The names of the reference pages of an OpenAPI document and a list of MCP tool names. An
 * operation without an `operationId`, or two with one id, fails: each needs its own page.
 * @see https://spec.openapis.org/oas/v3.1.1#operation-object (operationId is unique)
 */
export function readDocsPageNames(openapi: unknown, toolNames: readonly string[]): DocsPageNames {
  const document = asRecord(openapi);
  const operations: string[] = [];
  for (const [path, item] of Object.entries(asRecord(document.paths))) {
    for (const method of METHODS) {
      const operation = asRecord(item)[method];
      if (operation === undefined) continue;
      const id = asRecord(operation).operationId;
      if (typeof id !== 'string' || id === '') {
        throw new Error(`${method.toUpperCase()} ${path} has no operationId, so no reference page`);
      }
      if (operations.includes(id)) throw new Error(`two operations are named ${id}`);
      operations.push(id);
    }
  }
  return {
    operations,
    tools: [...toolNames],
    schemas: Object.keys(asRecord(asRecord(document.components).schemas)),
  };
}
