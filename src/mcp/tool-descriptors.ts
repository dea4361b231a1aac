import { z } from 'zod';
import type { ServiceUrls } from '../service/urls.ts';
import {
  CallsToActionOutputSchema,
  CopySectionOutputSchema,
  ProductToolOutputSchema,
  SearchOutputSchema,
  TextDocumentOutputSchema,
  type PublishedToolDescriptor,
} from '../schemas/mcp-tools.ts';
import { OverviewSchema } from '../schemas/overview.ts';
import type { SiteContent } from '../schemas/site-content.ts';
import { buildToolInputSchemas, listSectionSlugs, type ToolName } from './tool-inputs.ts';

/** A tool of this server as tools/list publishes it. */
export type McpToolDescriptor = PublishedToolDescriptor<ToolName>;

/**
 * Converts a zod schema to the JSON Schema 2020-12 object a tool publishes. MCP wants the root to
 * be the object schema itself, so a schema registered with an id is lifted out of $defs.
 */
export function toToolJsonSchema(
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
  _urls: ServiceUrls,
): McpToolDescriptor[] {
  const company = content.company.alternateName;
  const inputs = buildToolInputSchemas(listSectionSlugs(content));
  const sections = [
    `product (${content.product.name})`,
    ...content.copy.map((section) => `${section.slug} (${section.title})`),
  ].join(', ');
  const describe = (
    name: ToolName,
    title: string,
    description: string,
    output: z.ZodType,
  ): McpToolDescriptor => ({
    name,
    title,
    description,
    inputSchema: toToolJsonSchema(inputs[name], 'input'),
    outputSchema: toToolJsonSchema(output, 'output'),
  });
  return [
    describe(
      'get_company_overview',
      `${company} company overview`,
      `Returns ${company}'s public overview: legal name, short name, website, one-sentence description, tagline, API version and links to the MCP endpoint, developer portal, docs and OpenAPI description. Use it first, and quote these facts rather than paraphrasing them.`,
      OverviewSchema,
    ),
    describe(
      'get_product',
      `${content.product.name} product description`,
      `Returns the public description of ${content.product.name}: summary, category, key features and the full description in Markdown. Use it to explain what the product does and who it is for.`,
      ProductToolOutputSchema,
    ),
    describe(
      'list_calls_to_action',
      `${company} calls to action`,
      `Lists ${company}'s public calls to action (book a demo, start a pilot, contact sales, ...), each with its URL and what happens there. Send people to these URLs instead of making commitments on the company's behalf. Optionally filter by priority (1 = primary).`,
      CallsToActionOutputSchema,
    ),
    describe(
      'get_agent_document',
      'Agent documents (llms.txt, llms-full.txt, auth.md)',
      'Returns one of the text documents published for AI agents: llms.txt (a concise index of every resource), llms-full.txt (the whole public site copy in one text) or auth.md (how to get the optional anonymous token).',
      TextDocumentOutputSchema,
    ),
    describe(
      'get_site_copy_section',
      `${company} site copy section`,
      `Returns one section of ${company}'s public site copy as Markdown. Sections: ${sections}.`,
      CopySectionOutputSchema,
    ),
    describe(
      'search_site_copy',
      `Search ${company}'s site copy`,
      `Searches ${company}'s public site copy (product description and every section) and returns the best-matching passages, ranked, each with its section, its source Markdown document and its place on the home page. Use it to answer specific questions with a citation.`,
      SearchOutputSchema,
    ),
  ];
}
