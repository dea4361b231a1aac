import {
  copyBodyKey,
  type MarkdownOutline,
  type SiteOutlines,
} from '../schemas/markdown-outline.ts';
import type { SiteContent } from '../schemas/site-content.ts';
import type { ServiceUrls } from '../service/urls.ts';
import { escapeMarkdownText } from '../service/escape-markdown.ts';
import { decodeFragment } from '../service/urls.ts';
import {
  applyTextEdits,
  listFootnotePrefixEdits,
  type TextEdit,
} from '../service/markdown-edits.ts';

/**
 * Puts every heading of a Markdown text under a heading of depth `levels + 1` (the page's h1, or a
 * section's h2), by the offsets of its outline, keeping the text's own outline: a heading with
 * none above it in the text (whatever its number of `#`s) becomes a child of that heading, at
 * depth `levels + 2`, and any other one a child of the nearest heading above it with fewer `#`s,
 * one level below it (at most depth 6). So a copy section's `# Our water` becomes an h3 under the
 * section's h2, not a second h2 beside it; its `##` an h4; an owner's `###` that opens a section
 * an h3, not an h4 that skips a level (axe-core's heading-order); and two headings with the same
 * number of `#`s under the same parent stay at one level. An ATX heading gets its new number of
 * `#`s, a setext heading becomes an ATX heading when its depth changes (setext has only two
 * depths). Code, quotes and everything else keep their bytes. With `footnotePrefix`, each footnote
 * label takes it too (`prefixFootnotes`), for a body joined with others into one document.
 * @see https://spec.commonmark.org/0.31.2/#atx-headings
 * @see https://www.w3.org/WAI/tutorials/page-structure/headings/ (no skipped heading levels)
 */
export function demoteHeadings(
  markdown: string,
  outline: MarkdownOutline,
  levels: number,
  { footnotePrefix, renamedIds, pageUrl, ownFragments = false }: BodyPlacement = {},
): string {
  checkOutline(markdown, outline);
  const edits: TextEdit[] = [];
  // The headings that the next one may sit under: their depth in the text and on the page.
  const open: { source: number; depth: number }[] = [];
  for (const heading of outline.headings) {
    while (open.length > 0 && (open.at(-1)?.source ?? 0) >= heading.depth) open.pop();
    const depth = Math.min(6, (open.at(-1)?.depth ?? levels + 1) + 1);
    open.push({ source: heading.depth, depth });
    if (depth === heading.depth) continue;
    edits.push(
      heading.setextSource === undefined
        ? { start: heading.start, end: heading.start + heading.depth, text: '#'.repeat(depth) }
        : {
            start: heading.start,
            end: heading.end,
            text: `${'#'.repeat(depth)} ${heading.setextSource}`,
          },
    );
  }
  if (footnotePrefix !== undefined) {
    edits.push(...listFootnotePrefixEdits(outline.footnotes ?? [], footnotePrefix));
  }
  if (renamedIds !== undefined || pageUrl !== undefined) {
    edits.push(
      ...listLocalLinkEdits(markdown, outline, renamedIds ?? {}, { pageUrl, ownFragments }),
    );
  }
  return applyTextEdits(markdown, edits);
}

/** Where a body is joined into a page's Markdown (demoteHeadings). */
export interface BodyPlacement {
  /** What each footnote label takes first, when the body is joined with others. */
  readonly footnotePrefix?: string;
  /**
   * The ids the page gives the body's headings in place of their own (SiteOutlines.renamedIds):
   * a link of the body to one of them (`#in-brief`) is pointed at the page's (`#in-brief-1`), as
   * the HTML page points it.
   */
  readonly renamedIds?: Readonly<Record<string, string>> | undefined;
  /**
   * The address of the HTML page that shows the body (`https://example.com/about`), for a
   * document read away from that page: each relative link becomes absolute as the page resolves
   * it (`/docs` on its origin, `brochure.pdf` beside it), and one to a part of the page
   * (`#in-brief`) leads to that part of the HTML page (in `/llms-full.txt`, two sections may each
   * have an "In brief"). Code keeps its text.
   */
  readonly pageUrl?: string | undefined;
  /**
   * For a document of the body's own (a section's `/copy/<slug>.md`, also the
   * `get_site_copy_section` answer): its links to its own headings stay as written, naming the
   * document's headings; one to another part of the page (another section's heading) leads to it
   * on the HTML page, as any relative link.
   */
  readonly ownFragments?: boolean;
}

/**
 * The edits that point each relative link of the body (MarkdownOutline.localLinks) at the id the
 * page gave its heading, and, with `pageUrl`, at its absolute address.
 */
function listLocalLinkEdits(
  markdown: string,
  outline: MarkdownOutline,
  renamedIds: Readonly<Record<string, string>>,
  { pageUrl, ownFragments }: { pageUrl: string | undefined; ownFragments: boolean },
): TextEdit[] {
  return (outline.localLinks ?? []).flatMap(({ start, end, ownHeading }) => {
    const written = markdown.slice(start, end);
    if (!written.startsWith('#')) {
      if (pageUrl === undefined) return [];
      // A root-relative path keeps its bytes after the origin; another is resolved by the URL rules.
      const text = written.startsWith('/')
        ? `${new URL(pageUrl).origin}${written}`
        : new URL(written, pageUrl).href;
      return [{ start, end, text }];
    }
    if (ownFragments && ownHeading) return [];
    const own = decodeFragment(written.slice(1));
    // Own keys only: a link to `#constructor` names no renamed heading.
    const id = Object.hasOwn(renamedIds, own) ? renamedIds[own] : undefined;
    const fragment = id === undefined ? written : `#${id}`;
    if (pageUrl === undefined) return id === undefined ? [] : [{ start, end, text: fragment }];
    return [{ start, end, text: `${pageUrl}${fragment}` }];
  });
}

/**
 * Parts of a body (`start` to `end` each: the passages of a search), their relative links absolute
 * as demoteHeadings makes them with a `pageUrl`: an agent reads a passage away from any page. The
 * body's links are read once for all its parts.
 */
export function readBodyRanges(
  markdown: string,
  outline: MarkdownOutline,
  ranges: readonly { readonly start: number; readonly end: number }[],
  {
    renamedIds,
    pageUrl,
  }: { readonly renamedIds?: BodyPlacement['renamedIds']; readonly pageUrl: string },
): string[] {
  const edits = listLocalLinkEdits(markdown, outline, renamedIds ?? {}, {
    pageUrl,
    ownFragments: false,
  });
  return ranges.map(({ start, end }) =>
    applyTextEdits(
      markdown.slice(start, end),
      edits
        .filter((edit) => edit.start >= start && edit.end <= end)
        .map((edit) => ({ ...edit, start: edit.start - start, end: edit.end - start })),
    ),
  );
}

/**
 * A body placed for a document read away from its page (demoteHeadings with a `pageUrl`): its
 * links are already absolute, so joinMarkdown leaves it as it is, code and all.
 */
export interface PlacedBody {
  readonly placed: string;
}

/**
 * The product's description under its h2, as the home page shows it, for a document joining the
 * home page's bodies and read away from it (its Markdown version, `/llms-full.txt`): footnote
 * labels led by `product-`, links absolute and following the page's heading ids.
 */
export function placeProductBody(
  product: SiteContent['product'],
  outlines: SiteOutlines,
  urls: ServiceUrls,
): PlacedBody {
  return {
    placed: demoteHeadings(product.body, outlines.product, 1, {
      footnotePrefix: 'product-',
      renamedIds: outlines.renamedIds.product,
      pageUrl: urls.home,
    }),
  };
}

/** A copy section's body under its h2, placed as placeProductBody places the product's. */
export function placeCopySection(
  section: SiteContent['copy'][number],
  outlines: SiteOutlines,
  urls: ServiceUrls,
): PlacedBody {
  return {
    placed: demoteHeadings(section.body, readOutline(outlines.copy, section.slug), 1, {
      footnotePrefix: `${section.slug}-`,
      renamedIds: outlines.renamedIds[copyBodyKey(section.slug)],
      pageUrl: urls.home,
    }),
  };
}

/**
 * Joins the lines of a document whose links are all absolute: the site's own lines through
 * absolutizeLinks, each placed body as it is.
 */
export function joinMarkdown(
  parts: readonly (string | PlacedBody)[],
  origin: string,
  pagePath?: string,
): string {
  return parts
    .map((part) =>
      typeof part === 'string' ? absolutizeLinks(part, origin, pagePath) : part.placed,
    )
    .join('\n');
}

/**
 * Leads each footnote label of a Markdown text (`[^1]`, `[^1]: ...`) with `prefix`, by the
 * offsets of its outline, for a text joined with others into one document: GFM gives a label its
 * first definition, so a second text's `[^1]` would show the first one's note.
 */
export function prefixFootnotes(
  markdown: string,
  outline: MarkdownOutline,
  prefix: string,
): string {
  checkOutline(markdown, outline);
  return applyTextEdits(markdown, listFootnotePrefixEdits(outline.footnotes ?? [], prefix));
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
 * Makes every root-relative Markdown link of the site's own text absolute, so the text works
 * without its base URL; with `pagePath`, the HTML page the text is a version of, a link to a part
 * of that page (`#in-brief`, where the page's heading carries the id) becomes a link to that part
 * of the page. An owner's body goes in as a PlacedBody instead, which joinMarkdown leaves as it
 * is: this regular expression would also rewrite the links in its code.
 */
export function absolutizeLinks(markdown: string, origin: string, pagePath?: string): string {
  const rooted = markdown.replace(
    /\]\((\/[^)\s]*)\)/g,
    (_match, path: string) => `](${origin}${path})`,
  );
  if (pagePath === undefined) return rooted;
  return rooted.replace(
    /\]\((#[^)\s]*)\)/g,
    (_match, fragment: string) => `](${origin}${pagePath}${fragment})`,
  );
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
