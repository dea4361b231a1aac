import { describe, expect, it } from 'vitest';
import {
  buildFooterLinks,
  buildSiteNavigation,
  chooseHeaderLayout,
} from '../../src/reference/site-navigation.ts';
import type { ContentPage } from '../../src/schemas/site-content.ts';

const page = (slug: string, fields: Partial<ContentPage> = {}): ContentPage => ({
  slug,
  title: `${slug} title`,
  description: 'A description of the page that is long enough for a meta description.',
  heading: `${slug} heading`,
  body: '',
  nav: true,
  footer: false,
  navOrder: 100,
  llmsSection: 'Pages',
  ...fields,
});

describe('buildSiteNavigation', () => {
  it('should list only the main pages when content/ has no page of its own', () => {
    expect(buildSiteNavigation({ contentPages: [] })).toEqual([
      { href: '/', label: 'Home', words: 'site' },
      { href: '/developers', label: 'Developers', words: 'site' },
      { href: '/docs', label: 'API docs', words: 'site' },
    ]);
  });

  it("should label a main page by its navLabel, as the content's words", () => {
    const links = buildSiteNavigation({
      pages: { home: { navLabel: 'Αρχική' }, docs: { navLabel: 'Τεκμηρίωση' } },
      contentPages: [page('about', { navLabel: 'Σχετικά' })],
    });
    expect(links).toEqual([
      { href: '/', label: 'Αρχική', words: 'content' },
      { href: '/developers', label: 'Developers', words: 'site' },
      { href: '/docs', label: 'Τεκμηρίωση', words: 'content' },
      { href: '/about', label: 'Σχετικά', words: 'content' },
    ]);
  });

  it('should place content pages by navOrder, label them, and leave out those with nav off', () => {
    const links = buildSiteNavigation({
      contentPages: [
        page('about'),
        page('careers', { navLabel: 'Jobs', navOrder: 15 }),
        page('legal', { nav: false }),
        page('zoo', { navOrder: 100 }),
      ],
    });
    expect(links.map((link) => `${link.href} ${link.label}`)).toEqual([
      '/ Home',
      '/careers Jobs',
      '/developers Developers',
      '/docs API docs',
      '/about about heading',
      '/zoo zoo heading',
    ]);
    expect(links.find((link) => link.href === '/about')?.words).toBe('content');
  });
});

describe('buildFooterLinks', () => {
  it('should link the pages that ask for the footer, by navOrder, labelled as in the header', () => {
    const links = buildFooterLinks({
      contentPages: [
        page('about'),
        page('imprint', { nav: false, footer: true, navLabel: 'Impressum', navOrder: 200 }),
        page('privacy', { nav: false, footer: true, heading: 'Datenschutz' }),
        page('terms', { footer: true }),
      ],
    });
    expect(links).toEqual([
      { href: '/privacy', label: 'Datenschutz', words: 'content' },
      { href: '/terms', label: 'terms heading', words: 'content' },
      { href: '/imprint', label: 'Impressum', words: 'content' },
    ]);
    expect(buildFooterLinks({ contentPages: [page('about')] })).toEqual([]);
  });
});

describe('chooseHeaderLayout', () => {
  const withPages = (labels: readonly string[]) =>
    buildSiteNavigation({
      contentPages: labels.map((label, index) =>
        page(`page-${index}`, { navLabel: label, navOrder: 40 + index }),
      ),
    });

  it('should keep the main pages and a few more on one row with the name and the search', () => {
    expect(chooseHeaderLayout(withPages([]), 'Northwind')).toBe('one-row');
    expect(chooseHeaderLayout(withPages(['Pricing', 'Careers', 'Contact']), 'Northwind')).toBe(
      'one-row',
    );
  });

  it('should give the links a row of their own when they would not fit beside the name and the search', () => {
    const many = [
      'Pricing',
      'Customer stories',
      'Careers at Northwind',
      'Press and media',
      'Partner programme',
      'Contact us',
    ];
    expect(chooseHeaderLayout(withPages(many), 'Northwind')).toBe('nav-row');
    // Fewer links, but a long name beside them.
    const some = ['Pricing', 'Careers', 'Contact us'];
    expect(chooseHeaderLayout(withPages(some), 'Northwind')).toBe('one-row');
    expect(
      chooseHeaderLayout(withPages(some), 'Société Générale de Boulangerie et Pâtisserie du Rhône'),
    ).toBe('nav-row');
  });

  it('should count a letter of Chinese, Japanese or Korean as wide as two Latin ones and more', () => {
    const latin = ['Bakeries', 'Partners', 'Ovenwork', 'Orchards'];
    const japanese = ['ベーカリー店舗', '提携パートナー', '石窯の仕事場です', '製粉所と小麦畑'];
    expect(chooseHeaderLayout(withPages(latin), 'Minato')).toBe('one-row');
    expect(chooseHeaderLayout(withPages(japanese), 'Minato')).toBe('nav-row');
  });
});
