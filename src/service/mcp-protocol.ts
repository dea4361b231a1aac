/** Every MCP protocol revision this server speaks, oldest first. */
export const PROTOCOL_VERSIONS = [
  '2024-11-05',
  '2025-03-26',
  '2025-06-18',
  '2025-11-25',
  '2026-07-28',
] as const;
export type ProtocolVersion = (typeof PROTOCOL_VERSIONS)[number];

/** The stateless revision: no initialize, per-request _meta, server/discover (2026-07-28 basic/index). */
export const MODERN_VERSION = '2026-07-28' satisfies ProtocolVersion;

/** The newest revision negotiated through initialize; initialize always selects legacy semantics. */
export const LATEST_LEGACY_VERSION = '2025-11-25' satisfies ProtocolVersion;

/**
 * The version assumed for a request without MCP-Protocol-Version.
 * @see MCP 2025-06-18 basic/transports §Protocol Version Header ("SHOULD assume 2025-03-26")
 */
export const DEFAULT_HEADERLESS_VERSION = '2025-03-26' satisfies ProtocolVersion;

export function isProtocolVersion(value: unknown): value is ProtocolVersion {
  return typeof value === 'string' && (PROTOCOL_VERSIONS as readonly string[]).includes(value);
}

/** What each revision's wire format allows, so one implementation answers every client exactly. */
export interface VersionFeatures {
  /** Tool annotations (2025-03-26). */
  readonly toolAnnotations: boolean;
  /** title on tools, resources and prompts; outputSchema and structuredContent (2025-06-18). */
  readonly titlesAndStructuredContent: boolean;
  /** JSON-RPC batches in a POST body (required to receive in 2025-03-26, removed in 2025-06-18). */
  readonly batches: boolean;
  /** Invalid tool arguments answer with an isError result, not -32602 (2025-11-25, SEP-1303). */
  readonly argumentErrorsAsToolResults: boolean;
  /** JSON-RPC code for an unknown resource URI: -32002 up to 2025-11-25, -32602 after (SEP-2164). */
  readonly resourceNotFoundCode: number;
  /** resultType, caching hints and serverInfo in _meta on results (2026-07-28). */
  readonly modern: boolean;
}

/** The features of a protocol version (one object per version, computed once). */
export function getVersionFeatures(version: ProtocolVersion): VersionFeatures {
  return VERSION_FEATURES[version];
}

function describeVersionFeatures(version: ProtocolVersion): VersionFeatures {
  const index = PROTOCOL_VERSIONS.indexOf(version);
  const atLeast = (other: ProtocolVersion) => index >= PROTOCOL_VERSIONS.indexOf(other);
  return {
    toolAnnotations: atLeast('2025-03-26'),
    titlesAndStructuredContent: atLeast('2025-06-18'),
    batches: !atLeast('2025-06-18'),
    argumentErrorsAsToolResults: atLeast('2025-11-25'),
    resourceNotFoundCode: atLeast('2026-07-28')
      ? JSON_RPC_ERRORS.invalidParams
      : JSON_RPC_ERRORS.resourceNotFound,
    modern: atLeast('2026-07-28'),
  };
}

/** JSON-RPC 2.0 (§5.1) and MCP error codes, by name. */
export const JSON_RPC_ERRORS = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
  /** MCP ≤ 2025-11-25 server/resources §Error Handling. */
  resourceNotFound: -32002,
  /** MCP 2026-07-28 basic/transports/streamable-http: a header disagrees with the body. */
  headerMismatch: -32020,
  /** MCP 2026-07-28: the requested protocol version is not supported. */
  unsupportedProtocolVersion: -32022,
} as const;

/** HTTP headers of the streamable HTTP transport. */
export const MCP_HEADERS = {
  protocolVersion: 'mcp-protocol-version',
  method: 'mcp-method',
  name: 'mcp-name',
} as const;

/** _meta keys of the 2026-07-28 per-request metadata (basic/index §Request metadata). */
export const META_KEYS = {
  protocolVersion: 'io.modelcontextprotocol/protocolVersion',
  clientCapabilities: 'io.modelcontextprotocol/clientCapabilities',
  clientInfo: 'io.modelcontextprotocol/clientInfo',
  serverInfo: 'io.modelcontextprotocol/serverInfo',
} as const;

/**
 * Every method of the MCP method table (`rpc-server.ts`), in every protocol version; each version
 * answers the ones it does not have with -32601.
 * @see MCP 2025-11-25 schema and 2026-07-28 schema, ClientRequest and ClientNotification
 */
export const MCP_METHODS = [
  'initialize',
  'notifications/initialized',
  'ping',
  'server/discover',
  'tools/list',
  'tools/call',
  'resources/list',
  'resources/templates/list',
  'resources/read',
  'prompts/list',
  'prompts/get',
  // The skills extension (io.modelcontextprotocol/skills, SEP-2640), in every version.
  'skills/list',
  'skills/get',
] as const;
export type McpMethod = (typeof MCP_METHODS)[number];

/** Methods whose Mcp-Name header must carry params.name or params.uri (2026-07-28). */
export const NAMED_METHODS: Readonly<Record<string, 'name' | 'uri'>> = {
  'tools/call': 'name',
  'resources/read': 'uri',
  'prompts/get': 'name',
};

const VERSION_FEATURES = Object.fromEntries(
  PROTOCOL_VERSIONS.map((version) => [version, describeVersionFeatures(version)]),
) as Record<ProtocolVersion, VersionFeatures>;

/** How long clients may cache list and read results of 2026-07-28 (server/utilities/caching). */
export const CACHE_TTL_MS = 300_000;

/** The MCP extension this server implements to serve its agent skills. @see SEP-2640 */
export const SKILLS_EXTENSION = 'io.modelcontextprotocol/skills';

/**
 * What every tool of this server is, in the terms of MCP's tool annotations (2025-03-26): it only
 * reads, changes nothing, answers the same call the same way, and reaches nothing beyond the
 * site's own content. tools/list and the server card publish the same hints; a client reading the
 * card before it connects must not see MCP's defaults (idempotentHint false, openWorldHint true).
 * @see MCP 2025-11-25 server/tools §Tool annotations
 */
export const TOOL_HINTS = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
} as const;

/**
 * What the server offers, as initialize, server/discover and the server card all state it.
 * @see MCP 2025-11-25 basic/lifecycle §Capability Negotiation
 */
export const SERVER_CAPABILITIES = {
  tools: {},
  resources: {},
  prompts: {},
  extensions: { [SKILLS_EXTENSION]: {} },
} as const;
