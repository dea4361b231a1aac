import * as z from 'zod';
import type { PublishedToolDescriptor } from '../schemas/mcp-tools.ts';
import { OverviewSchema } from '../schemas/overview.ts';
import {
  CallToActionSchema,
  ProductFeatureSchema,
  type SiteContent,
} from '../schemas/site-content.ts';
import type { McpTool, SharedOutputSchemas } from './tool-definition.ts';

/** A tool of this server as tools/list publishes it. */
export type McpToolDescriptor = PublishedToolDescriptor;

/** The document schemas tools' output schemas embed (full zod: build time only). */
export const SHARED_OUTPUT_SCHEMAS: SharedOutputSchemas = {
  overview: OverviewSchema,
  callToAction: CallToActionSchema,
  productFeature: ProductFeatureSchema,
};

/**
 * Converts a zod schema to the JSON Schema 2020-12 object a tool publishes. MCP wants the root to
 * be the object schema itself, so a schema registered with an id is lifted out of $defs.
 * @see MCP 2025-11-25 server/tools §Tool (inputSchema, outputSchema)
 */
function toToolJsonSchema(
  schema: z.core.$ZodType,
  io: 'input' | 'output',
): Record<string, unknown> {
  const { $schema: _dialect, ...jsonSchema } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
  }) as Record<string, unknown>;
  const rootRef =
    typeof jsonSchema.$ref === 'string'
      ? /^#\/\$defs\/(.+)$/.exec(jsonSchema.$ref)?.[1]
      : undefined;
  if (!rootRef) return jsonSchema;
  const { [rootRef]: root, ...definitions } = (jsonSchema.$defs ?? {}) as Record<
    string,
    Record<string, unknown>
  >;
  return { ...root, ...(Object.keys(definitions).length > 0 ? { $defs: definitions } : {}) };
}

/**
 * Describes every tool for tools/list, with JSON Schemas generated from the zod schemas. Runs at
 * build time; the descriptors travel to the function in the site snapshot.
 */
export function buildToolDescriptors(
  content: SiteContent,
  tools: readonly McpTool[],
): McpToolDescriptor[] {
  return tools.map((tool) => ({
    name: tool.name,
    title: tool.title(content),
    description: tool.description(content),
    inputSchema: toToolJsonSchema(tool.inputSchema(content), 'input'),
    outputSchema: toToolJsonSchema(tool.outputSchema(SHARED_OUTPUT_SCHEMAS), 'output'),
    example: tool.example as Record<string, unknown>,
    ...(tool.answersText ? { answersText: true } : {}),
  }));
}
