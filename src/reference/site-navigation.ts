import type { SiteContent } from '../schemas/site-content.ts';

/** One link of the header's main navigation. */
export interface NavigationLink {
  readonly href: string;
  readonly label: string;
}

/** The main pages' links and their places; a content page's `navOrder` sorts it among them. */
const MAIN_PAGE_LINKS: readonly (NavigationLink & { readonly order: number })[] = [
  { href: '/', label: 'Home', order: 10 },
  { href: '/developers', label: 'Developers', order: 20 },
  { href: '/docs', label: 'API docs', order: 30 },
];

/**
 * The header's main navigation: the main pages, then every content page whose front matter keeps
 * `nav` on, by `navOrder` (ties by slug), labelled `navLabel` or else its heading.
 */
export function buildSiteNavigation(content: Pick<SiteContent, 'contentPages'>): NavigationLink[] {
  const links = [
    ...MAIN_PAGE_LINKS,
    ...content.contentPages
      .filter((page) => page.nav)
      .map((page) => ({
        href: `/${page.slug}`,
        label: page.navLabel ?? page.heading,
        order: page.navOrder,
      })),
  ];
  // A stable sort keeps the main pages and the content pages (sorted by slug) in order on ties.
  return links.sort((a, b) => a.order - b.order).map(({ href, label }) => ({ href, label }));
}
