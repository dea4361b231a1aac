import { buildAgentSkills } from '../../src/documents/agent-skills.ts';
import { buildSiteSnapshot } from '../../src/integrations/build-site-snapshot.ts';
import { listToolModuleFiles, loadMcpTools } from '../../src/integrations/mcp-tool-modules.ts';
import type { McpTool } from '../../src/mcp/tool-definition.ts';
import type { McpSite } from '../../src/mcp/tool-registry.ts';
import { readRateLimitPolicy } from '../../src/service/rate-limit-policy.ts';
import { buildSiteDocuments } from '../../src/documents/site-documents.ts';
import type { SiteContent } from '../../src/schemas/site-content.ts';
import { buildServiceUrls } from '../../src/service/urls.ts';
import { markdownToMdast, type MdastNode } from 'satteri';
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

/** Turns the HTML entities Astro emits back into text, so facts can be compared with pages. */
export function decodeHtmlText(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

/** Markdown nodes whose children are phrasing: text that runs on, with no space added between. */
const PHRASING_PARENTS = new Set([
  'paragraph',
  'heading',
  'tableCell',
  'emphasis',
  'strong',
  'delete',
  'link',
  'linkReference',
]);

/** The phrasing parents that are blocks: a space sets their text apart from what is around. */
const PHRASING_BLOCKS = new Set(['paragraph', 'heading', 'tableCell']);

/**
 * The text a Markdown reader shows for a Markdown document (front matter cut): the parser Astro
 * uses reads it, and its text, code and image descriptions are joined, runs of white space as one
 * space. Also lists the inline HTML it found, which a reader would not show as text.
 */
export function readMarkdownText(markdown: string): { text: string; html: string[] } {
  const tree = markdownToMdast(markdown.replace(/^---\n[\s\S]*?\n---\n/, ''), {
    features: { gfm: true, smartPunctuation: false, frontmatter: false },
  });
  const html: string[] = [];
  const read = (node: MdastNode): string => {
    if (node.type === 'html') html.push(node.value);
    if (node.type === 'text' || node.type === 'inlineCode') return node.value;
    if (node.type === 'code') return ` ${node.value} `;
    if (node.type === 'image') return node.alt ?? '';
    if (node.type === 'break') return ' ';
    if (!('children' in node)) return '';
    const phrasing = PHRASING_PARENTS.has(node.type);
    const text = node.children.map((child) => read(child as MdastNode)).join(phrasing ? '' : ' ');
    return phrasing && !PHRASING_BLOCKS.has(node.type) ? text : ` ${text} `;
  };
  return { text: read(tree).replace(/\s+/g, ' '), html };
}

/** The path of a SKILL.md the site built from `content` serves (skill names are made from it). */
export function resolveSkillSample(content: SiteContent): string {
  const [skill] = buildAgentSkills(content, buildServiceUrls('http://127.0.0.1'), []);
  if (!skill) throw new Error('the content yields no agent skill');
  return skill.path;
}
