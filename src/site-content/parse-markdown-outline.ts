import { HeadingSlugger } from './heading-slug.ts';
import { markdownToMdast, type MdastNode } from 'satteri';
import type {
  MarkdownBlock,
  MarkdownHeading,
  MarkdownLocalLink,
  MarkdownOutline,
} from '../schemas/markdown-outline.ts';
import { decodeHtmlEntities } from '../service/escape-html.ts';
import { applyTextEdits, listFootnotePrefixEdits } from '../service/markdown-edits.ts';
import { decodeFragment } from '../service/urls.ts';

/**
 * The parser Astro renders the pages with (Sätteri, through @astrojs/markdown-satteri), with GFM
 * as Astro sets it. Smart punctuation is off so heading texts keep the owner's characters, and
 * front matter is off because the reader has already cut it from every body.
 */
const FEATURES = { gfm: true, smartPunctuation: false, frontmatter: false } as const;

/** Top-level blocks with no copy of their own for a search passage: rules and link definitions. */
const SILENT_BLOCKS = new Set(['thematicBreak', 'definition']);

/**
 * Parses a Markdown text into its outline: every heading and every top-level block, by offset.
 * Build time only (the parser is native); the functions read the outline from the snapshot.
 * @see https://spec.commonmark.org/0.31.2/ (Sätteri's CommonMark and GFM parser)
 */
export function parseMarkdownOutline(markdown: string): MarkdownOutline {
  const tree = markdownToMdast(markdown, { features: FEATURES });
  // Each heading's id in the text alone (what mapRenamedHeadingIds calls its own).
  const slugger = new HeadingSlugger();
  const headings: MarkdownHeading[] = [];
  const blocks: MarkdownBlock[] = [];
  const collectHeadings = (node: MdastNode) => {
    if (node.type === 'heading') {
      const heading = readHeading(markdown, node);
      headings.push({ ...heading, id: slugger.slug(heading.text) });
    } else if ('children' in node) for (const child of node.children) collectHeadings(child);
  };
  // Only a top-level heading opens a part of the text; one in a quote or list stays inside it.
  let heading: number | undefined;
  for (const node of tree.type === 'root' ? tree.children : []) {
    if (node.type === 'heading') heading = headings.length;
    collectHeadings(node);
    if (node.type === 'heading' || SILENT_BLOCKS.has(node.type)) continue;
    const { start, end } = readRange(node);
    blocks.push(heading === undefined ? { start, end } : { start, end, heading });
  }
  const footnotes = listFootnoteLabelStarts(tree);
  const ownIds = new Set(headings.map((found) => found.id));
  const localLinks = listLocalLinks(markdown, tree, ownIds);
  return {
    length: markdown.length,
    headings,
    blocks,
    ...(footnotes.length > 0 ? { footnotes } : {}),
    ...(localLinks.length > 0 ? { localLinks } : {}),
  };
}

/**
 * Where `url` begins in the source of a link or an image (after the text's last `](`, maybe in
 * `<>`) or of a link definition (after its label's `]:`), or -1 when it is written otherwise.
 */
function locateDestination(source: string, isDefinition: boolean, url: string): number {
  if (isDefinition) {
    const colon = source.indexOf(']:');
    const at = colon === -1 ? -1 : source.indexOf(url, colon);
    return at !== -1 && /^\]:\s*<?$/.test(source.slice(colon, at)) ? at : -1;
  }
  for (const [opening, after] of [
    ['](', /^[\s)]/],
    ['](<', /^>/],
  ] as const) {
    // The last one that the destination ends: a title may quote the link's own text.
    for (let found = source.lastIndexOf(`${opening}${url}`); found !== -1;) {
      const at = found + opening.length;
      if (after.test(source.slice(at + url.length))) return at;
      found = found === 0 ? -1 : source.lastIndexOf(`${opening}${url}`, found - 1);
    }
  }
  return -1;
}

/**
 * A destination within the site: a relative reference (`/docs`, `brochure.pdf`, `#in-brief`), not
 * one with a scheme (`https:`, `mailto:`) nor a network-path one (`//cdn.example`, another site),
 * nor an empty one. The build's dead-link check reads the same links (body-links.ts).
 * @see https://www.rfc-editor.org/rfc/rfc3986#section-4.2
 */
export const isLinkWithinSite = (url: string) =>
  url !== '' && !/^(?:[a-z][a-z\d+.-]*:|\/\/)/i.test(url);

/**
 * Where each destination within the site of a link, an image or a link definition is written
 * (`[in brief](#in-brief)`, `![plan](/plan.png)`, `[docs]: </docs>`, `[brochure](brochure.pdf)`),
 * as the parser read it, and whether a fragment names one of the text's headings (`ownIds`). One
 * written otherwise than the parser's value (`#a\_b` for `#a_b`) is left out: it keeps its text.
 */
function listLocalLinks(
  markdown: string,
  tree: MdastNode,
  ownIds: ReadonlySet<string>,
): MarkdownLocalLink[] {
  const ranges: MarkdownLocalLink[] = [];
  visitTree(tree, (node) => {
    if (node.type !== 'link' && node.type !== 'image' && node.type !== 'definition') return;
    if (!isLinkWithinSite(node.url)) return;
    const { start, end } = readRange(node);
    const at = locateDestination(markdown.slice(start, end), node.type === 'definition', node.url);
    if (at === -1) return;
    const range = { start: start + at, end: start + at + node.url.length };
    const ownHeading = node.url.startsWith('#') && ownIds.has(decodeFragment(node.url.slice(1)));
    ranges.push(ownHeading ? { ...range, ownHeading } : range);
  });
  return ranges.sort((a, b) => a.start - b.start);
}

/** Where each footnote reference and definition of a parsed text begins, in source order. */
function listFootnoteLabelStarts(tree: MdastNode): number[] {
  const starts: number[] = [];
  visitTree(tree, (node) => {
    if (node.type === 'footnoteReference' || node.type === 'footnoteDefinition') {
      starts.push(readRange(node).start);
    }
  });
  return starts.sort((a, b) => a - b);
}

/** Calls `visit` on a node and on every node under it, in source order. */
function visitTree(node: MdastNode, visit: (node: MdastNode) => void): void {
  visit(node);
  if ('children' in node) for (const child of node.children) visitTree(child as MdastNode, visit);
}

/** A link of a Markdown text: where it leads, and its line in the text (from 1). */
export interface MarkdownLink {
  readonly url: string;
  readonly line: number;
}

/**
 * The destination of every link, image and link definition of a Markdown text, as the parser
 * reads them: text that only looks like a link (escaped, or in code) is none.
 */
export function listMarkdownLinks(markdown: string): string[] {
  return listMarkdownLinkLines(markdown).map((link) => link.url);
}

/** The same links as `listMarkdownLinks`, each with its line. */
export function listMarkdownLinkLines(markdown: string): MarkdownLink[] {
  const links: MarkdownLink[] = [];
  visitTree(markdownToMdast(markdown, { features: FEATURES }), (node) => {
    if (node.type === 'link' || node.type === 'image' || node.type === 'definition')
      links.push({ url: node.url, line: node.position?.start.line ?? 1 });
  });
  return links;
}

/**
 * The text with each footnote label (`[^1]`, `[^1]: ...`) led by `prefix`, so that texts joined
 * into one document keep their own notes: GFM takes the first definition of a label, and a
 * second text's `[^1]` would show the first one's note. Code and escaped brackets are left alone.
 */
export function prefixFootnoteLabels(markdown: string, prefix: string): string {
  const starts = parseMarkdownOutline(markdown).footnotes ?? [];
  return applyTextEdits(markdown, listFootnotePrefixEdits(starts, prefix));
}

/**
 * The text with each link to one of its own headings (`#details`) pointed at the id `ids` gives
 * that heading's own id (`details-1`), for a text shown among others that may have taken it
 * first. Other links, code and escaped text are left alone.
 */
export function renameOwnHeadingLinks(
  markdown: string,
  ids: Readonly<Record<string, string>>,
): string {
  const edits = (parseMarkdownOutline(markdown).localLinks ?? []).flatMap(
    ({ start, end, ownHeading }) => {
      if (!ownHeading) return [];
      const own = decodeFragment(markdown.slice(start + 1, end));
      const id = Object.hasOwn(ids, own) ? ids[own] : undefined;
      return id === undefined ? [] : [{ start, end, text: `#${id}` }];
    },
  );
  return applyTextEdits(markdown, edits);
}

/** Something a Markdown text embeds: an image, or an element of raw HTML that loads something. */
export interface MarkdownEmbed {
  /** What it is, as an owner would look for it: `an image (plan.png)`, `an <iframe>`. */
  readonly what: string;
  /** Its line in the text, from 1. */
  readonly line: number;
}

/** The elements of raw HTML that load an image, a frame, media, a script or a style sheet. */
const EMBEDDING_ELEMENTS = /<(img|picture|video|audio|iframe|object|embed|script|style)\b/gi;

/** The longest destination an embed's description quotes. */
const QUOTED_LIMIT = 80;

/**
 * Every image of a Markdown text (`![alt](file)`, `![alt][label]`) and every element of raw HTML
 * that loads something (`<img>`, `<iframe>`, `<video>`, `<script>`...), as the parser reads them:
 * what only looks like one (escaped, or in code) is none.
 */
export function listMarkdownEmbeds(markdown: string): MarkdownEmbed[] {
  const embeds: MarkdownEmbed[] = [];
  const quote = (text: string) =>
    text.length > QUOTED_LIMIT ? `${text.slice(0, QUOTED_LIMIT - 1)}…` : text;
  visitTree(markdownToMdast(markdown, { features: FEATURES }), (node) => {
    const line = node.position?.start.line ?? 1;
    if (node.type === 'image') embeds.push({ what: `an image (${quote(node.url)})`, line });
    else if (node.type === 'imageReference')
      embeds.push({ what: `an image ([${quote(node.label ?? '')}])`, line });
    else if (node.type === 'html') {
      for (const match of node.value.matchAll(EMBEDDING_ELEMENTS)) {
        const before = node.value.slice(0, match.index);
        embeds.push({
          what: `an <${(match[1] ?? '').toLowerCase()}>`,
          line: line + (before.match(/\n/g)?.length ?? 0),
        });
      }
    }
  });
  return embeds;
}

/** An `id` attribute of an element of raw HTML in a Markdown text. */
export interface MarkdownHtmlId {
  /** The id, its character references decoded. */
  readonly id: string;
  /** Its line in the text, from 1. */
  readonly line: number;
}

/** A start tag: its name and its attributes, each value quoted either way or not at all. */
const START_TAG =
  /<[a-zA-Z][^\s/>]*((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>/g;

/** One attribute of a start tag's attributes (START_TAG's group). */
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

/** An HTML comment, to the end of the text when it is not closed. */
const HTML_COMMENT = /<!--[\s\S]*?(?:-->|$)/g;

/**
 * The `id` of every element of raw HTML in a Markdown text (`<a id="old-anchor"></a>`,
 * `<h2 id="plans">`), as the parser reads it: what only looks like one (escaped, in code, in an
 * HTML comment or inside another attribute's value) is none. The page gives ids of its own and
 * its headings', which such an id must not repeat.
 */
export function listMarkdownHtmlIds(markdown: string): MarkdownHtmlId[] {
  const ids: MarkdownHtmlId[] = [];
  visitTree(markdownToMdast(markdown, { features: FEATURES }), (node) => {
    if (node.type !== 'html') return;
    const line = node.position?.start.line ?? 1;
    // Comments blanked out, their line ends kept, so the lines of what follows stay right.
    const html = node.value.replace(HTML_COMMENT, (comment) => comment.replace(/[^\n]/g, ' '));
    for (const tag of html.matchAll(START_TAG)) {
      for (const attribute of (tag[1] ?? '').matchAll(ATTRIBUTE)) {
        if (attribute[1]?.toLowerCase() !== 'id') continue;
        const before = html.slice(0, tag.index);
        ids.push({
          id: decodeHtmlEntities(attribute[2] ?? attribute[3] ?? attribute[4] ?? ''),
          line: line + (before.match(/\n/g)?.length ?? 0),
        });
      }
    }
  });
  return ids;
}

function readRange(node: MdastNode): { start: number; end: number } {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  // Sätteri records positions unless told not to; a node without one is a parser change.
  if (start === undefined || end === undefined) throw new Error(`no position on a ${node.type}`);
  return { start, end };
}

function readHeading(
  markdown: string,
  node: MdastNode & { type: 'heading' },
): Omit<MarkdownHeading, 'id'> {
  const { start, end } = readRange(node);
  const text = readPlainText(node).replace(/\s+/g, ' ').trim();
  const source = markdown.slice(start, end);
  // An ATX heading is one line; a setext heading is at least its content and its underline.
  if (!/[\r\n]/.test(source)) return { start, end, depth: node.depth, text };
  return { start, end, depth: node.depth, text, setextSource: joinSetextContent(source) };
}

/**
 * A setext heading's content (every line but the underline) as one line of ATX heading text:
 * continuation lines lose the block-quote markers and indent of their container, a hard break's
 * backslash goes (the lines are joined by a space), and a trailing `#` gets a closing sequence
 * after it so it is not read as one.
 * @see https://spec.commonmark.org/0.31.2/#example-76 (a closing sequence is stripped)
 */
function joinSetextContent(source: string): string {
  const lines = source.split(/\r?\n/).slice(0, -1);
  const joined = lines
    .map((line, index) => (index === 0 ? line : line.replace(/^[ \t]*(?:>[ \t]?)*/, '')).trim())
    .map((line, index, all) =>
      index < all.length - 1 && /(?:^|[^\\])(?:\\\\)*\\$/.test(line) ? line.slice(0, -1) : line,
    )
    .join(' ');
  return joined.endsWith('#') ? `${joined} #` : joined;
}

/** The text of a node without its markup (mdast-util-to-string's rules: values and image alts). */
function readPlainText(node: MdastNode): string {
  if (node.type === 'text' || node.type === 'inlineCode') return node.value;
  if (node.type === 'image' || node.type === 'imageReference') return node.alt ?? '';
  if (node.type === 'break') return ' ';
  if (!('children' in node)) return '';
  return node.children.map((child) => readPlainText(child as MdastNode)).join('');
}

/** A block that a Markdown text leaves open, so that it runs to the end of the text. */
export interface UnclosedBlock {
  /** The line it opens on, from 1. */
  readonly line: number;
  /** What opens it (a fence such as ```` ``` ````, `<!--`, `<pre>`). */
  readonly opener: string;
  /** What would close it. */
  readonly closer: string;
}

/** A code fence's opening line: its indent and the fence itself. */
const CODE_FENCE = /^ {0,3}(`{3,}|~{3,})/;

/**
 * The raw HTML blocks that end only where their end marker is written, however many blank lines
 * come before it (CommonMark's HTML blocks 1 to 5): each one's start and the end it waits for.
 * @see https://spec.commonmark.org/0.31.2/#html-blocks
 */
const HTML_RAW_BLOCKS: readonly { start: RegExp; opener?: string; closer?: string }[] = [
  { start: /^ {0,3}<(pre|script|style|textarea)(?=[\s>]|$)/i },
  { start: /^ {0,3}<!--/, opener: '<!--', closer: '-->' },
  { start: /^ {0,3}<\?/, opener: '<?', closer: '?>' },
  { start: /^ {0,3}<!\[CDATA\[/, opener: '<![CDATA[', closer: ']]>' },
  { start: /^ {0,3}<![a-zA-Z]/, opener: '<!', closer: '>' },
];

/**
 * Every top-level block of a Markdown text that the text leaves open, as the parser reads it: a
 * fenced code block with no closing fence, and raw HTML that waits for an end marker the text
 * never writes (an HTML comment with no `-->`, a `<pre>` with no `</pre>`). Alone, such a block
 * ends with its text; where the text is joined with others (the changelog's entries on one page,
 * the home page's texts in /index.md), it takes in every text after it.
 */
export function listUnclosedBlocks(markdown: string): UnclosedBlock[] {
  const tree = markdownToMdast(markdown, { features: FEATURES });
  const unclosed: UnclosedBlock[] = [];
  for (const node of tree.type === 'root' ? tree.children : []) {
    const { start, end } = readRange(node);
    const lines = markdown.slice(start, end).replace(/\s+$/, '').split(/\r?\n/);
    const line = node.position?.start.line ?? 1;
    const first = lines[0] ?? '';
    if (node.type === 'code') {
      const fence = CODE_FENCE.exec(first)?.[1];
      if (fence === undefined) continue;
      const last = lines.length > 1 ? (lines.at(-1) ?? '') : '';
      const closing = new RegExp(`^ {0,3}\\${fence[0]}{${fence.length},}[ \\t]*$`);
      if (!closing.test(last)) unclosed.push({ line, opener: fence, closer: fence });
    } else if (node.type === 'html') {
      for (const block of HTML_RAW_BLOCKS) {
        const match = block.start.exec(first);
        if (!match) continue;
        const element = match[1]?.toLowerCase() ?? '';
        const opener = block.opener ?? `<${element}>`;
        const closer = block.closer ?? `</${element}>`;
        // None of the start markers holds its own end marker.
        if (!node.value.toLowerCase().includes(closer)) unclosed.push({ line, opener, closer });
        break;
      }
    }
  }
  return unclosed;
}
