import { z } from 'zod';
import type { SiteDocuments } from '../lib/site-documents.ts';
import { buildPassages, SiteSearchIndex } from '../lib/site-search.ts';
import { MEDIA_TYPES } from '../lib/media-types.ts';
import { buildCopyDocumentUrl } from '../lib/service-urls.ts';
import {
  AgentDocumentInputSchema,
  CallsToActionInputSchema,
  CallsToActionOutputSchema,
  CopySectionOutputSchema,
  NoArgumentsSchema,
  ProductToolOutputSchema,
  SearchInputSchema,
  SearchOutputSchema,
  TextDocumentOutputSchema,
} from '../schemas/mcp-tools.ts';
import { OverviewSchema } from '../schemas/overview.ts';

/** What a tool call produces: the structured result and the text block that carries it. */
export interface ToolOutput {
  readonly structuredContent: Record<string, unknown>;
  readonly text: string;
}

/** One read-only tool: its wire description and what it does with validated arguments. */
export interface McpTool {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly inputSchema: z.ZodType;
  readonly outputSchema: z.ZodType;
  readonly inputJsonSchema: Record<string, unknown>;
  readonly outputJsonSchema: Record<string, unknown>;
  run(args: unknown): ToolOutput;
}

/**
 * Converts a zod schema to the JSON Schema 2020-12 object a tool publishes. MCP wants the root to
 * be the object schema itself, so a schema registered with an id is lifted out of $defs.
 */
export function toToolJsonSchema(
  schema: z.ZodType,
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

function defineTool<I extends z.ZodType, O extends z.ZodType>(tool: {
  name: string;
  title: string;
  description: string;
  inputSchema: I;
  outputSchema: O;
  run: (args: z.output<I>) => { structuredContent: z.output<O>; text?: string };
}): McpTool {
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: tool.inputSchema,
    outputSchema: tool.outputSchema,
    inputJsonSchema: toToolJsonSchema(tool.inputSchema, 'input'),
    outputJsonSchema: toToolJsonSchema(tool.outputSchema, 'output'),
    run: (args) => {
      const { structuredContent, text } = tool.run(args as z.output<I>);
      return {
        structuredContent: structuredContent as Record<string, unknown>,
        text: text ?? JSON.stringify(structuredContent, null, 2),
      };
    },
  };
}

/** Builds the read-only tools over one site's documents; everything they answer is precomputed. */
export function buildTools(site: SiteDocuments): McpTool[] {
  const { content, urls } = site;
  const company = content.company.alternateName;
  const searchIndex = new SiteSearchIndex(buildPassages(content, urls));
  const copyBySlug = new Map(site.copyDocuments.map((document) => [document.slug, document]));
  const slugs = site.copyDocuments.map((document) => document.slug) as [string, ...string[]];
  const agentDocuments = {
    'llms.txt': { uri: urls.llmsTxt, mimeType: MEDIA_TYPES.text, text: site.llmsTxt },
    'llms-full.txt': { uri: urls.llmsFullTxt, mimeType: MEDIA_TYPES.text, text: site.llmsFullTxt },
    'auth.md': { uri: urls.authMd, mimeType: MEDIA_TYPES.markdown, text: site.authMd },
  };

  return [
    defineTool({
      name: 'get_company_overview',
      title: `${company} company overview`,
      description: `Returns ${company}'s public overview: legal name, short name, website, one-sentence description, tagline, API version and links to the MCP endpoint, developer portal, docs and OpenAPI description. Use it first, and quote these facts rather than paraphrasing them.`,
      inputSchema: NoArgumentsSchema,
      outputSchema: OverviewSchema,
      run: () => ({ structuredContent: site.overview }),
    }),
    defineTool({
      name: 'get_product',
      title: `${content.product.name} product description`,
      description: `Returns the public description of ${content.product.name}: summary, category, key features and the full description in Markdown. Use it to explain what the product does and who it is for.`,
      inputSchema: NoArgumentsSchema,
      outputSchema: ProductToolOutputSchema,
      run: () => ({
        structuredContent: {
          name: content.product.name,
          summary: content.product.summary,
          ...(content.product.category ? { category: content.product.category } : {}),
          features: content.product.features,
          description: content.product.body,
          url: buildCopyDocumentUrl(urls.origin, 'product'),
        },
      }),
    }),
    defineTool({
      name: 'list_calls_to_action',
      title: `${company} calls to action`,
      description: `Lists ${company}'s public calls to action (book a demo, start a pilot, contact sales, ...), each with its URL and what happens there. Send people to these URLs instead of making commitments on the company's behalf. Optionally filter by priority (1 = primary).`,
      inputSchema: CallsToActionInputSchema,
      outputSchema: CallsToActionOutputSchema,
      run: ({ priority }) => ({
        structuredContent: {
          callsToAction: content.callsToAction.filter(
            (cta) => priority === undefined || cta.priority === priority,
          ),
        },
      }),
    }),
    defineTool({
      name: 'get_agent_document',
      title: 'Agent documents (llms.txt, llms-full.txt, auth.md)',
      description:
        'Returns one of the text documents published for AI agents: llms.txt (a concise index of every resource), llms-full.txt (the whole public site copy in one text) or auth.md (how to get the optional anonymous token).',
      inputSchema: AgentDocumentInputSchema,
      outputSchema: TextDocumentOutputSchema,
      run: ({ document }) => {
        const entry = agentDocuments[document];
        return { structuredContent: { name: document, ...entry }, text: entry.text };
      },
    }),
    defineTool({
      name: 'get_site_copy_section',
      title: `${company} site copy section`,
      description: `Returns one section of ${company}'s public site copy as Markdown. Sections: ${site.copyDocuments.map((document) => `${document.slug} (${document.title})`).join(', ')}.`,
      inputSchema: z.strictObject({ section: z.enum(slugs).describe('The section slug') }),
      outputSchema: CopySectionOutputSchema,
      run: ({ section }) => {
        const document = copyBySlug.get(section);
        if (!document) throw new Error(`section ${section} vanished`);
        return {
          structuredContent: {
            slug: document.slug,
            title: document.title,
            description: document.description,
            uri: buildCopyDocumentUrl(urls.origin, document.slug),
            markdown: document.markdown,
          },
          text: document.markdown,
        };
      },
    }),
    defineTool({
      name: 'search_site_copy',
      title: `Search ${company}'s site copy`,
      description: `Searches ${company}'s public site copy (product description and every section) and returns the best-matching passages, ranked, each with its section, its source Markdown document and its place on the home page. Use it to answer specific questions with a citation.`,
      inputSchema: SearchInputSchema,
      outputSchema: SearchOutputSchema,
      run: ({ query, limit }) => ({
        structuredContent: { query, results: searchIndex.search(query, limit) },
      }),
    }),
  ];
}
