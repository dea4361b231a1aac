/** Version of the REST API and of its OpenAPI description (docs/spec.md §9.4). */
export const API_VERSION = '1.0.0';

/** Version of the MCP agent, reported in serverInfo (docs/spec.md §9.5). */
export const MCP_AGENT_VERSION = '0.1.0';

/** The dated MCP protocol version the published quickstart uses (docs/spec.md §9.5). */
export const QUICKSTART_MCP_PROTOCOL_VERSION = '2024-11-05';

/** OAuth scopes this service understands (docs/spec.md §5.3). */
export const OAUTH_SCOPES = ['mcp:read', 'mcp:tools'] as const;
