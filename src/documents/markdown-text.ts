import type { MarkdownOutline } from '../schemas/markdown-outline.ts';
import { escapeMarkdownText } from '../service/escape-markdown.ts';

/**
 * Pushes every heading of a Markdown text down by `levels` (at most to depth 6), by the offsets of
 * its outline, and closes any gap in the levels: the text sits under a heading of depth
 * `levels + 1` (the page's h1, or a section's h2), and no heading goes more than one level deeper
 * than the one before it, so an owner's `###` under a section's h2 becomes an h3, not an h4 that
 * skips a level (axe-core's heading-order). An ATX heading gets its new number of `#`s, a setext
 * heading becomes an ATX heading (setext has only two depths). Code, quotes and everything else
 * keep their bytes.
 * @see https://spec.commonmark.org/0.31.2/#atx-headings
 * @see https://www.w3.org/WAI/tutorials/page-structure/headings/ (no skipped heading levels)
 */
export function demoteHeadings(markdown: string, outline: MarkdownOutline, levels: number): string {
  checkOutline(markdown, outline);
  let demoted = '';
  let from = 0;
  let previous = levels + 1;
  for (const heading of outline.headings) {
    const depth = Math.min(6, heading.depth + levels, previous + 1);
    previous = depth;
    if (depth === heading.depth) continue;
    demoted += markdown.slice(from, heading.start);
    if (heading.setextSource === undefined) {
      demoted += '#'.repeat(depth);
      from = heading.start + heading.depth;
    } else {
      demoted += `${'#'.repeat(depth)} ${heading.setextSource}`;
      from = heading.end;
    }
  }
  return demoted + markdown.slice(from);
}

/** Refuses an outline made from another text (a snapshot out of step with its content is a bug). */
export function checkOutline(markdown: string, outline: MarkdownOutline): void {
  if (outline.length !== markdown.length) {
    throw new Error(
      `a Markdown outline of ${outline.length} characters was applied to a text of ${markdown.length}`,
    );
  }
}

/** The outline of one Markdown body by its key (a copy section's slug); a missing one is a bug. */
export function readOutline(
  outlines: Readonly<Record<string, MarkdownOutline>>,
  key: string,
): MarkdownOutline {
  const outline = outlines[key];
  if (!outline) throw new Error(`no Markdown outline for ${key}`);
  return outline;
}

/**
 * Formats one llmstxt.org link-list entry, `- [name](url): notes`, where the name and the notes
 * are plain text (escaped by escapeMarkdownText). The name loses its square brackets (and the
 * spaces they leave at its ends): llms.txt readers take a link's title up to the first `]`,
 * escaped or not.
 * @see https://llmstxt.org/ (the reference parser's `\[(?P<title>[^\]]+)\]`)
 */
export function formatLinkEntry(name: string, url: string, notes?: string): string {
  const label = escapeMarkdownText(name.replace(/[[\]]/g, '').trim());
  return notes ? `- [${label}](${url}): ${escapeMarkdownText(notes)}` : `- [${label}](${url})`;
}

/**
 * The head /llms.txt and /llms-full.txt open with (llmstxt.org): the company's name as H1, then the
 * agents' summary as a block quote on one line, both plain text escaped.
 */
export function formatLlmsTxtHead(name: string, summary: string): string[] {
  return [`# ${escapeMarkdownText(name)}`, '', formatSummaryQuote(summary)];
}

/** The agents' summary as a Markdown block quote on one line, `> summary`, plain text escaped. */
export function formatSummaryQuote(summary: string): string {
  return `> ${escapeMarkdownText(summary.replace(/\s*\n\s*/g, ' '))}`;
}

/** Formats a product feature as a list item, `- **name**: description`, both plain text. */
export function formatFeatureEntry(feature: {
  readonly name: string;
  readonly description: string;
}): string {
  return `- **${escapeMarkdownText(feature.name)}**: ${escapeMarkdownText(feature.description)}`;
}
