import type { SiteContent } from '../schemas/site-content.ts';
import { CHANGELOG_PAGE_SLUG } from './changelog-page.ts';
import { footnoteIdPrefix, listPagesOfBodies, planPageHeadingIds } from './heading-ids.ts';
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

/** The file of content/ each body key (heading-ids.ts, PageBody) is written in. */
function readBodyFile(key: string): string {
  if (key === 'product') return 'product.md';
  if (key.startsWith('copy/')) return `${key}.md`;
  if (key.startsWith('page/')) return `pages/${key.slice('page/'.length)}.md`;
  return `pages/${key}.md`;
}

/** A footnote's id of one of the page's bodies: `<prefix>fn-1`, `<prefix>fnref-1`, `<prefix>footnote-label`. */
const isFootnoteId = (id: string, prefixes: readonly string[]) =>
  prefixes.some(
    (prefix) =>
      id.startsWith(prefix) && /^(?:fn-|fnref-|footnote-label$)/.test(id.slice(prefix.length)),
  );

/**
 * Every `id` of raw HTML in the owners' bodies (`<a id="plans"></a>`) that the page showing it
 * already gives another element: one its template writes (RESERVED_IDS: `main`, a copy section's
 * slug on the home page), one planned for a heading of any body on the page, a footnote's, or one
 * that raw HTML earlier on the page wrote. Two elements with one id break the page's links to it,
 * and the site search, which keys its sections by id, refused the build with MiniSearch's
 * `duplicate ID`. The changelog's entries are read one by one, each in its own file.
 */
export function findBodyIdClashes(content: SiteContent): BodyIdClash[] {
  const clashes: BodyIdClash[] = [];
  for (const page of listPagesOfBodies(content)) {
    const headingIds = new Set([...planPageHeadingIds(page).values()].flat());
    const prefixes = page.bodies.map((body) => footnoteIdPrefix(body.key));
    const bodies = page.bodies.flatMap((body) =>
      body.key === `page/${CHANGELOG_PAGE_SLUG}`
        ? content.changelog.map((entry) => ({
            file: `changelog/${entry.slug}.md`,
            markdown: entry.body,
          }))
        : [{ file: readBodyFile(body.key), markdown: body.markdown }],
    );
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
