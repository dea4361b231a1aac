import { HeadingSlugger } from './heading-slug.ts';
import type { ChangelogEntry, ContentPage } from '../schemas/site-content.ts';
import { escapeMarkdownText } from '../service/escape-markdown.ts';
import { SERVICE_PATHS } from '../service/urls.ts';
import { API_VERSION } from '../service/versions.ts';
import type { TextDirection } from './page-languages.ts';
import {
  parseMarkdownOutline,
  prefixFootnoteLabels,
  renameOwnHeadingLinks,
} from './parse-markdown-outline.ts';

/** The slug the changelog page takes among the content pages: /changelog and /changelog.md. */
export const CHANGELOG_PAGE_SLUG = 'changelog';

/** The heading of the changelog's last section, after the entries: how to follow it. */
export const CHANGELOG_FOLLOW_HEADING = 'Follow the changes';

/** The shallowest heading an entry's body may hold: the page gives the entry's title an h2. */
export const CHANGELOG_BODY_MIN_DEPTH = 3;

/** A problem of one changelog entry, by the field it is in: `apiVersion` or `(body)`. */
export interface ChangelogEntryProblem {
  readonly field: string;
  readonly message: string;
}

/**
 * What the schema cannot see in an entry: a body heading above `###` (the page gives the entry's
 * title an h2), and an `apiVersion` newer than the API this site serves (`API_VERSION`, the
 * OpenAPI description's), which the page and the feed would announce as "API <version>" while no
 * client can reach it. `apiVersion` is undefined when the front matter was refused.
 */
export function findChangelogEntryProblems(
  apiVersion: string | undefined,
  body: string,
): ChangelogEntryProblem[] {
  const problems: ChangelogEntryProblem[] = [];
  if (apiVersion !== undefined && compareVersions(apiVersion, API_VERSION) > 0) {
    problems.push({
      field: 'apiVersion',
      message: `is newer than the API this site serves (it is "${apiVersion}"): name the version that carries the change, ${API_VERSION} (the OpenAPI description's) or an earlier one`,
    });
  }
  const shallow = parseMarkdownOutline(body).headings.find(
    (heading) => heading.depth < CHANGELOG_BODY_MIN_DEPTH,
  );
  if (shallow) {
    problems.push({
      field: '(body)',
      message: `the heading "${shallow.text}" must be level ${CHANGELOG_BODY_MIN_DEPTH} (###) or deeper: the entry's title is its heading`,
    });
  }
  return problems;
}

/** The order of two MAJOR.MINOR.PATCH versions: negative when `a` is the earlier. */
function compareVersions(a: string, b: string): number {
  const left = a.split('.').map(Number);
  const right = b.split('.').map(Number);
  for (const [i, part] of left.entries()) {
    const difference = part - (right[i] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

/** Newest first; entries of one day by file name, so the order never depends on the disk. */
export function sortChangelog(entries: readonly ChangelogEntry[]): ChangelogEntry[] {
  return [...entries].sort(
    (a, b) =>
      (a.date < b.date ? 1 : a.date > b.date ? -1 : 0) ||
      (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0),
  );
}

/** The heading an entry's title takes on the changelog page. */
const formatEntryHeading = (entry: ChangelogEntry) => `## ${escapeMarkdownText(entry.title)}`;

/**
 * For each entry (by slug), the ids that `ids` gives its headings where they differ from their
 * own (GitHub's slug in the entry alone, what its author links as `#details`). `ids` are those of
 * the changelog body's headings in order (buildChangelogBody, entries newest first): each entry's
 * title, then its own headings, then the page's last section.
 */
export function mapEntryHeadingIds(
  entries: readonly ChangelogEntry[],
  ids: readonly string[],
): Map<string, Record<string, string>> {
  const renamed = new Map<string, Record<string, string>>();
  let index = 0;
  for (const entry of sortChangelog(entries)) {
    index += 1;
    const own = new HeadingSlugger();
    const changed: Record<string, string> = {};
    for (const heading of parseMarkdownOutline(entry.body).headings) {
      const ownId = own.slug(heading.text);
      const id = ids[index];
      index += 1;
      if (id !== undefined && id !== ownId) changed[ownId] = id;
    }
    renamed.set(entry.slug, changed);
  }
  return renamed;
}

/**
 * The ids the changelog body's headings have in that text alone (GitHub's slug of each in
 * turn): what a link in the body names, before the page plans its ids.
 */
function slugChangelogHeadings(entries: readonly ChangelogEntry[]): string[] {
  const slugger = new HeadingSlugger();
  return sortChangelog(entries).flatMap((entry) =>
    [...parseMarkdownOutline(`${formatEntryHeading(entry)}\n\n${entry.body}`).headings].map(
      (heading) => slugger.slug(heading.text),
    ),
  );
}

/**
 * The line under an entry's heading: its date, its API version and whether it breaks clients, the
 * warning in bold (Markdown's by default; `strong` writes it otherwise, as HTML for instance).
 */
export function formatChangelogMeta(
  entry: ChangelogEntry,
  strong = (text: string) => `**${text}**`,
): string {
  return `${entry.date} · API ${entry.apiVersion} · ${entry.breaking ? strong('Breaking change') : 'Not breaking'}`;
}

/**
 * The changelog page's Markdown: its introduction, each entry (its title, the line under it, its
 * body), then how to follow the changes. With `siteLang` (the content is written in another
 * language than the site's words, LanguageMarks.site) the page's own words are wrapped in HTML
 * that says they are English, for the page to render: the introduction and the last section in a
 * `<div lang>`, whose Markdown inside is rendered as such, and each entry's line as a `<p lang>`;
 * with `siteDir` too (the content is written right to left, DirectionMarks.site), each also says
 * its direction. The Markdown version is written without them.
 */
export function buildChangelogBody(
  entries: readonly ChangelogEntry[],
  siteLang?: string,
  siteDir?: TextDirection,
): string {
  const marks = siteLang && `lang="${siteLang}"${siteDir ? ` dir="${siteDir}"` : ''}`;
  const siteWords = (markdown: string) =>
    marks ? `<div ${marks}>\n\n${markdown}\n\n</div>` : markdown;
  const joinedIds = mapEntryHeadingIds(entries, slugChangelogHeadings(entries));
  const meta = (entry: ChangelogEntry) =>
    marks
      ? `<p ${marks}>${formatChangelogMeta(entry, (text) => `<strong>${text}</strong>`)}</p>`
      : formatChangelogMeta(entry);
  return [
    siteWords(
      `Every change to the API, the MCP server and the documents agents read, newest first. Each entry names the API version that carries it and whether a client must change. Follow it as an [Atom feed](${SERVICE_PATHS.changelogFeed}).`,
    ),
    // Each entry's footnotes its own: one document holds them all (prefixFootnoteLabels); and
    // its links to its own headings lead to them, where an entry above has a heading of the
    // same words (two "Details": the second is `#details-1` in the one text).
    ...sortChangelog(entries).flatMap((entry) => [
      formatEntryHeading(entry),
      meta(entry),
      prefixFootnoteLabels(
        renameOwnHeadingLinks(entry.body, joinedIds.get(entry.slug) ?? {}),
        `${entry.slug}-`,
      ),
    ]),
    // A section of its own after the entries: a changelog of one entry still has the three
    // headings scanners look for on a page (the audit's page-signals check).
    siteWords(
      [
        `## ${CHANGELOG_FOLLOW_HEADING}`,
        `The [Atom feed](${SERVICE_PATHS.changelogFeed}) carries every entry above, with its date, API version and whether it breaks a client; a feed reader or an agent can watch it instead of this page.`,
      ].join('\n\n'),
    ),
  ].join('\n\n');
}

/**
 * The changelog as a page of the site owner's own, its body written from the entries: so the page,
 * its Markdown version, the sitemap, the search index and /llms.txt follow the content-page recipe
 * (docs/architecture.md, "Recipes") with nothing of their own. The footer links it, not the header.
 * @see RFC 4287 (the feed beside it, /changelog.xml)
 */
export function buildChangelogPage(entries: readonly ChangelogEntry[]): ContentPage {
  const body = buildChangelogBody(entries);
  return {
    slug: CHANGELOG_PAGE_SLUG,
    title: 'Changelog',
    heading: 'Changelog',
    description:
      'What changed in the API, the MCP server and the agent documents: dated entries, each with its API version and whether it breaks a client.',
    nav: false,
    // The footer's own link to it is the site's word, beside Glossary and Errors.
    footer: false,
    navOrder: 100,
    llmsSection: 'For agents and developers',
    body,
  };
}
