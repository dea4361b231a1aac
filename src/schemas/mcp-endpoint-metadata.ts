import * as z from 'zod';

/** Response of GET /mcp (docs/spec.md §2 McpEndpointMetadata). */
export const McpEndpointMetadataSchema = z
  .strictObject({
    name: z.string().describe("The MCP server's name"),
    transport: z
      .literal('streamable-http')
      .describe('The MCP transport this endpoint speaks: streamable HTTP'),
    protocol: z.literal('mcp').describe('The protocol: always mcp'),
    message: z.string().describe('How to talk to the endpoint: POST JSON-RPC messages to this URL'),
  })
  .meta({ id: 'McpEndpointMetadata', title: 'McpEndpointMetadata' });
export type McpEndpointMetadata = z.infer<typeof McpEndpointMetadataSchema>;
