import { markdownToHtml } from 'satteri';
import type { ChangelogEntry } from '../schemas/site-content.ts';
import {
  buildChangelogBody,
  CHANGELOG_PAGE_SLUG,
  mapEntryHeadingIds,
  sortChangelog,
} from './changelog-page.ts';
import { planPageHeadingIds, RESERVED_IDS } from './heading-ids.ts';
import { parseMarkdownOutline, renameOwnHeadingLinks } from './parse-markdown-outline.ts';

/** An entry as its feed shows it: the anchor of its heading on the page and its body as HTML. */
export interface RenderedChangelogEntry {
  readonly entry: ChangelogEntry;
  readonly anchor: string;
  readonly html: string;
}

/**
 * Renders every entry's body with the parser the pages use (Sätteri, GFM, no smart punctuation),
 * and finds the id its heading gets on /changelog: the page's plan of heading ids
 * (heading-ids.ts), as the content loader gives it. Build time only (the parser is native).
 */
export function renderChangelogEntries(
  entries: readonly ChangelogEntry[],
): RenderedChangelogEntry[] {
  const markdown = buildChangelogBody(entries);
  const ids =
    planPageHeadingIds({
      reserved: RESERVED_IDS.contentPage(CHANGELOG_PAGE_SLUG),
      bodies: [{ key: CHANGELOG_PAGE_SLUG, markdown }],
    }).get(CHANGELOG_PAGE_SLUG) ?? [];
  // The page's h2s are the entries' titles, newest first, then how to follow the changes (an
  // entry's body starts at h3, CHANGELOG_BODY_MIN_DEPTH).
  const titleIds = parseMarkdownOutline(markdown)
    .headings.map((heading, index) => ({ depth: heading.depth, id: ids[index] }))
    .filter((heading) => heading.depth === 2);
  // An entry's links to its own headings lead to their ids on the page (`#details-1`).
  const entryIds = mapEntryHeadingIds(entries, ids);
  return sortChangelog(entries).map((entry, index) => {
    const anchor = titleIds[index]?.id;
    if (anchor === undefined) throw new Error(`the changelog has no heading for ${entry.title}`);
    const body = renameOwnHeadingLinks(entry.body, entryIds.get(entry.slug) ?? {});
    const { html } = markdownToHtml(body, {
      features: { gfm: true, smartPunctuation: false, frontmatter: false },
    });
    return { entry, anchor, html };
  });
}
