/**
 * What each page of the API reference shows, found from its path: an operation of the OpenAPI
 * document, an MCP tool, a component schema, or the MCP resources or prompts; and, for an
 * operation, the errors it can actually return.
 * @see docs/pages.md ("The reference: a page per thing")
 */

import type { SampleRequest } from '../documents/code-samples.ts';
import { buildMcpRequest, buildRpcRequest } from '../documents/mcp-quickstart.ts';
import type { SiteDocuments } from '../documents/site-documents.ts';
import type { PublishedToolDescriptor } from '../schemas/mcp-tools.ts';
import {
  buildOperationPagePath,
  buildSchemaPagePath,
  buildToolPagePath,
  MCP_PROMPTS_PAGE_PATH,
  MCP_RESOURCES_PAGE_PATH,
} from '../service/docs-pages.ts';
import { listErrorCatalogue, type CatalogueEntry } from '../service/error-catalogue.ts';
import { BUILT_IN_ROUTES } from '../service/routes.ts';
import {
  groupOperationsByTag,
  readOpenApiOverview,
  type ReferenceOperation,
  type ReferenceResponse,
} from './api-reference.ts';
import { assertFieldsDescribed, buildSchemaFields, type SchemaField } from './schema-fields.ts';

/** A page of the reference and the thing it documents. */
export type DocsPageKind =
  | { readonly kind: 'operation'; readonly operation: ReferenceOperation; readonly tag: string }
  | { readonly kind: 'tool'; readonly tool: PublishedToolDescriptor }
  | { readonly kind: 'schema'; readonly name: string; readonly schema: Record<string, unknown> }
  | { readonly kind: 'resources' }
  | { readonly kind: 'prompts' };

/** The thing the reference page at `path` documents; a path that is none fails the build. */
export function resolveDocsPage(site: SiteDocuments, path: string): DocsPageKind {
  if (path === MCP_RESOURCES_PAGE_PATH) return { kind: 'resources' };
  if (path === MCP_PROMPTS_PAGE_PATH) return { kind: 'prompts' };
  for (const tag of groupOperationsByTag(site.openapi)) {
    const operation = tag.operations.find(
      (candidate) => buildOperationPagePath(candidate.operationId) === path,
    );
    if (operation) return { kind: 'operation', operation, tag: tag.name };
  }
  const tool = site.mcpTools.find((candidate) => buildToolPagePath(candidate.name) === path);
  if (tool) return { kind: 'tool', tool };
  const schemas = readOpenApiOverview(site.openapi).components.schemas;
  const name = Object.keys(schemas).find((candidate) => buildSchemaPagePath(candidate) === path);
  if (name) return { kind: 'schema', name, schema: schemas[name] ?? {} };
  throw new Error(`${path} names nothing in the OpenAPI document or the MCP tools`);
}

/** The statuses a prerendered file can answer besides its 200: the transport's refusals, 405. */
const FILE_ERROR_STATUSES = new Set(['405', '408', '414', '417', '431', '503']);

/** One error an operation can return: its status, what it means, and the codes it comes with. */
export interface OperationError {
  readonly status: string;
  readonly meaning: string;
  /** The error codes of the catalogue with this status and body, each with a page. */
  readonly codes: readonly CatalogueEntry[];
}

/**
 * The responses an operation page lists in its own table: those it declares itself, and the shared
 * ones that are no error (the 304 of a conditional GET). The errors are `listOperationErrors`'.
 */
export function listOwnResponses(operation: ReferenceOperation): ReferenceResponse[] {
  return operation.responses.filter(
    (response) => !response.component || Number(response.status) < 400,
  );
}

/**
 * The errors an operation can actually return, from what answers its path in the route table: a
 * prerendered file only the transport's refusals and 405; a function everything it declares, but
 * 401 only when it reads a bearer token. Its own responses (an OAuth error body) are kept.
 */
export function listOperationErrors(operation: ReferenceOperation): OperationError[] {
  const surface = BUILT_IN_ROUTES.findSurface(new URL(operation.url).pathname);
  const isFile = surface.answer.kind === 'file';
  const catalogue = listErrorCatalogue();
  const isError = (response: ReferenceResponse) => Number(response.status) >= 400;
  return operation.responses
    .filter(isError)
    .filter((response) => !isFile || FILE_ERROR_STATUSES.has(response.status))
    .filter(
      (response) =>
        response.status !== '401' || surface.checksBearerToken === true || !response.component,
    )
    .map((response) => {
      // The codes its examples carry (a shared response shows each code it stands for); else
      // every code of the catalogue with this status and body.
      const named = (response.body?.examples ?? []).flatMap((example) => {
        const code = asObject(example.value).code;
        return typeof code === 'string' ? [code] : [];
      });
      const body = response.body?.ref === 'OAuthError' ? 'oauth' : 'problem';
      return {
        status: response.status,
        meaning: response.description.replace(/\.$/, ''),
        codes: catalogue.filter((entry) =>
          named.length > 0
            ? named.includes(entry.code)
            : String(entry.status) === response.status && entry.body === body,
        ),
      };
    });
}

function asObject(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/** The schema of the first media type of a request body or response object. */
function readFirstSchema(holder: unknown): unknown {
  return Object.values(asObject(asObject(holder).content)).map(
    (media) => asObject(media).schema,
  )[0];
}

/**
 * The fields of an operation's request body and of its successful (2xx) answer, nested objects
 * unfolded, read from the OpenAPI document; the build fails on a field without a description.
 */
export function buildOperationFields(
  openapi: unknown,
  operation: ReferenceOperation,
): { request: SchemaField[]; response: SchemaField[] } {
  const document = asObject(openapi);
  const components = asObject(asObject(document.components).schemas);
  const raw = asObject(
    asObject(asObject(document.paths)[operation.path])[operation.method.toLowerCase()],
  );
  const success = Object.entries(asObject(raw.responses)).find(([status]) =>
    /^2\d\d$/.test(status),
  );
  const request = buildSchemaFields(readFirstSchema(raw.requestBody), components);
  const response = buildSchemaFields(readFirstSchema(success?.[1]), components);
  assertFieldsDescribed(`${operation.method} ${operation.path}`, [...request, ...response]);
  return { request, response };
}

/** The fields with a link only to the schemas that have a page (the OpenAPI components). */
function keepPagedRefs(fields: readonly SchemaField[], paged: ReadonlySet<string>): SchemaField[] {
  return fields.map((field) => ({
    ...field,
    ref: field.ref && paged.has(field.ref) ? field.ref : undefined,
    children: keepPagedRefs(field.children, paged),
  }));
}

/**
 * The fields of a tool's arguments and of its structured result (a type links to its schema's
 * page when the OpenAPI document has one); the build fails on a field without a description.
 */
export function buildToolFields(
  tool: PublishedToolDescriptor,
  openapi: unknown,
): { input: SchemaField[]; output: SchemaField[] } {
  const paged = new Set(Object.keys(asObject(asObject(asObject(openapi).components).schemas)));
  const definitions = (schema: unknown) => asObject(asObject(schema).$defs);
  const input = keepPagedRefs(
    buildSchemaFields(tool.inputSchema, definitions(tool.inputSchema)),
    paged,
  );
  const output = keepPagedRefs(
    buildSchemaFields(tool.outputSchema, definitions(tool.outputSchema)),
    paged,
  );
  assertFieldsDescribed(`the MCP tool ${tool.name}`, [...input, ...output]);
  return { input, output };
}

/** The tools/call request of a tool with its example arguments, as every sample prints it. */
export function buildToolSampleRequest(
  site: SiteDocuments,
  tool: PublishedToolDescriptor,
): SampleRequest {
  return buildMcpRequest(
    site.urls.mcp,
    buildRpcRequest(1, 'tools/call', { name: tool.name, arguments: tool.example }),
  );
}

/** The fields of a component schema, nested objects unfolded; the build fails on one undescribed. */
export function buildComponentFields(openapi: unknown, name: string): SchemaField[] {
  const components = asObject(asObject(asObject(openapi).components).schemas);
  const fields = buildSchemaFields(components[name], components);
  assertFieldsDescribed(`the schema ${name}`, fields);
  return fields;
}
