import { markdownToMdast, type MdastNode } from 'satteri';

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

/** Sätteri's features as Astro renders the pages with them: GFM on, smart punctuation off. */
const FEATURES = { gfm: true, smartPunctuation: false, frontmatter: false } as const;

/** What a Markdown reader makes of a Markdown document. */
export interface MarkdownReading {
  /** Its text, code and image descriptions, runs of white space as one space, none at the ends. */
  readonly text: string;
  /** The inline HTML it holds, which a reader would not show as text. */
  readonly html: string[];
  /** The types of its top-level blocks, in order. */
  readonly blocks: string[];
  /** The types of the markup inside its text (emphasis, link, code, HTML...), once each. */
  readonly markup: string[];
}

/**
 * Reads a Markdown document (front matter cut) with the parser Astro renders the pages with
 * (Sätteri, GFM on, smart punctuation off), as a reader would see it.
 */
export function readMarkdownText(markdown: string): MarkdownReading {
  const tree = markdownToMdast(markdown.replace(/^---\n[\s\S]*?\n---\n/, ''), {
    features: FEATURES,
  });
  const html: string[] = [];
  const markup = new Set<string>();
  const read = (node: MdastNode, inText: boolean): string => {
    if (inText && node.type !== 'text' && node.type !== 'break') markup.add(node.type);
    if (node.type === 'html') html.push(node.value);
    if (node.type === 'text' || node.type === 'inlineCode') return node.value;
    if (node.type === 'code') return ` ${node.value} `;
    if (node.type === 'image') return node.alt ?? '';
    if (node.type === 'break') return ' ';
    if (!('children' in node)) return '';
    const phrasing = PHRASING_PARENTS.has(node.type);
    const text = node.children
      .map((child) => read(child as MdastNode, inText || phrasing))
      .join(phrasing ? '' : ' ');
    return phrasing && !PHRASING_BLOCKS.has(node.type) ? text : ` ${text} `;
  };
  const text = read(tree, false).replace(/\s+/g, ' ').trim();
  const blocks = tree.type === 'root' ? tree.children.map((block) => block.type) : [];
  return { text, html, blocks, markup: [...markup] };
}

/** The text of every code block of a Markdown document (fenced or indented), in order. */
export function listMarkdownCode(markdown: string): string[] {
  return listMarkdownCodeBlocks(markdown).map((block) => block.code);
}

/** A Markdown document's code blocks, in order, with the language each fence names (if any). */
export function listMarkdownCodeBlocks(markdown: string): { lang?: string; code: string }[] {
  const tree = markdownToMdast(markdown, { features: FEATURES });
  const blocks: { lang?: string; code: string }[] = [];
  const visit = (node: MdastNode): void => {
    if (node.type === 'code' && typeof node.value === 'string') {
      const lang = 'lang' in node && typeof node.lang === 'string' ? node.lang : undefined;
      blocks.push({ ...(lang ? { lang } : {}), code: node.value });
    }
    if ('children' in node && Array.isArray(node.children)) node.children.forEach(visit);
  };
  visit(tree);
  return blocks;
}

/**
 * The depth each heading of a text takes on a page where the text sits under a heading of depth
 * `levels + 1`, from the headings' depths in the text: one below its parent in the text's outline
 * (the nearest heading above it with fewer `#`s), or `levels + 2` with no parent; at most 6.
 */
export function nestHeadingDepths(depths: readonly number[], levels: number): number[] {
  const nested: number[] = [];
  depths.forEach((depth, index) => {
    let parent = index - 1;
    while (parent >= 0 && (depths[parent] ?? 0) >= depth) parent -= 1;
    nested.push(Math.min(6, (parent < 0 ? levels + 1 : (nested[parent] ?? 0)) + 1));
  });
  return nested;
}
