import type { SiteContent } from '../schemas/site-content.ts';
import type { PageName } from '../schemas/site-content.ts';

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
      .map((page) => ({
        href: `/${page.slug}`,
        label: page.navLabel ?? page.heading,
        words: 'content' as const,
        order: page.navOrder,
      })),
  ];
  // A stable sort keeps the main pages and the content pages (sorted by slug) in order on ties.
  return links
    .sort((a, b) => a.order - b.order)
    .map(({ href, label, words }) => ({ href, label, words }));
}
