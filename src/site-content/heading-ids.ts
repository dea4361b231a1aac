import { slugHeading } from './heading-slug.ts';
import { contentPageBodyKey, copyBodyKey } from '../schemas/markdown-outline.ts';
import type { SiteContent } from '../schemas/site-content.ts';
import { buildChangelogBody, CHANGELOG_PAGE_SLUG } from './changelog-page.ts';
import { resolveDirectionMarks, resolveLanguageMarks } from './page-languages.ts';
import { parseMarkdownOutline } from './parse-markdown-outline.ts';

/**
 * The ids the site's own templates give elements on every page (the layout: the main region, the
 * search dialog, the theme choice, the footer's block for agents).
 */
const LAYOUT_IDS = [
  'main',
  'site-search-dialog',
  'site-search-input',
  'site-search-results',
  'site-search-keys',
  'theme-choice-select',
  'for-ai-agents',
];

/** The ids of the "Copy page" menu (PageActions.astro) of a page that shows it. */
const pageActionIds = (page: string) => [`page-actions-menu-${page}`, `claude-code-${page}`];

/** The ids a page's own template writes, which the owner's headings on it must leave alone. */
export interface ReservedIds {
  readonly ids: ReadonlySet<string>;
  /** Families of ids the template writes from data (a tag, a tool, a schema). */
  readonly patterns: readonly RegExp[];
}

/**
 * The ids the home page's own template writes beside its copy sections (index.astro, and the
 * layout's): a copy section's id is its file's name, so a file with one of these names is refused
 * (read-site-content.ts), as two elements of the page would hold the id.
 */
export const HOME_TEMPLATE_IDS: readonly string[] = [...LAYOUT_IDS, 'product', 'for-developers'];

const reserve = (ids: readonly string[], patterns: readonly RegExp[] = []): ReservedIds => ({
  ids: new Set(ids),
  patterns,
});

/**
 * The ids each page that shows the owner's Markdown writes itself (src/pages, src/layouts,
 * src/components). A template that writes another id adds it here: `tests/http/page-ids.test.ts`
 * and the fixture swap read every built page and fail on an id of the site's that is not listed
 * (one with a capital letter aside, which no heading's id is), and on any id a page holds twice.
 */
export const RESERVED_IDS = {
  /** index.astro: the product, the block for developers and each copy section's h2 (its slug). */
  home: (copySlugs: readonly string[]) => reserve([...HOME_TEMPLATE_IDS, ...copySlugs]),
  /** developers.astro: its own sections, after the owner's introduction. */
  developers: reserve([
    ...LAYOUT_IDS,
    ...pageActionIds('developers'),
    'three-ways-in',
    'rest-quickstart',
    'mcp-quickstart',
    'mcp-clients',
    'oauth',
    'resources',
  ]),
  /**
   * docs.astro and DocsLayout.astro: the reference's sections, its index (each entry carries the
   * id its section had when /docs was one page: an operation's id, `tool-<name>`, `schema-<Name>`)
   * and the sidebar's groups (`nav-<group>`, `tag-<tag>`).
   */
  docs: reserve(
    [
      ...LAYOUT_IDS,
      ...pageActionIds('docs'),
      'docs-sidebar',
      'versioning',
      'errors',
      'quickstart',
      'servers',
      'authentication',
      'limits',
      'versions',
      'operations',
      'mcp-tools',
      'mcp',
      'mcp-resources',
      'mcp-prompts',
      'schemas',
      'error-catalogue',
      // The operation ids the index carries are camelCase, which no heading's id is, but one.
      'authorize',
    ],
    [/^nav-/, /^tag-/, /^tool-/, /^schema-/],
  ),
  /** [slug].astro: a content page of the owner's, the changelog among them. */
  contentPage: (pageSlug: string) => reserve([...LAYOUT_IDS, ...pageActionIds(pageSlug)]),
};

/** One Markdown body the site renders, and where. */
export interface PageBody {
  /** Which body: `home`, `product`, `copy/<slug>`, `developers`, `docs`, `page/<slug>`. */
  readonly key: string;
  /** The Markdown the page renders. */
  readonly markdown: string;
}

/** A page that shows the owner's Markdown: its path, the ids of its own, its bodies in order. */
export interface PageOfBodies {
  readonly path: string;
  readonly reserved: ReservedIds;
  readonly bodies: readonly PageBody[];
}

/**
 * How the ids of a body's footnotes begin (`copy-about-fn-1`, `copy-about-fnref-1`,
 * `copy-about-footnote-label`) instead of GFM's `user-content-`: every body numbers its notes
 * from 1, and the home page shows many bodies.
 */
export const footnoteIdPrefix = (key: string) => `${key.replace(/\//g, '-')}-`;

/**
 * A footnote's id of one of a page's bodies, by their prefixes (footnoteIdPrefix): `<prefix>fn-1`,
 * `<prefix>fnref-1-2`, `<prefix>footnote-label`.
 */
export const isFootnoteId = (id: string, prefixes: readonly string[]) =>
  prefixes.some(
    (prefix) =>
      id.startsWith(prefix) && /^(?:fn-|fnref-|footnote-label$)/.test(id.slice(prefix.length)),
  );

/** The Markdown a content page renders: its body, or for the changelog the page built from it. */
export function readContentPageMarkdown(
  content: Pick<SiteContent, 'changelog' | 'company'>,
  page: { readonly slug: string; readonly body: string },
): string {
  if (page.slug !== CHANGELOG_PAGE_SLUG) return page.body;
  // The changelog's own words are English: the page marks them when the content is not.
  return buildChangelogBody(
    content.changelog,
    resolveLanguageMarks(content.company.locale).site,
    resolveDirectionMarks(content.company.locale).site,
  );
}

/**
 * Every page that shows the owner's Markdown, with its bodies in the order the page shows them:
 * the home page holds its introduction, the product's description and every copy section.
 */
export function listPagesOfBodies(content: SiteContent): PageOfBodies[] {
  const copy = [...content.copy].sort((a, b) => a.order - b.order);
  return [
    {
      path: '/',
      reserved: RESERVED_IDS.home(copy.map((section) => section.slug)),
      bodies: [
        { key: 'home', markdown: content.pages.home.body },
        { key: 'product', markdown: content.product.body },
        ...copy.map((section) => ({ key: copyBodyKey(section.slug), markdown: section.body })),
      ],
    },
    {
      path: '/developers',
      reserved: RESERVED_IDS.developers,
      bodies: [{ key: 'developers', markdown: content.pages.developers.body }],
    },
    {
      path: '/docs',
      reserved: RESERVED_IDS.docs,
      bodies: [{ key: 'docs', markdown: content.pages.docs.body }],
    },
    ...content.contentPages.map((page) => ({
      path: `/${page.slug}`,
      reserved: RESERVED_IDS.contentPage(page.slug),
      bodies: [
        { key: contentPageBodyKey(page.slug), markdown: readContentPageMarkdown(content, page) },
      ],
    })),
  ];
}

/** An id for a heading whose text gives no letter or digit (only punctuation or symbols). */
const EMPTY_HEADING_ID = 'section';

/**
 * The id of each heading of a page's bodies, in order: GitHub's slug of its text (github-slugger,
 * as Astro gives one; `İ` read as `I`, heading-slug.ts), the first free one of `slug`, `slug-1`, `slug-2`… on the page. An id the
 * page's template writes is never free, and one of a family the template writes from data
 * (`tag-…` on /docs) is taken as `section-<slug>`. So two copy sections may both have a "Pricing"
 * heading, /developers an "OAuth" one beside its own, and each heading's link still lands on it.
 */
export function planPageHeadingIds(page: Omit<PageOfBodies, 'path'>): Map<string, string[]> {
  const taken = new Set(page.reserved.ids);
  const claim = (text: string): string => {
    const textSlug = slugHeading(text);
    const base = /[\p{L}\p{N}]/u.test(textSlug) ? textSlug : EMPTY_HEADING_ID;
    const root = page.reserved.patterns.some((pattern) => pattern.test(base))
      ? `${EMPTY_HEADING_ID}-${base}`
      : base;
    let id = root;
    for (let n = 1; taken.has(id); n += 1) id = `${root}-${n}`;
    taken.add(id);
    return id;
  };
  return new Map(
    page.bodies.map(({ key, markdown }) => [
      key,
      parseMarkdownOutline(markdown).headings.map((heading) => claim(heading.text)),
    ]),
  );
}

/**
 * The ids a body's headings would have on their own (GitHub's, one slugger per text: what an
 * owner links as `#pricing`) that the page's plan changed, each to its planned id, so that a
 * link of the body to one of its own headings still lands on it.
 */
export function mapRenamedHeadingIds(
  markdown: string,
  planned: readonly string[],
): Record<string, string> {
  const renamed: Record<string, string> = {};
  parseMarkdownOutline(markdown).headings.forEach((heading, index) => {
    const id = planned[index];
    if (id !== undefined && id !== heading.id) renamed[heading.id] = id;
  });
  return renamed;
}

/**
 * For every body of the site whose page changed ids of its headings (`plan`, planHeadingIds),
 * those ids, each own id to the page's (mapRenamedHeadingIds), by the body's key: what the HTML
 * pages' links to the bodies' own headings follow (content.config.ts), and the Markdown
 * documents' (SiteOutlines.renamedIds).
 */
export function planRenamedHeadingIds(
  content: SiteContent,
  plan: ReadonlyMap<string, readonly string[]> = planHeadingIds(content),
): Record<string, Record<string, string>> {
  const renamed: Record<string, Record<string, string>> = {};
  for (const { key, markdown } of listPagesOfBodies(content).flatMap((page) => page.bodies)) {
    const ids = mapRenamedHeadingIds(markdown, plan.get(key) ?? []);
    if (Object.keys(ids).length > 0) renamed[key] = ids;
  }
  return renamed;
}

/** The heading ids of every body of the site (listPagesOfBodies), by the body's key. */
export function planHeadingIds(content: SiteContent): Map<string, string[]> {
  return new Map(listPagesOfBodies(content).flatMap((page) => [...planPageHeadingIds(page)]));
}
