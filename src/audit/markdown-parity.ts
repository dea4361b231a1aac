import { parseMarkdownOutline } from '../site-content/parse-markdown-outline.ts';

/**
 * Compares what an HTML page shows with its Markdown version: every heading, operation, MCP tool,
 * table key (fields, parameters, arguments, errors, JSON-RPC codes, resources) of the page must
 * be in the Markdown. Server-rendered pages only; regular expressions suffice for their markup.
 * The Markdown's headings are read by a CommonMark parser, so a setext heading counts and a `#`
 * line in fenced code does not.
 * @see issue 17 item 1 (Markdown at parity); Agent Readability spec (Markdown versions)
 */
/** What one comparison found missing from the Markdown, by kind. */
export interface ParityGap {
  readonly kind: 'heading' | 'operation' | 'tool' | 'table key' | 'field';
  readonly text: string;
}

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

/** The text of an HTML fragment: tags dropped, entities decoded, whitespace collapsed. */
function readHtmlText(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&#x([0-9a-f]+);/gi, (_m, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_m, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&([a-z]+);/gi, (match, name: string) => NAMED_ENTITIES[name] ?? match)
    .replace(/\s+/g, ' ')
    .trim();
}

/** What a page shows, as the parity check compares it. */
export interface PageInventory {
  readonly headings: readonly string[];
  readonly operations: readonly string[];
  readonly tools: readonly string[];
  readonly tableKeys: readonly string[];
  /** The names of the schema fields the reference pages list (`.schema-field-name`). */
  readonly fields: readonly string[];
}

/** Reads the headings, operations, tools and table keys of an HTML page's `<main>`. */
export function readPageInventory(html: string): PageInventory {
  const main = /<main\b[\s\S]*?<\/main>/.exec(html)?.[0] ?? '';
  const headings = [...main.matchAll(/<h([1-6])\b([^>]*)>([\s\S]*?)<\/h\1>/g)];
  const text = (match: RegExpMatchArray) => readHtmlText(match[3] ?? '');
  return {
    headings: headings.map(text),
    operations: headings.filter((m) => /class="method"/.test(m[3] ?? '')).map(text),
    tools: headings.filter((m) => /\bid="tool-/.test(m[2] ?? '')).map(text),
    tableKeys: [...main.matchAll(/<tr\b[^>]*>\s*<td\b[^>]*>([\s\S]*?)<\/td>/g)]
      .filter((m) => /<code\b/.test(m[1] ?? ''))
      .map((m) => readHtmlText(/<code\b[^>]*>([\s\S]*?)<\/code>/.exec(m[1] ?? '')?.[1] ?? '')),
    fields: [...main.matchAll(/<code class="schema-field-name"[^>]*>([\s\S]*?)<\/code>/g)].map(
      (m) => readHtmlText(m[1] ?? ''),
    ),
  };
}

/** Every heading, operation, tool and table key of the page that its Markdown version lacks. */
export function findParityGaps(html: string, markdown: string): ParityGap[] {
  const page = readPageInventory(html);
  const lines = markdown.split('\n');
  const headings = new Set(parseMarkdownOutline(markdown).headings.map((heading) => heading.text));
  const tableCells = new Set(
    lines
      .filter((line) => line.startsWith('|'))
      .flatMap((line) => [...line.matchAll(/`([^`]+)`/g)].map((m) => (m[1] ?? '').trim())),
  );
  const gaps: ParityGap[] = [];
  const expectHeading = (kind: ParityGap['kind'], text: string) => {
    if (!headings.has(text)) gaps.push({ kind, text });
  };
  for (const heading of page.headings) expectHeading('heading', heading);
  for (const operation of page.operations) expectHeading('operation', operation);
  for (const tool of page.tools) expectHeading('tool', tool);
  for (const key of new Set(page.tableKeys)) {
    if (!tableCells.has(key)) gaps.push({ kind: 'table key', text: key });
  }
  // A field of a reference page is a list item in Markdown: `- \`name\` (type): description`.
  const listedFields = new Set(
    lines.flatMap((line) => /^\s*- `([^`]+)`/.exec(line)?.slice(1, 2) ?? []),
  );
  for (const field of new Set(page.fields)) {
    if (!listedFields.has(field)) gaps.push({ kind: 'field', text: field });
  }
  return gaps;
}
