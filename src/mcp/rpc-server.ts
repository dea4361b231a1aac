import {
  JSONRPCErrorException,
  JSONRPCServer,
  type JSONRPCParams,
  type JSONRPCResponse,
  type SimpleJSONRPCMethod,
} from 'json-rpc-2.0';
import type * as z from 'zod/mini';
import { endSentence } from '../documents/end-sentence.ts';
import type { FailureLog } from '../http/problem.ts';
import type { SiteDocuments } from '../documents/site-documents.ts';
import { MCP_AGENT_VERSION } from '../service/versions.ts';
import { paginate, InvalidCursorError } from './pagination.ts';
import { buildPrompts } from './prompts.ts';
import {
  CACHE_TTL_MS,
  getVersionFeatures,
  isProtocolVersion,
  JSON_RPC_ERRORS,
  LATEST_LEGACY_VERSION,
  MCP_METHODS,
  META_KEYS,
  MODERN_VERSION,
  PROTOCOL_VERSIONS,
  type McpMethod,
  type ProtocolVersion,
  type VersionFeatures,
} from '../service/mcp-protocol.ts';
import { buildResourceCatalog } from './resources.ts';
import type { PublishedToolDescriptor } from '../schemas/mcp-tools.ts';
import { buildToolRunners } from './tools.ts';
import { buildMcpServerName } from '../documents/mcp-server-identity.ts';

/** What one JSON-RPC call knows about its request. */
export interface McpCallContext {
  /** The protocol version the request is answered in. */
  readonly version: ProtocolVersion;
}

/**
 * Methods that exist only before 2026-07-28. An initialize sent without the 2026-07-28 header
 * selects legacy semantics; with it, it is answered -32601 naming the supported versions.
 */
const LEGACY_ONLY_METHODS = new Set(['initialize', 'ping', 'notifications/initialized']);
/** Methods that exist only in 2026-07-28. */
const MODERN_ONLY_METHODS = new Set(['server/discover']);
/** Results that carry ttlMs and cacheScope in 2026-07-28 (server/utilities/caching). */
const CACHEABLE_METHODS = new Set([
  'server/discover',
  'tools/list',
  'prompts/list',
  'resources/list',
  'resources/templates/list',
  'resources/read',
]);

const invalidParams = (message: string, data?: unknown) =>
  new JSONRPCErrorException(message, JSON_RPC_ERRORS.invalidParams, data);

function readObjectParams(params: JSONRPCParams | undefined): Record<string, unknown> {
  if (params === undefined || params === null) return {};
  if (typeof params !== 'object' || Array.isArray(params)) {
    throw invalidParams('params must be an object');
  }
  return params as Record<string, unknown>;
}

function describeIssues(error: z.core.$ZodError): string {
  return error.issues
    .map(
      (issue) => `${issue.path.length > 0 ? issue.path.join('.') : 'arguments'}: ${issue.message}`,
    )
    .join('; ');
}

/**
 * The MCP method table: every method answers from precomputed documents and shapes its result
 * for the request's protocol version, so one server speaks every published revision.
 */
export function createMcpRpcServer(
  site: SiteDocuments,
  logFailure: FailureLog,
): JSONRPCServer<McpCallContext> {
  const { content, urls } = site;
  const tools = site.mcpTools;
  const runners = buildToolRunners(site);
  const catalog = buildResourceCatalog(site);
  const prompts = buildPrompts(site);
  const promptsByName = new Map(prompts.map((prompt) => [prompt.name, prompt]));
  const capabilities = { tools: {}, resources: {}, prompts: {} };
  const instructions = [
    `Read-only public marketing facts about ${content.company.name}: ${content.company.description}`,
    'Every tool and resource is read-only and public; no authentication is required.',
    ...content.agents.guidance,
  ].join('\n');
  const serverName = buildMcpServerName(content);

  const serverInfo = (features: VersionFeatures) => ({
    name: serverName,
    version: MCP_AGENT_VERSION,
    ...(features.titlesAndStructuredContent
      ? { title: `${content.company.alternateName} facts` }
      : {}),
    ...(features.argumentErrorsAsToolResults
      ? {
          description: endSentence(`Public marketing facts about ${content.company.name}`),
          websiteUrl: urls.developers,
        }
      : {}),
  });

  const shapeTool = (tool: PublishedToolDescriptor, features: VersionFeatures) => ({
    name: tool.name,
    ...(features.titlesAndStructuredContent ? { title: tool.title } : {}),
    description: tool.description,
    inputSchema: tool.inputSchema,
    ...(features.titlesAndStructuredContent ? { outputSchema: tool.outputSchema } : {}),
    ...(features.toolAnnotations
      ? {
          annotations: {
            title: tool.title,
            readOnlyHint: true,
            destructiveHint: false,
            idempotentHint: true,
            openWorldHint: false,
          },
        }
      : {}),
  });

  const withTitle = <T extends { title: string }>(item: T, features: VersionFeatures) => {
    if (features.titlesAndStructuredContent) return item;
    const { title: _title, ...rest } = item;
    return rest;
  };

  const server = new JSONRPCServer<McpCallContext>({ errorListener: () => undefined });
  const addMethod = (name: McpMethod, method: SimpleJSONRPCMethod<McpCallContext>): void =>
    server.addMethod(name, method);

  // An exception that is not a JSON-RPC error is a bug: log it once, tell the client nothing more.
  server.mapErrorToJSONRPCErrorResponse = (id, error: unknown) => {
    if (error instanceof JSONRPCErrorException) {
      return { jsonrpc: '2.0', id, error: error.toObject() };
    }
    logFailure({
      level: 'error',
      msg: 'MCP method failed',
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
    return {
      jsonrpc: '2.0',
      id,
      error: { code: JSON_RPC_ERRORS.internalError, message: 'Internal error' },
    };
  };

  server.applyMiddleware(async (next, request, context) => {
    const features = getVersionFeatures(context.version);
    const unavailable = features.modern
      ? LEGACY_ONLY_METHODS.has(request.method)
      : MODERN_ONLY_METHODS.has(request.method);
    if (unavailable) {
      return request.id === undefined
        ? null
        : {
            jsonrpc: '2.0',
            id: request.id,
            error: {
              code: JSON_RPC_ERRORS.methodNotFound,
              message: `Method not found: ${request.method} is not part of protocol version ${context.version}`,
              data: { supported: [...PROTOCOL_VERSIONS] },
            },
          };
    }
    const response = await next(request, context);
    if (!features.modern || !response || response.error !== undefined) return response;
    const result = response.result as Record<string, unknown>;
    const modernResult = {
      ...result,
      resultType: 'complete',
      ...(CACHEABLE_METHODS.has(request.method)
        ? { ttlMs: CACHE_TTL_MS, cacheScope: 'public' }
        : {}),
      _meta: {
        ...(result._meta as object | undefined),
        [META_KEYS.serverInfo]: serverInfo(features),
      },
    };
    return { jsonrpc: '2.0', id: response.id, result: modernResult } satisfies JSONRPCResponse;
  });

  /** @see MCP lifecycle §Version Negotiation: echo a supported version, else offer our latest. */
  addMethod('initialize', (params) => {
    const { protocolVersion } = readObjectParams(params);
    if (typeof protocolVersion !== 'string') {
      throw invalidParams(
        'initialize needs params.protocolVersion (a string such as "2025-11-25")',
      );
    }
    const negotiated =
      isProtocolVersion(protocolVersion) && protocolVersion !== MODERN_VERSION
        ? protocolVersion
        : LATEST_LEGACY_VERSION;
    const features = getVersionFeatures(negotiated);
    return {
      protocolVersion: negotiated,
      capabilities,
      serverInfo: serverInfo(features),
      instructions,
    };
  });

  addMethod('notifications/initialized', () => null);
  addMethod('ping', () => ({}));

  addMethod('server/discover', (_params, context) => ({
    supportedVersions: [...PROTOCOL_VERSIONS],
    capabilities,
    instructions,
    _meta: { [META_KEYS.serverInfo]: serverInfo(getVersionFeatures(context.version)) },
  }));

  addMethod('tools/list', (params, context) => {
    const features = getVersionFeatures(context.version);
    const { items, ...next } = pageOf('tools/list', tools, readObjectParams(params).cursor);
    return { tools: items.map((tool) => shapeTool(tool, features)), ...next };
  });

  addMethod('tools/call', (params, context) => {
    const { name, arguments: args } = readObjectParams(params);
    if (typeof name !== 'string') throw invalidParams('tools/call needs params.name (a string)');
    const tool = runners.get(name);
    if (!tool) {
      throw invalidParams(`Unknown tool: ${name}. Call tools/list for the available tools.`, {
        tools: tools.map((entry) => entry.name),
      });
    }
    if (args !== undefined && (args === null || typeof args !== 'object' || Array.isArray(args))) {
      throw invalidParams('params.arguments must be an object');
    }
    const features = getVersionFeatures(context.version);
    const parsed = tool.inputSchema.safeParse(args ?? {});
    if (!parsed.success) {
      const message = `Invalid arguments for ${name}: ${describeIssues(parsed.error)}`;
      // 2025-11-25 (SEP-1303): input validation errors are tool execution errors, so the model sees them.
      if (features.argumentErrorsAsToolResults) {
        return { content: [{ type: 'text', text: message }], isError: true };
      }
      throw invalidParams(message, { issues: parsed.error.issues });
    }
    const output = tool.run(parsed.data);
    return {
      content: [{ type: 'text', text: output.text }],
      ...(features.titlesAndStructuredContent
        ? { structuredContent: output.structuredContent }
        : {}),
    };
  });

  addMethod('resources/list', (params, context) => {
    const features = getVersionFeatures(context.version);
    const { items, ...next } = pageOf(
      'resources/list',
      catalog.resources,
      readObjectParams(params).cursor,
    );
    return {
      resources: items.map(({ text, ...resource }) => ({
        ...withTitle(resource, features),
        size: Buffer.byteLength(text),
      })),
      ...next,
    };
  });

  addMethod('resources/templates/list', (params, context) => {
    const features = getVersionFeatures(context.version);
    const { items, ...next } = pageOf(
      'resources/templates/list',
      catalog.templates,
      readObjectParams(params).cursor,
    );
    return { resourceTemplates: items.map((template) => withTitle(template, features)), ...next };
  });

  addMethod('resources/read', (params, context) => {
    const { uri } = readObjectParams(params);
    if (typeof uri !== 'string') throw invalidParams('resources/read needs params.uri (a string)');
    const resource = catalog.read(uri);
    if (!resource) {
      throw new JSONRPCErrorException(
        `Resource not found: ${uri}. Call resources/list for the available resources.`,
        getVersionFeatures(context.version).resourceNotFoundCode,
        { uri },
      );
    }
    return { contents: [{ uri: resource.uri, mimeType: resource.mimeType, text: resource.text }] };
  });

  addMethod('prompts/list', (params, context) => {
    const features = getVersionFeatures(context.version);
    const { items, ...next } = pageOf('prompts/list', prompts, readObjectParams(params).cursor);
    return {
      prompts: items.map(({ render: _render, arguments: promptArguments, ...prompt }) => ({
        ...withTitle(prompt, features),
        arguments: promptArguments,
      })),
      ...next,
    };
  });

  addMethod('prompts/get', (params) => {
    const { name, arguments: args } = readObjectParams(params);
    if (typeof name !== 'string') throw invalidParams('prompts/get needs params.name (a string)');
    const prompt = promptsByName.get(name);
    if (!prompt) {
      throw invalidParams(`Unknown prompt: ${name}. Call prompts/list for the available prompts.`, {
        prompts: prompts.map((entry) => entry.name),
      });
    }
    const values = args ?? {};
    if (typeof values !== 'object' || values === null || Array.isArray(values)) {
      throw invalidParams('params.arguments must be an object of strings');
    }
    for (const [key, value] of Object.entries(values)) {
      if (typeof value !== 'string') throw invalidParams(`Argument ${key} must be a string`);
    }
    const missing = prompt.arguments.filter(
      (argument) => argument.required && !(values as Record<string, string>)[argument.name],
    );
    if (missing.length > 0) {
      throw invalidParams(
        `Missing required argument: ${missing.map((argument) => argument.name).join(', ')}`,
      );
    }
    return {
      description: prompt.description,
      messages: prompt.render(values as Record<string, string>),
    };
  });

  const missing = MCP_METHODS.filter((name) => !server.hasMethod(name));
  if (missing.length > 0) throw new Error(`MCP methods without a handler: ${missing.join(', ')}`);
  return server;
}

function pageOf<T>(list: string, items: readonly T[], cursor: unknown) {
  try {
    return paginate(list, items, cursor);
  } catch (error) {
    if (error instanceof InvalidCursorError) throw invalidParams(error.message);
    throw error;
  }
}
