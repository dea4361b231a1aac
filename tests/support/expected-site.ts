import { buildSiteSnapshot } from '../../src/integrations/build-site-snapshot.ts';
import { listToolModuleFiles, loadMcpTools } from '../../src/integrations/mcp-tool-modules.ts';
import type { McpTool } from '../../src/mcp/tool-definition.ts';
import type { McpSite } from '../../src/mcp/tool-registry.ts';
import { readRateLimitPolicy } from '../../src/service/rate-limit-policy.ts';
import { buildSiteDocuments } from '../../src/documents/site-documents.ts';
import type { SiteContent } from '../../src/schemas/site-content.ts';
import { ROOT } from './processes.ts';
import { loadSampleContent } from './sample-content.ts';

/** The tools of src/mcp/tools/, collected as the build collects them. */
export async function loadProjectTools(): Promise<McpTool[]> {
  return loadMcpTools(listToolModuleFiles(`${ROOT}src/mcp/tools`));
}

/**
 * Every document as the builders compute it straight from content/ (or from the content given,
 * such as a fixture company's), and the tools of src/mcp/tools/ collected as the build collects
 * them, for comparison with what is served.
 */
export async function loadExpectedSite(siteUrl: string, content?: SiteContent): Promise<McpSite> {
  const tools = await loadProjectTools();
  const snapshot = buildSiteSnapshot(
    siteUrl,
    content ?? (await loadSampleContent()),
    readRateLimitPolicy({}),
    tools,
  );
  return { ...buildSiteDocuments(snapshot), tools };
}

/** Every Markdown text of a company's content that the pages render: its owner's words. */
export function listContentMarkdown(content: SiteContent): string[] {
  return [
    content.product.body,
    ...content.copy.map((section) => section.body),
    ...Object.values(content.pages).map((page) => page.body),
    ...content.contentPages.map((page) => page.body),
    ...content.changelog.map((entry) => entry.body),
  ];
}

/** Turns the HTML entities Astro emits back into text, so facts can be compared with pages. */
export function decodeHtmlText(html: string): string {
  return decodeEntities(html.replace(/<[^>]+>/g, ' ')).replace(/\s+/g, ' ');
}

/** The text of a code block's HTML exactly: its tags dropped, its entities decoded, spaces kept. */
export function decodeHtmlCode(html: string): string {
  return decodeEntities(html.replace(/<[^>]+>/g, ''));
}

function decodeEntities(html: string): string {
  return html
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** The nodes of a page's JSON-LD graph (none when the page has no JSON-LD). */
export function readGraph(html: string): Record<string, unknown>[] {
  const block = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1];
  return (JSON.parse(block ?? '{}') as { '@graph'?: Record<string, unknown>[] })['@graph'] ?? [];
}

/**
 * What keeps a page's structure usable without a mouse or sight, read from its HTML: a heading
 * more than one level below the heading before it (axe-core's heading-order), and a code block
 * that cannot take the focus although a long line scrolls inside it (scrollable-region-focusable).
 * Empty when the page has neither.
 */
export function findStructureProblems(html: string): string[] {
  const problems: string[] = [];
  let previous = 0;
  for (const match of html.matchAll(/<h([1-6])\b[^>]*>([\s\S]*?)<\/h\1>/g)) {
    const depth = Number(match[1]);
    if (previous > 0 && depth > previous + 1) {
      problems.push(`h${depth} after h${previous}: ${decodeHtmlText(match[2] ?? '').trim()}`);
    }
    previous = depth;
  }
  for (const match of html.matchAll(/<pre\b[^>]*>/g)) {
    if (!/\stabindex="0"/.test(match[0]))
      problems.push(`a code block the keyboard cannot reach: ${match[0]}`);
  }
  return problems;
}
