import type { PageName } from './site-content.ts';

/** One heading of a Markdown text, as a CommonMark parser found it (ATX or setext, at any depth). */
export interface MarkdownHeading {
  /** Where it begins (UTF-16 offset): its first `#`, or a setext heading's first character. */
  readonly start: number;
  /** Just after its last character: the closing `#`s or text, or a setext heading's underline. */
  readonly end: number;
  readonly depth: 1 | 2 | 3 | 4 | 5 | 6;
  /** Its text without markup, for the search passages under it. */
  readonly text: string;
  /**
   * Its id in the text alone (GitHub's slug, what an owner links as `#pricing`); the page may give
   * it another (SiteOutlines' `renamedIds`).
   */
  readonly id: string;
  /** A setext heading's content on one line, to be written as an ATX heading; absent for ATX. */
  readonly setextSource?: string;
}

/** A top-level block that holds text (paragraph, list, code, table, quote, HTML): one passage. */
export interface MarkdownBlock {
  readonly start: number;
  readonly end: number;
  /** The index in `headings` of the last top-level heading before it; absent before the first. */
  readonly heading?: number;
}

/**
 * Where the headings and blocks of one Markdown text are, parsed once at build time so the
 * functions rewrite and cut the text by offsets, with no parser and no line scanning.
 * @see https://spec.commonmark.org/0.31.2/#atx-headings and #setext-headings
 */
export interface MarkdownOutline {
  /** The length of the text it describes, so an outline is never applied to another text. */
  readonly length: number;
  /** Every heading in source order, those in block quotes and list items included. */
  readonly headings: readonly MarkdownHeading[];
  readonly blocks: readonly MarkdownBlock[];
  /**
   * Where each footnote label begins (the `[` of `[^1]` and of `[^1]: ...`), in source order;
   * absent when the text has none. Texts joined into one document prefix their labels there, or
   * GFM would give a second text's `[^1]` the first one's note.
   */
  readonly footnotes?: readonly number[];
  /**
   * Where each destination within the site (a relative reference: `/docs`, `brochure.pdf`, or a
   * part of the same page, `#in-brief`) of a link, an image or a link definition is written, in source order; absent
   * when the text has none. A document read away from the page makes them absolute there, and
   * not in code; a page may give a heading another id than its text would have on its own
   * (heading-ids.ts), and a link to it then leads to that id, as the HTML page's link does.
   */
  readonly localLinks?: readonly MarkdownLocalLink[];
}

/** Where a destination within the site is written (MarkdownOutline.localLinks). */
export interface MarkdownLocalLink extends MarkdownRange {
  /**
   * Set on a link to a part of the text (`#pricing`) that names one of the text's own headings by
   * the id its words give it in the text alone (GitHub's slug, as a document of the text alone
   * names it); a link to a part of the page beyond the text (another section's heading) has none.
   */
  readonly ownHeading?: true;
}

/** A stretch of a Markdown text: its first character and just after its last (UTF-16 offsets). */
export interface MarkdownRange {
  readonly start: number;
  readonly end: number;
}

/** The key of each Markdown body of the site: `home`, `product`, `developers`, `docs`, and these. */
export const copyBodyKey = (sectionSlug: string) => `copy/${sectionSlug}`;
export const contentPageBodyKey = (pageSlug: string) => `page/${pageSlug}`;

/** The outline of every Markdown body of the content: the product, each copy section, each page. */
export interface SiteOutlines {
  readonly product: MarkdownOutline;
  /** By copy section slug. */
  readonly copy: Readonly<Record<string, MarkdownOutline>>;
  readonly pages: Readonly<Record<PageName, MarkdownOutline>>;
  /** By slug: the site owner's own pages of content/pages/. */
  readonly contentPages: Readonly<Record<string, MarkdownOutline>>;
  /**
   * By body key: the ids its page gives its headings in place of their own (GitHub's slug of the
   * text, what an owner links as `#pricing`), own id to the page's; a body none of whose
   * headings' ids changed is absent. Its links to those headings are pointed at the page's ids.
   */
  readonly renamedIds: Readonly<Record<string, Readonly<Record<string, string>>>>;
}
