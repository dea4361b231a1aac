import type { SiteContent } from '../schemas/site-content.ts';
import type { ContentPage, PageName } from '../schemas/site-content.ts';

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

/** A character of a script set wide (Han, kana, Hangul, full-width forms): about 1 em. */
const WIDE_CHARACTER = /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Hangul}\uFF00-\uFF60]/u;

/** About how wide a text is in em of its font: Inter's letters average 0.52 em, bold 0.55. */
function estimateWidth(text: string, letter: number): number {
  let width = 0;
  for (const character of text) width += WIDE_CHARACTER.test(character) ? 1 : letter;
  return width;
}

/**
 * The header's width in em of the body text (16 px) that must hold the name, the links and the
 * search on one row: a 1,024 px screen less the shell's padding. Narrower screens wrap the links
 * under the name, as the sample's three do on a phone.
 */
const ONE_ROW_WIDTH = 60;

/**
 * The header's layout for these links and the site's short name, chosen when the site is built
 * (a layout chosen in the browser would move the header once the page is shown): the estimated
 * widths of the logo and name (bold, 1.125 em), the links with their 1 em gaps, the search
 * button (10 em) and the two 1.5 em gaps between them, against `ONE_ROW_WIDTH`. Measured in
 * Chromium, the sample's logo and name took 8.8 em and nine links of 109 letters 64 em; the
 * estimate gives 9.3 and 64.7 em.
 */
export function chooseHeaderLayout(
  links: readonly NavigationLink[],
  siteName: string,
): HeaderLayout {
  const brand = 2.5 + estimateWidth(siteName, 0.55) * 1.125;
  const nav =
    links.reduce((width, link) => width + estimateWidth(link.label, 0.52), 0) +
    Math.max(0, links.length - 1);
  return brand + nav + 10 + 3 <= ONE_ROW_WIDTH ? 'one-row' : 'nav-row';
}
