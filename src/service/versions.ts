/** Version of the REST API and of its OpenAPI description (docs/spec.md §9.4). */
export const API_VERSION = '1.0.0';

/** Version of the MCP agent, reported in serverInfo (docs/spec.md §9.5). */
export const MCP_AGENT_VERSION = '0.1.0';

/** The dated MCP protocol version the published quickstart uses (docs/spec.md §9.5). */
export const QUICKSTART_MCP_PROTOCOL_VERSION = '2024-11-05';

/** OAuth scopes this service understands (docs/spec.md §5.3). */
export const OAUTH_SCOPES = ['mcp:read', 'mcp:tools'] as const;

/** The A2A protocol version the agent card and the A2A endpoint implement (A2A 1.0 §3.6). */
export const A2A_PROTOCOL_VERSION = '1.0';

/** The earlier A2A version whose `message/send` the endpoint also answers (A2A 0.3 §7.1). */
export const A2A_LEGACY_PROTOCOL_VERSION = '0.3';
