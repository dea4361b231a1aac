import * as z from 'zod';
import { SERVER_CARD_SCHEMA_URL, SERVER_CARD_V1_SCHEMA_URL } from './discovery-schema-urls.ts';

export { SERVER_CARD_SCHEMA_URL, SERVER_CARD_V1_SCHEMA_URL };

const ReverseDnsNameSchema = z
  .string()
  .min(3)
  .max(200)
  .regex(/^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/, 'must be reverse-DNS "namespace/name"');

/** One remote (HTTP) endpoint of an MCP server (SEP-2127 `Remote`). */
export const ServerCardRemoteSchema = z.strictObject({
  type: z.enum(['streamable-http', 'sse']),
  url: z.url(),
  supportedProtocolVersions: z.array(z.string()).optional(),
});

/**
 * A SEP-2127 MCP server card: identity and connection details, no primitives.
 * @see https://github.com/modelcontextprotocol/modelcontextprotocol/pull/2127
 */
export const McpServerCardV2Schema = z.strictObject({
  $schema: z.literal(SERVER_CARD_SCHEMA_URL),
  name: ReverseDnsNameSchema,
  version: z.string().min(1).max(255),
  description: z.string().min(1).max(100),
  title: z.string().min(1).max(100).optional(),
  websiteUrl: z.url().optional(),
  remotes: z.array(ServerCardRemoteSchema).optional(),
});
export type McpServerCardV2 = z.infer<typeof McpServerCardV2Schema>;

const ToolSummarySchema = z.looseObject({
  name: z.string().min(1),
  description: z.string().min(1),
  inputSchema: z.looseObject({ type: z.literal('object') }),
});

/**
 * The server card at /.well-known/mcp/server-card.json and /.well-known/mcp.json: SEP-1649's
 * `serverInfo`, `transport` and `capabilities`, plus SEP-2127's `name`, `version`, `remotes` and
 * the tool list scanners look for, so readers of either draft find what they expect.
 * @see https://github.com/modelcontextprotocol/modelcontextprotocol/issues/1649
 */
export const McpServerCardSchema = z.looseObject({
  $schema: z.literal(SERVER_CARD_V1_SCHEMA_URL),
  name: ReverseDnsNameSchema,
  version: z.string().min(1),
  description: z.string().min(1),
  protocolVersion: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  serverInfo: z.looseObject({ name: z.string().min(1), version: z.string().min(1) }),
  transport: z.strictObject({ type: z.literal('streamable-http'), endpoint: z.url() }),
  remotes: z.array(ServerCardRemoteSchema).min(1),
  capabilities: z.looseObject({}),
  authentication: z.looseObject({ required: z.boolean() }),
  tools: z.array(ToolSummarySchema).min(1),
});
export type McpServerCard = z.infer<typeof McpServerCardSchema>;
