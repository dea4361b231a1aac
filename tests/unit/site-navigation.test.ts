import { describe, expect, it } from 'vitest';
import { loadInterWidths } from '../../src/integrations/inter-widths.ts';
import {
  buildFooterLinks,
  buildSiteNavigation,
  chooseHeaderLayout,
  fitsFooterLine,
  FOOTER_LINE_WIDTH,
  readNavCurrent,
} from '../../src/reference/site-navigation.ts';
import type { ContentPage } from '../../src/schemas/site-content.ts';

const { width } = await loadInterWidths();

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

describe('fitsFooterLine', () => {
  const fits = (label: string) => fitsFooterLine(label, width);

  it("should keep a legal page's label whole in any script, and let one too long for a 320 px line wrap", () => {
    for (const label of [
      'Mentions légales',
      'Conditions générales de vente',
      'Datenschutzerklärung',
      'Allgemeine Geschäftsbedingungen',
      'Политика конфиденциальности',
      'Πολιτική απορρήτου',
      'Chính sách bảo mật',
      'プライバシーポリシー',
    ]) {
      expect(fits(label), label).toBe(true);
    }
    expect(fits('Conditions générales de vente et d’utilisation du site')).toBe(false);
  });

  it('should count the wider weight and a pixel a character for glyphs rounded to whole pixels', () => {
    // The 20 em line less 1/14.4 em a character: 17 bold W's (18.0 em, WW kerned apart) fit, 18
    // (19.05 em) do not; Greek ψ (0.83 em in bold) 22, where an estimate of 0.6 em kept 33; 18
    // CJK characters, counted 1 em each.
    expect(FOOTER_LINE_WIDTH).toBe(20);
    expect(width('W'.repeat(17), 700)).toBeCloseTo(17.99, 2);
    expect(fits('W'.repeat(17))).toBe(true);
    expect(fits('W'.repeat(18))).toBe(false);
    expect(fits('ψ'.repeat(22))).toBe(true);
    expect(fits('ψ'.repeat(23))).toBe(false);
    expect(fits('個'.repeat(18))).toBe(true);
    expect(fits('個'.repeat(19))).toBe(false);
    // Regular F (0.59 em) is wider than bold (0.55): the wider weight counts.
    expect(width('F', 400)).toBeGreaterThan(width('F', 700));
    const regularFs = Math.floor(FOOTER_LINE_WIDTH / (width('F', 400) + 1 / 14.4));
    expect(fits('F'.repeat(regularFs))).toBe(true);
    expect(fits('F'.repeat(regularFs + 1))).toBe(false);
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
    expect(chooseHeaderLayout(withPages([]), 'Northwind', width)).toBe('one-row');
    expect(
      chooseHeaderLayout(withPages(['Pricing', 'Careers', 'Contact']), 'Northwind', width),
    ).toBe('one-row');
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
    expect(chooseHeaderLayout(withPages(many), 'Northwind', width)).toBe('nav-row');
    // Fewer links, but a long name beside them.
    const some = ['Pricing', 'Careers', 'Contact us'];
    expect(chooseHeaderLayout(withPages(some), 'Northwind', width)).toBe('one-row');
    expect(
      chooseHeaderLayout(
        withPages(some),
        'Société Générale de Boulangerie et Pâtisserie du Rhône',
        width,
      ),
    ).toBe('nav-row');
  });

  it('should measure the links in their own script: seven Russian ones need a row of their own', () => {
    const russian = ['Цены', 'Клиенты', 'Вакансии', 'Партнёры'];
    const main = {
      pages: {
        home: { navLabel: 'Главная' },
        developers: { navLabel: 'Разработчикам' },
        docs: { navLabel: 'Документация' },
      },
    };
    const links = (labels: readonly string[]) =>
      buildSiteNavigation({
        ...main,
        contentPages: labels.map((label, index) =>
          page(`page-${index}`, { navLabel: label, navOrder: 40 + index }),
        ),
      });
    // 56.6 em with the name, the search and the gaps; 62.5 with one more, past the 62 em of a
    // 1,024 px screen, where an estimate of 0.52 em a letter gave 57.7 and kept one row.
    expect(chooseHeaderLayout(links(russian.slice(0, 3)), 'Northwind', width)).toBe('one-row');
    expect(chooseHeaderLayout(links(russian), 'Northwind', width)).toBe('nav-row');
  });

  it('should count a letter of Chinese, Japanese or Korean as wide as two Latin ones and more', () => {
    const latin = ['Bakeries', 'Partners', 'Ovenwork', 'Orchards'];
    const japanese = ['ベーカリー店舗', '提携パートナー', '石窯の仕事場です', '製粉所と小麦畑'];
    expect(chooseHeaderLayout(withPages(latin), 'Minato', width)).toBe('one-row');
    expect(chooseHeaderLayout(withPages(japanese), 'Minato', width)).toBe('nav-row');
  });
});

describe('readNavCurrent', () => {
  it("should mark the page's own link as the page, and the API docs' link for the reference and the errors", () => {
    expect(readNavCurrent('/docs', { path: '/docs', section: 'main' })).toBe('page');
    expect(readNavCurrent('/docs', { path: '/docs/api/getOverview', section: 'docs' })).toBe(
      'true',
    );
    expect(readNavCurrent('/docs', { path: '/errors/rate_limited', section: 'errors' })).toBe(
      'true',
    );
    expect(readNavCurrent('/developers', { path: '/docs/api/getOverview', section: 'docs' })).toBe(
      undefined,
    );
    expect(readNavCurrent('/docs', { path: '/glossary', section: 'reference' })).toBe(undefined);
    expect(readNavCurrent('/about', { path: '/about', section: 'content' })).toBe('page');
    expect(readNavCurrent('/docs', { path: '/no-such-page' })).toBe(undefined);
  });
});
