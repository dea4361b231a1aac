import GithubSlugger from 'github-slugger';
import { markdownToHtml } from 'satteri';
import type { ChangelogEntry } from '../schemas/site-content.ts';
import { sortChangelog } from './changelog-page.ts';
import { parseMarkdownOutline } from './parse-markdown-outline.ts';

/** An entry as its feed shows it: the anchor of its heading on the page and its body as HTML. */
export interface RenderedChangelogEntry {
  readonly entry: ChangelogEntry;
  readonly anchor: string;
  readonly html: string;
}

/**
 * Renders every entry's body with the parser the pages use (Sätteri, GFM, no smart punctuation),
 * and finds the id its heading gets on /changelog: github-slugger over the page's headings in
 * order, as the heading-anchors plugin gives them. Build time only (the parser is native).
 */
export function renderChangelogEntries(
  entries: readonly ChangelogEntry[],
): RenderedChangelogEntry[] {
  const slugger = new GithubSlugger();
  return sortChangelog(entries).map((entry) => {
    const anchor = slugger.slug(entry.title);
    // Headings of the body take ids after the title's, so a repeated title gets the next number.
    for (const heading of parseMarkdownOutline(entry.body).headings)
      if (heading.depth <= 4) slugger.slug(heading.text);
    const { html } = markdownToHtml(entry.body, {
      features: { gfm: true, smartPunctuation: false, frontmatter: false },
    });
    return { entry, anchor, html };
  });
}
