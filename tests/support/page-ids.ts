import type { SiteContent } from '../../src/schemas/site-content.ts';
import {
  footnoteIdPrefix,
  isFootnoteId,
  listPagesOfBodies,
  planPageHeadingIds,
  type ReservedIds,
} from '../../src/site-content/heading-ids.ts';
import { decodeHtmlText } from './expected-site.ts';

/** The value of every `id` attribute of a page, in order. */
export function listElementIds(html: string): string[] {
  return [...html.matchAll(/<[a-zA-Z][^>]*?\sid="([^"]*)"/g)].map((match) =>
    decodeHtmlText(match[1] ?? ''),
  );
}

/** What a page that shows the owner's Markdown may hold besides the ids of its own. */
export interface PageIds {
  /** The ids planned for the owner's headings. */
  readonly planned: ReadonlySet<string>;
  /** How the ids of each body's footnotes begin. */
  readonly footnotePrefixes: readonly string[];
  readonly reserved: ReservedIds;
}

/**
 * What is wrong with a page's ids: an id two elements hold, an empty one, and on a page that shows
 * the owner's Markdown an id neither planned for the owner's headings (heading-ids.ts), nor one
 * of a body's footnotes, nor listed among the page's own (RESERVED_IDS), which the owner's
 * headings would then not know to avoid. An id with a capital letter (an operation's,
 * `schema-Overview`) is no heading's: slugs are lower case.
 */
export function findPageIdProblems(html: string, page?: PageIds): string[] {
  const ids = listElementIds(html);
  const seen = new Set<string>();
  const problems: string[] = [];
  for (const id of ids) {
    if (id === '') {
      problems.push('an empty id');
      continue;
    }
    if (seen.has(id)) problems.push(`the id ${id} twice`);
    seen.add(id);
    if (
      page &&
      !page.planned.has(id) &&
      !isFootnoteId(id, page.footnotePrefixes) &&
      !page.reserved.ids.has(id) &&
      !page.reserved.patterns.some((pattern) => pattern.test(id)) &&
      !/[A-Z]/.test(id)
    )
      problems.push(`the id ${id}, written by the page's template, is not in RESERVED_IDS`);
  }
  return problems;
}

/** Each page that shows the owner's Markdown, by path: the ids planned for it and its own. */
export function mapPageIds(content: SiteContent): Map<string, PageIds> {
  return new Map(
    listPagesOfBodies(content).map((page) => [
      page.path,
      {
        planned: new Set([...planPageHeadingIds(page).values()].flat()),
        footnotePrefixes: page.bodies.map(({ key }) => footnoteIdPrefix(key)),
        reserved: page.reserved,
      },
    ]),
  );
}
