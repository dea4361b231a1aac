import { copyBodyKey } from '../schemas/markdown-outline.ts';
import { BUILT_IN_ROUTES } from '../service/routes.ts';
import { CHANGELOG_PAGE_SLUG } from './changelog-page.ts';
import { footnoteIdPrefix, HOME_TEMPLATE_IDS, isFootnoteId } from './heading-ids.ts';
import { foldToKebabCase } from './latin-letters.ts';
import { parseMarkdownOutline } from './parse-markdown-outline.ts';

/** A file name stem in kebab-case: the slug of a content page or a changelog entry. */
export const KEBAB_CASE_SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/**
 * The kebab-case name a file name not in kebab-case most likely meant: accents dropped and the
 * letters that have none written as people type them (`bảng-giá` is `bang-gia`, `Đội ngũ` is
 * `doi-ngu`), a capital inside a word starting a new one (`AboutUs` is `about-us`), anything else
 * a hyphen. Undefined where no letter a to z or digit is left (a name in Thai or Devanagari).
 */
export function suggestKebabCase(name: string): string | undefined {
  const slug = foldToKebabCase(name.replace(/(\p{Ll})(\p{Lu})/gu, '$1-$2'));
  return KEBAB_CASE_SLUG.test(slug) ? slug : undefined;
}

/**
 * Why a file name is refused when it is not in kebab-case, with the name to give it where one can
 * be made of it, else an example: "lower-case letters" alone read as wrong to an owner whose
 * `bảng-giá` is in lower case.
 */
export function describeKebabCaseName(name: string, example: string): string {
  const suggested = suggestKebabCase(name);
  return `must be kebab-case (lower-case letters a to z, digits and single hyphens)${
    suggested ? `: rename it ${suggested}.md` : `, e.g. ${example}`
  }`;
}

/**
 * Page file names the site keeps for its own although the route table gives `/<name>` and
 * `/<name>.md` to no surface: the stems of its documents and of the copy folder, whose page would
 * read as one of them. Every other clash (`/errors`, `/glossary`, `/api`, `/oauth`, `/mcp`,
 * `/index.md`, `/sitemap.md`, ...) is found in the route table itself (`findContentPageClash`),
 * so a surface added there is covered with no edit here.
 */
export const RESERVED_PAGE_SLUGS: ReadonlySet<string> = new Set([
  'copy',
  'llms',
  'llms-full',
  'robots',
  'openapi',
  'agents',
  'favicon',
  'og-image',
  'apple-touch-icon',
  'search-index',
  'well-known',
  '404',
]);

/**
 * Why content/pages/<name>.md cannot be a page of its own (undefined when it can): a slug not in
 * kebab-case, a reserved name, or a path (`/<name>`, `/<name>.md`) another surface already holds.
 */
export function findContentPageClash(name: string): string | undefined {
  if (!KEBAB_CASE_SLUG.test(name)) return describeKebabCaseName(name, 'about-us.md');
  if (name === CHANGELOG_PAGE_SLUG) {
    return 'is reserved for the changelog: write its entries as files of content/changelog/ instead';
  }
  if (RESERVED_PAGE_SLUGS.has(name)) {
    return `is reserved: the site keeps /${name} for its own files, so rename the file`;
  }
  for (const path of [`/${name}`, `/${name}.md`]) {
    const surface = BUILT_IN_ROUTES.findSurface(path);
    if (surface.listed)
      return `is taken: ${path} is served by the site (${surface.id}), so rename the file`;
  }
  return undefined;
}

/**
 * The fewest `##` (or `###`) sections a content page's body may have: with its heading (the h1),
 * the three h1-h3 headings the agent-readiness audit's page-signals check asks of every page.
 */
export const CONTENT_PAGE_MIN_SECTIONS = 2;

/**
 * Why a content page's body has too few sections for a page (undefined when it has enough): the
 * page's heading is its h1, and its body's `#` to `###` headings become h2 and h3.
 */
export function findSectionShortfall(body: string): string | undefined {
  const sections = parseMarkdownOutline(body).headings.filter((heading) => heading.depth <= 3);
  if (sections.length >= CONTENT_PAGE_MIN_SECTIONS) return undefined;
  return `needs at least ${CONTENT_PAGE_MIN_SECTIONS} sections under ## or ### headings (it has ${sections.length}): with the page's heading they make the three headings that scanners of pages for agents look for`;
}

/** Copy file names the site gives a document of its own: /copy/product.md is content/product.md. */
const RESERVED_COPY_SLUGS: ReadonlySet<string> = new Set(['product']);

/**
 * Why content/copy/<name>.md cannot be a copy section (undefined when it can): a slug not in
 * kebab-case, the product description's document, or an id the home page gives a part of its own
 * or may give a footnote (a section's id there is its file's name).
 */
export function findCopyNameProblem(name: string): string | undefined {
  if (!KEBAB_CASE_SLUG.test(name)) return describeKebabCaseName(name, 'our-history.md');
  if (RESERVED_COPY_SLUGS.has(name)) {
    return 'is taken by the product description (served as /copy/product.md): rename the file';
  }
  if (HOME_TEMPLATE_IDS.includes(name)) {
    return `is taken: the home page gives the id ${name} to a part of its own, and a copy section's id is its file's name: rename the file`;
  }
  if (isHomeFootnoteId(name)) {
    return `is taken: the home page gives ids of this shape to footnotes (${footnoteIdPrefix('product')}fn-1, ${footnoteIdPrefix(copyBodyKey('about'))}fn-1), and a copy section's id is its file's name: rename the file`;
  }
  return undefined;
}

/**
 * Whether an id has the shape of a footnote's on the home page (isFootnoteId): its bodies are the
 * page's introduction, the product's and each copy section's (`copy-<slug>-fn-1`), so any name
 * of that shape may meet a footnote once a body has one.
 */
function isHomeFootnoteId(id: string): boolean {
  const prefixes = [...id.matchAll(/-/g)]
    .map((dash) => id.slice(0, dash.index + 1))
    .filter(
      (prefix) =>
        prefix === footnoteIdPrefix('home') ||
        prefix === footnoteIdPrefix('product') ||
        (prefix.startsWith(footnoteIdPrefix('copy')) && prefix !== footnoteIdPrefix('copy')),
    );
  return isFootnoteId(id, prefixes);
}
