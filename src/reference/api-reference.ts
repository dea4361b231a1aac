/**
 * Reads the published OpenAPI document into the shape the /docs page renders, so the reference is
 * generated from the document itself and never retyped.
 * @see https://spec.openapis.org/oas/v3.1.1
 */

import { formatCurlSample, type SampleRequest } from '../documents/code-samples.ts';

type JsonObject = Record<string, unknown>;

const HTTP_METHODS = ['get', 'head', 'post', 'put', 'patch', 'delete', 'options'] as const;

/** The parts of the OpenAPI document that /docs and /docs.md read besides the operations. */
export interface OpenApiOverview {
  info: { title: string; version: string; description: string };
  servers: { url: string; description: string }[];
  components: {
    schemas: Record<string, Record<string, unknown>>;
    securitySchemes: Record<string, { description?: string }>;
  };
}

/** The OpenAPI document as /docs and /docs.md read it. */
export function readOpenApiOverview(document: unknown): OpenApiOverview {
  return document as OpenApiOverview;
}

/** One row of a field table: a property of an object schema, or a parameter. */
export interface FieldRow {
  readonly name: string;
  readonly type: string;
  /** The component schema the type refers to, for a link to its table. */
  readonly ref?: string | undefined;
  readonly required: boolean;
  readonly description: string;
}

export interface ReferenceExample {
  readonly name: string;
  readonly summary?: string | undefined;
  readonly value: unknown;
}

export interface ReferenceBody {
  readonly mediaType: string;
  readonly type: string;
  readonly ref?: string | undefined;
  readonly examples: readonly ReferenceExample[];
}

export interface ReferenceResponse {
  readonly status: string;
  /** The shared response (components/responses) it refers to, if any. */
  readonly component?: string;
  readonly description: string;
  readonly headers: readonly { name: string; description: string }[];
  readonly body?: ReferenceBody;
}

export interface ReferenceOperation {
  readonly operationId: string;
  readonly method: string;
  readonly path: string;
  readonly url: string;
  readonly tag: string;
  readonly summary: string;
  readonly description: string;
  readonly deprecated: boolean;
  readonly parameters: readonly FieldRow[];
  readonly requestBody?: ReferenceBody & { readonly required: boolean };
  readonly responses: readonly ReferenceResponse[];
}

export interface ReferenceTag {
  readonly name: string;
  readonly description: string;
  readonly operations: readonly ReferenceOperation[];
}

function asObject(value: unknown): JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as JsonObject)
    : {};
}

function asString(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** The component name a `$ref` such as #/components/schemas/Overview points at. */
function refName(value: unknown): string | undefined {
  const ref = asObject(value).$ref;
  return typeof ref === 'string' ? ref.split('/').at(-1) : undefined;
}

/** A short, human reading of a JSON Schema's type: `string (uri)`, `array of Problem`, ... */
export function describeSchemaType(schema: unknown): { type: string; ref?: string | undefined } {
  const object = asObject(schema);
  const ref = refName(object);
  if (ref) return { type: ref, ref };
  if ('const' in object) return { type: `${JSON.stringify(object.const)}` };
  if (Array.isArray(object.enum)) {
    return { type: `one of ${object.enum.map((value) => JSON.stringify(value)).join(', ')}` };
  }
  const alternatives = (object.anyOf ?? object.oneOf) as unknown[] | undefined;
  if (Array.isArray(alternatives)) {
    const parts = alternatives.map((part) => describeSchemaType(part));
    return {
      type: parts.map((part) => part.type).join(' or '),
      ref: parts.find((p) => p.ref)?.ref,
    };
  }
  if (object.type === 'array') {
    const items = describeSchemaType(object.items);
    return { type: `array of ${items.type}`, ref: items.ref };
  }
  const type = Array.isArray(object.type) ? object.type.join(' or ') : asString(object.type);
  const format = asString(object.format);
  if (type === 'object' && !object.properties && object.additionalProperties !== false) {
    return { type: 'object (free-form)' };
  }
  return { type: `${type || 'any'}${format ? ` (${format})` : ''}` };
}

/** The properties of an object schema as table rows, required ones first as declared. */
export function listSchemaFields(schema: unknown): FieldRow[] {
  const object = asObject(schema);
  const required = new Set(Array.isArray(object.required) ? (object.required as string[]) : []);
  return Object.entries(asObject(object.properties)).map(([name, property]) => {
    const { type, ref } = describeSchemaType(property);
    return {
      name,
      type,
      ...(ref ? { ref } : {}),
      required: required.has(name),
      description: asString(asObject(property).description),
    };
  });
}

function readBody(content: unknown): ReferenceBody | undefined {
  const [entry] = Object.entries(asObject(content));
  if (!entry) return undefined;
  const [mediaType, media] = entry;
  const mediaObject = asObject(media);
  const { type, ref } = describeSchemaType(mediaObject.schema);
  const examples: ReferenceExample[] =
    'example' in mediaObject
      ? [{ name: 'example', value: mediaObject.example }]
      : Object.entries(asObject(mediaObject.examples)).map(([name, example]) => ({
          name,
          summary: asString(asObject(example).summary) || undefined,
          value: asObject(example).value,
        }));
  return { mediaType, type, ...(ref ? { ref } : {}), examples };
}

/**
 * Lists every operation of the document with its parameters, request body and responses;
 * references to shared responses are resolved, schema references are kept as names.
 */
export function listReferenceOperations(document: JsonObject): ReferenceOperation[] {
  const rootServers = document.servers as { url: string }[];
  const sharedResponses = asObject(asObject(document.components).responses);
  const resolveResponse = (response: unknown) => {
    const name = refName(response);
    return name ? asObject(sharedResponses[name]) : asObject(response);
  };
  return Object.entries(asObject(document.paths)).flatMap(([path, pathItem]) => {
    const item = asObject(pathItem);
    const servers = (item.servers as { url: string }[] | undefined) ?? rootServers;
    const base = servers[0]?.url ?? '';
    return HTTP_METHODS.flatMap((method) => {
      if (!(method in item)) return [];
      const operation = asObject(item[method]);
      const parameters = ((operation.parameters as unknown[] | undefined) ?? []).map((value) => {
        const parameter = asObject(value);
        return {
          name: `${asString(parameter.name)} (${asString(parameter.in)})`,
          ...describeSchemaType(parameter.schema),
          required: parameter.required === true,
          description: asString(parameter.description),
        };
      });
      const requestBody = asObject(operation.requestBody);
      const body = readBody(requestBody.content);
      const responses = Object.entries(asObject(operation.responses)).map(([status, value]) => {
        const response = resolveResponse(value);
        const responseBody = readBody(response.content);
        const component = refName(value);
        return {
          status,
          ...(component ? { component } : {}),
          description: asString(response.description),
          headers: Object.entries(asObject(response.headers)).map(([name, header]) => ({
            name,
            description: asString(
              asObject(refName(header) ? resolveHeader(document, header) : header).description,
            ),
          })),
          ...(responseBody ? { body: responseBody } : {}),
        };
      });
      return [
        {
          operationId: asString(operation.operationId),
          method: method.toUpperCase(),
          path,
          url: `${base}${path}`,
          tag: asString((operation.tags as string[] | undefined)?.[0]),
          summary: asString(operation.summary),
          description: asString(operation.description),
          deprecated: operation.deprecated === true,
          parameters,
          ...(body ? { requestBody: { ...body, required: requestBody.required === true } } : {}),
          responses,
        },
      ];
    });
  });
}

function resolveHeader(document: JsonObject, header: unknown): JsonObject {
  const name = refName(header) ?? '';
  return asObject(asObject(asObject(document.components).headers)[name]);
}

/** The operations grouped under the document's tags, in the document's tag order. */
export function groupOperationsByTag(document: JsonObject): ReferenceTag[] {
  const operations = listReferenceOperations(document);
  const tags = (document.tags as { name: string; description?: string }[] | undefined) ?? [];
  return tags.map((tag) => ({
    name: tag.name,
    description: tag.description ?? '',
    operations: operations.filter((operation) => operation.tag === tag.name),
  }));
}

/** A request an operation's examples send, with the label the page shows above it. */
export interface OperationRequest {
  readonly label: string;
  readonly request: SampleRequest;
}

/**
 * The requests that call an operation as documented: one per request example, or one plain call
 * when it needs no input. Operations whose required parameters have no example (such as a
 * browser redirect flow) get none.
 */
export function listOperationRequests(
  operation: ReferenceOperation,
  options: { readonly accept?: string | undefined } = {},
): OperationRequest[] {
  if (operation.parameters.some((parameter) => parameter.required)) return [];
  if (operation.method === 'GET' || operation.method === 'HEAD') {
    return [
      {
        label: operation.summary,
        request: { method: operation.method, url: operation.url, headers: [] },
      },
    ];
  }
  const body = operation.requestBody;
  if (!body) return [];
  return body.examples.map((example) => {
    const label = example.summary ?? operation.summary;
    if (body.mediaType === 'application/x-www-form-urlencoded') {
      const fields = Object.entries(asObject(example.value)).map(
        ([name, value]): [string, string] => [name, String(value)],
      );
      return {
        label,
        request: {
          method: operation.method,
          url: operation.url,
          headers: [],
          body: { kind: 'form', fields },
        },
      };
    }
    const headers: [string, string][] = [['Content-Type', body.mediaType]];
    if (options.accept) headers.push(['Accept', options.accept]);
    return {
      label,
      request: {
        method: operation.method,
        url: operation.url,
        headers,
        body: { kind: 'json', value: example.value },
      },
    };
  });
}

/** The curl commands of an operation's documented requests (listOperationRequests). */
export function buildOperationCommands(
  operation: ReferenceOperation,
  options: { readonly accept?: string | undefined } = {},
): { label: string; command: string }[] {
  return listOperationRequests(operation, options).map(({ label, request }) => ({
    label,
    command: formatCurlSample(request),
  }));
}

/** Splits Markdown-ish prose into paragraphs of text and `code` spans, for rendering as HTML. */
export function splitProse(text: string): { code: boolean; text: string }[][] {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.replace(/\s*\n\s*/g, ' ').trim())
    .filter((paragraph) => paragraph.length > 0)
    .map((paragraph) =>
      paragraph
        .split(/(`[^`]+`)/)
        .filter((part) => part.length > 0)
        .map((part) =>
          part.startsWith('`') && part.endsWith('`')
            ? { code: true, text: part.slice(1, -1) }
            : { code: false, text: part },
        ),
    );
}
