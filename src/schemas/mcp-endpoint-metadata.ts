import * as z from 'zod';

/** Response of GET /mcp (docs/spec.md §2 McpEndpointMetadata). */
export const McpEndpointMetadataSchema = z
  .strictObject({
    name: z.string(),
    transport: z.literal('streamable-http'),
    protocol: z.literal('mcp'),
    message: z.string(),
  })
  .meta({ id: 'McpEndpointMetadata', title: 'McpEndpointMetadata' });
export type McpEndpointMetadata = z.infer<typeof McpEndpointMetadataSchema>;
