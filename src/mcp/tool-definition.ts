import type * as z from 'zod/mini';
import type { PageSearchData } from '../documents/page-search.ts';
import type { Stemmer } from '../documents/search-terms.ts';
import type { SiteDocuments } from '../documents/site-documents.ts';
import type { SiteContent } from '../schemas/site-content.ts';

/**
 * The document schemas a tool's output schema may embed. They are full zod, so the build-time
 * descriptor builder passes them in and the function, which never builds an output schema, never
 * loads full zod.
 */
export interface SharedOutputSchemas {
  readonly overview: z.core.$ZodType;
  readonly callToAction: z.core.$ZodType;
  readonly productFeature: z.core.$ZodType;
}

/**
 * What a tool prepares over: the site's documents and, where the site was built, the sections of
 * its built pages (the build packs them into a chunk of the MCP function that loads with the first
 * search, so a cold start does not pay for it).
 */
export interface ToolSite extends SiteDocuments {
  readonly pageSearch?: () => Promise<PageSearchData>;
  /** The content language's stemmer, loaded with the first search that needs it; none for English. */
  readonly searchStemmer?: () => Promise<Stemmer | undefined>;
}

/** What a tool's run returns: the structured result and, when it is not the JSON, its text. */
export interface ToolResult {
  readonly structuredContent: object;
  readonly text?: string;
}

/** A tool prepared over one site's documents, answering one call with validated arguments. */
export interface ToolRun<Args> {
  /** Most tools answer at once; one that loads a chunk on first use answers with a promise. */
  run(args: Args): ToolResult | Promise<ToolResult>;
}

/**
 * One MCP tool, whole: the texts and schemas tools/list publishes and what tools/call runs.
 * @see MCP 2025-11-25 server/tools §Tool
 */
export interface McpTool<
  Name extends string = string,
  Input extends z.ZodMiniType = z.ZodMiniType,
> {
  readonly name: Name;
  /** The human-readable title (published from 2025-06-18). */
  title(content: SiteContent): string;
  description(content: SiteContent): string;
  /**
   * The argument schema, in zod/mini: it validates calls at run time (a few KB in the function)
   * and becomes the published inputSchema at build time.
   */
  inputSchema(content: SiteContent): Input;
  /** The structuredContent schema; build time only (it becomes the published outputSchema). */
  outputSchema(shared: SharedOutputSchemas): z.core.$ZodType;
  /** Prepares the tool over one site's documents; everything it answers is precomputed. */
  prepare(site: ToolSite): ToolRun<z.output<Input>>;
  /** Arguments that make a typical call: tests call every tool with them. */
  readonly example: z.input<Input>;
  /**
   * True for the one tool that answers a plain question: an A2A message with text and no named
   * skill runs it with the text as its `query` (findTextSkill).
   */
  readonly answersText?: true;
}

/** The tools `defineTool` made: what the registry collects from the modules of src/mcp/tools/. */
const DEFINED_TOOLS = new WeakSet<object>();

/** True for a tool `defineTool` made (a module of src/mcp/tools/ may export helpers beside it). */
export function isMcpTool(value: unknown): value is McpTool {
  return typeof value === 'object' && value !== null && DEFINED_TOOLS.has(value);
}

/** Declares a tool, keeping its name a literal type and its runner typed by its input schema. */
export function defineTool<const Name extends string, Input extends z.ZodMiniType>(
  tool: McpTool<Name, Input>,
): McpTool<Name, Input> {
  DEFINED_TOOLS.add(tool);
  return tool;
}
