/**
 * The example result of each MCP tool's reference page, computed by running the tool with its
 * example arguments over the site's own documents, never written by hand, so the page always shows
 * what the tool answers. A tool that searches the built pages (`search_site`) cannot run before
 * they exist: its page and Markdown version are built with a placeholder, and the build writes the
 * result in after the pages (src/integrations/tool-examples.ts), from the same functions.
 * @see docs/pages.md ("Operation pages"); issue 26 item 2
 */
import { serializeJson } from '../documents/site-documents.ts';
import { buildToolRunners, type McpSite } from '../mcp/tool-registry.ts';
import { formatFence } from './markdown-tables.ts';

/** What a tool answered to its example arguments. */
export interface ToolExample {
  /** The result's `structuredContent`, as the SDK samples print it (JSON, two-space indent). */
  readonly json: string;
  /** What the result's text content holds, as a sentence with `code` in backticks. */
  readonly textContent: string;
}

/**
 * Each tool's example by name; `null` for a tool that searches the built pages when the site has
 * none yet (the build writes its example after the pages).
 */
export type ToolExamples = ReadonlyMap<string, ToolExample | null>;

/** What a result's text content holds, next to its structured content. */
function describeTextContent(structured: Record<string, unknown>, text: string): string {
  if (text === JSON.stringify(structured, null, 2)) return 'its text content is the same JSON';
  const field = Object.keys(structured).find((key) => structured[key] === text);
  if (field) return `its text content is the \`${field}\` field alone`;
  return `its text content says: ${text.length > 200 ? `${text.slice(0, 200)} …` : text}`;
}

/**
 * Runs every tool of the site with its example arguments. Without the built pages' sections
 * (`site.pageSearch` undefined), a tool that asks for them gets `null`; the build runs it again
 * once they are written. A tool that fails on its own example fails the build.
 */
export async function runToolExamples(site: McpSite): Promise<Map<string, ToolExample | null>> {
  let askedForPages = false;
  const probed: McpSite = site.pageSearch
    ? site
    : {
        ...site,
        pageSearch: () => {
          askedForPages = true;
          return Promise.resolve({ sections: [], stopWords: [] });
        },
      };
  const examples = new Map<string, ToolExample | null>();
  for (const tool of site.tools) {
    const descriptor = site.mcpTools.find((entry) => entry.name === tool.name);
    if (!descriptor) throw new Error(`The MCP tool ${tool.name} has no descriptor`);
    askedForPages = false;
    // One tool at a time, prepared and run, so a request for the pages is this tool's.
    const runner = buildToolRunners({ ...probed, tools: [tool] }).get(tool.name);
    const output = await runner?.run(runner.inputSchema.parse(descriptor.example));
    if (!output) throw new Error(`The MCP tool ${tool.name} did not run`);
    examples.set(
      tool.name,
      askedForPages
        ? null
        : {
            json: serializeJson(output.structuredContent),
            textContent: describeTextContent(output.structuredContent, output.text),
          },
    );
  }
  return examples;
}

/** The sentence over an example, with `code` in backticks. */
export function describeExample(example: ToolExample | null): string {
  return example
    ? `What the call above returned when this site was built: its \`structuredContent\`, as the SDK samples print it; ${example.textContent}.`
    : 'Written by the build once the pages it searches are built.';
}

/** The placeholder's code, until the build writes the example. */
export const PENDING_CODE = '(written by the build)';

/** The code block's accessible name. */
export function labelToolExample(name: string): string {
  return `Example result of ${name}`;
}

/** The example as the tool's Markdown version carries it (after its "Example result" heading). */
export function formatToolExampleMarkdown(example: ToolExample | null): string[] {
  return [describeExample(example), '', ...formatFence('json', example?.json ?? PENDING_CODE)];
}
