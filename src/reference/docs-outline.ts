/**
 * The outline of /docs, in page order: the sections its table of contents links to. One source
 * for the HTML page's navigation and for any other rendering of the page (its Markdown version).
 */

/** One entry of the outline: a section's anchor, its title and its subsections. */
export interface OutlineEntry {
  readonly id: string;
  readonly text: string;
  readonly children: readonly OutlineEntry[];
}

/** A heading of the page's Markdown copy, as Astro's `render()` lists it. */
export interface MarkdownHeading {
  readonly depth: number;
  readonly slug: string;
  readonly text: string;
}

/** The anchor of an operation tag's section (`MCP` -> `tag-mcp`). */
export function buildTagId(tagName: string): string {
  return `tag-${tagName.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
}

function leaf(id: string, text: string): OutlineEntry {
  return { id, text, children: [] };
}

/**
 * The outline of /docs: the Markdown copy's own second-level headings, then the generated
 * reference (operations by tag, MCP tools, resources and prompts, schemas, errors, limits,
 * versions).
 */
export function buildDocsOutline(input: {
  readonly copyHeadings: readonly MarkdownHeading[];
  readonly tagNames: readonly string[];
}): OutlineEntry[] {
  return [
    ...input.copyHeadings
      .filter((heading) => heading.depth === 2)
      .map((heading) => leaf(heading.slug, heading.text)),
    leaf('servers', 'Base URLs'),
    leaf('authentication', 'Authentication'),
    {
      id: 'operations',
      text: 'Operations',
      children: input.tagNames.map((name) => leaf(buildTagId(name), name)),
    },
    {
      id: 'mcp',
      text: 'MCP tools, resources and prompts',
      children: [
        leaf('mcp-tools', 'Tools'),
        leaf('mcp-resources', 'Resources'),
        leaf('mcp-prompts', 'Prompts'),
      ],
    },
    leaf('schemas', 'Schemas'),
    leaf('error-catalogue', 'Error catalogue'),
    leaf('limits', 'Limits'),
    leaf('versions', 'Versions and deprecation'),
  ];
}
