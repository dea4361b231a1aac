import type { SiteContent } from '../schemas/site-content.ts';
import { listLinkedBodies } from './body-links.ts';
import {
  footnoteIdPrefix,
  isFootnoteId,
  listPagesOfBodies,
  planPageHeadingIds,
} from './heading-ids.ts';
import { listMarkdownHtmlIds } from './parse-markdown-outline.ts';

/** An id of an owner's raw HTML that its page already gives another element. */
export interface BodyIdClash {
  /** The file of content/ that writes it (`copy/about.md`). */
  readonly file: string;
  /** Its line in the body, from 1. */
  readonly line: number;
  readonly id: string;
  /** What on the page has it: a part of the page's own, a heading, a footnote, or raw HTML before. */
  readonly holder: 'page' | 'heading' | 'footnote' | 'html';
}

/**
 * Every `id` of raw HTML in the owners' bodies (`<a id="plans"></a>`) that the page showing it
 * already gives another element: one its template writes (RESERVED_IDS: `main`, a copy section's
 * slug on the home page), one planned for a heading of any body on the page, a footnote's, or one
 * that raw HTML earlier on the page wrote. Two elements with one id break the page's links to it,
 * and the site search, which keys its sections by id, refused the build with MiniSearch's
 * `duplicate ID`. Each body is read from its file (listLinkedBodies: the changelog's entries one by
 * one).
 */
export function findBodyIdClashes(content: SiteContent): BodyIdClash[] {
  const clashes: BodyIdClash[] = [];
  const linked = listLinkedBodies(content);
  for (const page of listPagesOfBodies(content)) {
    const headingIds = new Set([...planPageHeadingIds(page).values()].flat());
    const prefixes = page.bodies.map((body) => footnoteIdPrefix(body.key));
    const bodies = linked.filter((body) => body.page === page.path);
    const written = new Set<string>();
    for (const { file, markdown } of bodies) {
      for (const { id, line } of listMarkdownHtmlIds(markdown)) {
        const holder =
          page.reserved.ids.has(id) || page.reserved.patterns.some((pattern) => pattern.test(id))
            ? 'page'
            : headingIds.has(id)
              ? 'heading'
              : isFootnoteId(id, prefixes)
                ? 'footnote'
                : written.has(id)
                  ? 'html'
                  : undefined;
        written.add(id);
        if (holder) clashes.push({ file, line, id, holder });
      }
    }
  }
  return clashes;
}

/** What an owner reads about an id clash, after the file and line. */
export function describeBodyIdClash(clash: BodyIdClash): string {
  const holder = {
    page: 'an id the page gives a part of its own',
    heading: 'the id of a heading on the page',
    footnote: 'the id of a footnote on the page',
    html: 'an id that HTML before it on the page has',
  }[clash.holder];
  return `has an element with id="${clash.id}", ${holder}: two elements with one id break the links to it, so choose another id`;
}
