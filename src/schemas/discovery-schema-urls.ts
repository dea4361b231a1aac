/**
 * The `$schema` URLs of the discovery documents, in a module of their own so that the builders of
 * those documents, which the functions bundle, do not load the documents' zod schemas (full zod).
 */

/** `$schema` of the SEP-1649 server card (the shape scanners read at the .well-known paths). */
export const SERVER_CARD_V1_SCHEMA_URL =
  'https://static.modelcontextprotocol.io/schemas/mcp-server-card/v1.json';

/**
 * `$schema` of the SEP-2127 server card: the schema the MCP server-card extension publishes
 * (`schema.json` pins this exact URL; versioned by `/v1/`, not by date).
 * @see https://github.com/modelcontextprotocol/experimental-ext-server-card (schema.ts, 2026-07-24)
 */
export const SERVER_CARD_SCHEMA_URL =
  'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json';

/** `$schema` of the agent-skills discovery index, version 0.2.0. */
export const AGENT_SKILLS_INDEX_SCHEMA_URL =
  'https://schemas.agentskills.io/discovery/0.2.0/schema.json';
