import type { SiteContent } from '../schemas/site-content.ts';
import type { ContentPage, PageName } from '../schemas/site-content.ts';
import type { PageSection } from '../service/site-pages.ts';

/** One link of the header's main navigation. */
export interface NavigationLink {
  readonly href: string;
  readonly label: string;
  /**
   * Whose words the label is: the site's (a main page's default label, in English) or the
   * content's (a `navLabel` or a content page's heading, in the content's language).
   */
  readonly words: 'site' | 'content';
}

/** The main pages' links, their default labels and their places. */
const MAIN_PAGE_LINKS: readonly {
  readonly page: PageName;
  readonly href: string;
  readonly label: string;
  readonly order: number;
}[] = [
  { page: 'home', href: '/', label: 'Home', order: 10 },
  { page: 'developers', href: '/developers', label: 'Developers', order: 20 },
  { page: 'docs', href: '/docs', label: 'API docs', order: 30 },
];

/**
 * The header's main navigation: the main pages, labelled by their `navLabel` or else the site's
 * default label, then every content page whose front matter keeps `nav` on, by `navOrder` (ties
 * by slug), labelled `navLabel` or else its heading.
 */
export function buildSiteNavigation(
  content: Pick<SiteContent, 'contentPages'> & {
    readonly pages?: Partial<Record<PageName, { readonly navLabel?: string | undefined }>>;
  },
): NavigationLink[] {
  const links = [
    ...MAIN_PAGE_LINKS.map(({ page, href, label, order }) => {
      const navLabel = content.pages?.[page]?.navLabel;
      return navLabel
        ? { href, label: navLabel, words: 'content' as const, order }
        : { href, label, words: 'site' as const, order };
    }),
    ...content.contentPages
      .filter((page) => page.nav)
      .map((page) => ({ ...linkToPage(page), order: page.navOrder })),
  ];
  // A stable sort keeps the main pages and the content pages (sorted by slug) in order on ties.
  return links
    .sort((a, b) => a.order - b.order)
    .map(({ href, label, words }) => ({ href, label, words }));
}

/**
 * The sections whose pages belong under a main page's link: the reference's pages and the errors
 * its sidebar lists, under the API docs.
 */
const SECTIONS_UNDER: Readonly<Partial<Record<PageSection, string>>> = {
  docs: '/docs',
  errors: '/docs',
};

/**
 * How a navigation link marks the page shown (`aria-current`): `page` on the page's own link,
 * `true` on the link of the part of the site it belongs to (a reference page under the API docs),
 * else nothing.
 * @see https://www.w3.org/TR/wai-aria-1.2/#aria-current
 */
export function readNavCurrent(
  href: string,
  page: { readonly path: string; readonly section?: PageSection | undefined },
): 'page' | 'true' | undefined {
  if (href === page.path) return 'page';
  return page.section !== undefined && SECTIONS_UNDER[page.section] === href ? 'true' : undefined;
}

/**
 * The owner's pages the footer of every page links to (`footer: true`: a privacy policy, terms, a
 * legal notice), by `navOrder` (ties by slug), labelled `navLabel` or else the heading.
 */
export function buildFooterLinks(content: Pick<SiteContent, 'contentPages'>): NavigationLink[] {
  return content.contentPages
    .filter((page) => page.footer)
    .sort((a, b) => a.navOrder - b.navOrder)
    .map(linkToPage);
}

/** A link to one of the owner's pages, labelled by its `navLabel` or else its heading. */
function linkToPage(page: ContentPage): NavigationLink {
  return { href: `/${page.slug}`, label: page.navLabel ?? page.heading, words: 'content' };
}

/**
 * How the header places its links: on one row with the site's name and the search (`one-row`),
 * or, when they would not fit there, on a row of their own under the name and the search
 * (`nav-row`), so that the search never wraps to a row alone and, on a phone, the links take one
 * line that scrolls sideways instead of four rows above the page.
 */
export type HeaderLayout = 'one-row' | 'nav-row';

/** The weights the shell draws its texts in: 400 for links, 700 for the name and bold. */
export type TextWeight = 400 | 700;

/**
 * How wide a text is drawn in a weight, in em of its font size: the build measures the pages'
 * own Inter (`loadInterWidths`, src/integrations/inter-widths.ts).
 */
export type TextWidth = (text: string, weight: TextWeight) => number;

/**
 * The footer's line in em of its text (0.9 rem, 14.4 px) on the narrowest screen the pages fit:
 * 320 px less the shell's two 1 rem gutters, 288 px.
 */
export const FOOTER_LINE_WIDTH = 20;

/** The footer text's size in CSS pixels (0.9 rem). */
const FOOTER_FONT_PIXELS = 14.4;

/**
 * What each character may add, in em, where a browser places glyphs on whole pixels (Chromium on
 * Linux, without subpixel positioning): its advance and its kerning are each rounded, so up to a
 * pixel in all. Measured there: bold ʎ is 8.67 px and kerned to 8.20 in a run, and 33 of them are
 * drawn 9 px each; bold ȋ is 3.90 px and kerned apart to 4.45, drawn 5 px each.
 */
const PIXEL_ROUNDING = 1 / FOOTER_FONT_PIXELS;

/**
 * Whether a footer link is kept on one line: a phone broke "Mentions légales" after its first
 * word, the rest on the line below. Only a label that fits the narrowest line whole is kept so:
 * as the pages draw it, in the wider of the link's two weights (the current page's is bold), with
 * a pixel a character for browsers that round glyphs to whole pixels. A longer label wraps as
 * text does.
 */
export function fitsFooterLine(label: string, textWidth: TextWidth): boolean {
  const drawn = Math.max(textWidth(label, 400), textWidth(label, 700));
  return drawn + [...label].length * PIXEL_ROUNDING <= FOOTER_LINE_WIDTH;
}

/**
 * The header's width in em of the body text (16 px) that must hold the name, the links and the
 * search on one row: a 1,024 px screen less the shell's padding is 62 em, of which 2 are kept for
 * rounding. Narrower screens wrap the links under the name, as the sample's three do on a phone.
 */
const ONE_ROW_WIDTH = 60;

/**
 * The header's layout for these links and the site's short name, chosen when the site is built
 * (a layout chosen in the browser would move the header once the page is shown): the widths of
 * the logo and its gap (2.5 em) and of the name (bold, 1.125 em) as the pages draw them, the
 * links (400) with their 1 em gaps, the search button (10 em; 9.7 in Chromium) and the two 1.5 em
 * gaps between them, against `ONE_ROW_WIDTH`. Rounding glyphs to whole pixels (Chromium on Linux)
 * moves a row of words by a few pixels, well within the 2 em the row keeps: there, nine or ten
 * links in English, Russian and Greek were drawn 3 to 7 px narrower than measured in all, each
 * within 2 px.
 */
export function chooseHeaderLayout(
  links: readonly NavigationLink[],
  siteName: string,
  textWidth: TextWidth,
): HeaderLayout {
  const brand = 2.5 + textWidth(siteName, 700) * 1.125;
  const nav =
    links.reduce((width, link) => width + textWidth(link.label, 400), 0) +
    Math.max(0, links.length - 1);
  return brand + nav + 10 + 3 <= ONE_ROW_WIDTH ? 'one-row' : 'nav-row';
}
