import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContextOptions, Page } from 'playwright';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { isTaglineInHeading, splitHomeActions } from '../../src/documents/home-page.ts';
import { loadInterWidths, type InterWidths } from '../../src/integrations/inter-widths.ts';
import { interFontFile } from '../../src/integrations/inter-subsets.ts';
import { formatUnicodeRange } from '../../src/integrations/site-fonts.ts';
import {
  buildSiteNavigation,
  chooseHeaderLayout,
  fitsFooterLine,
} from '../../src/reference/site-navigation.ts';
import type { SiteContent } from '../../src/schemas/site-content.ts';
import { checkAccessibility, useTestBrowser, type VisitOptions } from '../support/browser.ts';
import { findCharactersLeftToFallback } from '../support/font-coverage.ts';
import { loadSampleContent, loadSampleRoutes } from '../support/sample-content.ts';

/**
 * The shared shell of every page (issue 27): the hero's one primary action, the agent note after
 * the page's own content, the "Copy page" menu by keyboard and without JavaScript, Inter loaded
 * without layout shift, the width at 360 px, the theme choice without a flash, "Last updated".
 */
const baseUrl = inject('baseUrl');
/** Every page of the served content, and the 404 page. */
const SITE_PAGES = [...(await loadSampleRoutes()).pages.map((page) => page.path), '/no-such-page'];
const DARK_BACKGROUND = 'rgb(16, 20, 26)';
const LIGHT_BACKGROUND = 'rgb(255, 255, 255)';

const { browser, visits } = useTestBrowser();
let content: SiteContent;

beforeAll(async () => {
  content = await loadSampleContent();
});

/** A visit in the file's shared page of those options: for tests that only read the page. */
const visitPage = (path: string, options: VisitOptions = {}) =>
  visits.visit(`${baseUrl}${path}`, options);

/**
 * Records every layout shift from the start of the page's life (`shifts`), and what moved in each
 * (`shiftSources`: the element, its box before and after, when), for the message of a failure.
 */
const recordShifts = () => {
  const shifts: number[] = [];
  const shiftSources: string[] = [];
  Object.assign(window, { shifts, shiftSources });
  type Box = { x: number; y: number; width: number; height: number };
  type Source = { node?: Node | null; previousRect: Box; currentRect: Box };
  const formatBox = ({ x, y, width, height }: Box) =>
    [x, y, width, height].map((value) => Math.round(value)).join(' ');
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const { value, sources } = entry as unknown as { value: number; sources?: Source[] };
      shifts.push(value);
      for (const { node, previousRect, currentRect } of sources ?? []) {
        const element = node instanceof Element ? node : node?.parentElement;
        const name = element ? `${element.localName}.${element.className}` : '(gone)';
        shiftSources.push(
          `${name} from ${formatBox(previousRect)} to ${formatBox(currentRect)} at ${Math.round(entry.startTime)} ms`,
        );
      }
    }
  }).observe({ type: 'layout-shift', buffered: true });
};
/** What moved, as recordShifts saw it. */
const readShiftSources = (page: Page) =>
  page.evaluate(() => (window as unknown as { shiftSources: string[] }).shiftSources.join('; '));

/** A page in a context of its own: for tests that change storage or add init scripts. */
async function openPage(path: string, options: BrowserContextOptions = {}) {
  const context = await browser.newContext({ colorScheme: 'light', ...options });
  const page = await context.newPage();
  await page.goto(`${baseUrl}${path}`, { waitUntil: 'load' });
  return { context, page };
}

/** Whatever element has the focus, by its text. */
const readFocusedText = (page: Page) =>
  page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');

describe('the home page hero', () => {
  it('should hold exactly one primary action, the first call to action of priority 1', async () => {
    const { page } = await visitPage('/');
    const primary = page.locator('.button-primary');
    expect(await primary.count()).toBe(1);
    const expected = splitHomeActions(content.callsToAction).primary;
    expect(await primary.innerText()).toBe(expected.label);
    expect(await primary.getAttribute('href')).toBe(expected.url);
    expect(await page.locator('.hero .button-primary').count()).toBe(1);
    // The heading is said once: the tagline leads the hero only when the heading differs from it
    // (beyond case, spaces and a closing full stop).
    const heroText = await page.locator('.hero').innerText();
    const { tagline } = content.company;
    const { heading } = content.pages.home;
    // Beside the tagline, which may say the heading and more ("Le bon pain, à la bonne heure —
    // 毎朝、焼きたてを。" over "Le bon pain, à la bonne heure"): the owner's words as written.
    const taglineShown = !isTaglineInHeading(tagline, heading);
    expect(heroText.split(heading).length - 1).toBe(
      taglineShown && tagline.includes(heading) ? 2 : 1,
    );
    if (taglineShown) expect(heroText.split(tagline).length - 1).toBe(1);
    // The product image, when the content has one, after the hero's words, loaded, its size set.
    const image = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLImageElement>('main img')].map((img) => ({
        alt: img.alt,
        loaded: img.complete && img.naturalWidth > 0,
        sized: img.getAttribute('width') !== null && img.getAttribute('height') !== null,
        afterActions: Boolean(
          img.compareDocumentPosition(document.querySelector('.hero-actions') ?? img) &
          Node.DOCUMENT_POSITION_PRECEDING,
        ),
      })),
    );
    const expectedImage = content.product.image;
    expect(image).toEqual(
      expectedImage
        ? [{ alt: expectedImage.alt, loaded: true, sized: true, afterActions: true }]
        : [],
    );
  });
});

describe('the agent note', () => {
  it('should come after the main heading and the page content on every page, 404 included', async () => {
    // Read from the HTML as served (no browser needed): 31 pages in Chromium take a minute here.
    for (const path of SITE_PAGES) {
      const html = await (await fetch(`${baseUrl}${path}`)).text();
      const main = /<main\b[\s\S]*<\/main>/.exec(html)?.[0] ?? '';
      const heading = main.search(/<h1\b/);
      const note = main.search(/<p class="agent-note"/);
      expect(heading, path).toBeGreaterThan(-1);
      expect(note, path).toBeGreaterThan(heading);
      // Nothing follows the note in <main>: it closes the page's own content.
      expect(main.slice(note), path).toMatch(
        /^<p class="agent-note"[^>]*>[\s\S]*?<\/p>\s*<\/main>$/,
      );
    }
  });
});

describe('"Last updated"', () => {
  it('should show the date the JSON-LD gives as dateModified', async () => {
    for (const path of ['/', '/developers', '/glossary']) {
      const { page } = await visitPage(path);
      const jsonLd = await page.locator('script[type="application/ld+json"]').textContent();
      const dateModified = /"dateModified":"([^"]+)"/.exec(jsonLd ?? '')?.[1];
      expect(dateModified, path).toBeTruthy();
      const time = page.locator('.page-updated time');
      expect(await time.getAttribute('datetime')).toBe(dateModified);
      expect(await page.locator('.page-updated').innerText()).toMatch(/^Last updated \S/);
      expect(await time.innerText()).toBe(
        new Intl.DateTimeFormat(content.company.locale, {
          dateStyle: 'long',
          timeZone: 'UTC',
        }).format(new Date(dateModified ?? '')),
      );
    }
  });
});

describe('the "Copy page" menu', () => {
  it('should open, move and close by keyboard as a menu button', async () => {
    const { page } = await visitPage('/developers');
    const button = page.getByRole('button', { name: 'Copy page', exact: true });
    expect(await button.getAttribute('aria-haspopup')).toBe('menu');
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    const menu = page.getByRole('menu', { name: 'Copy page' });
    expect(await menu.isVisible()).toBe(false);
    await button.focus();
    await page.keyboard.press('Enter');
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    expect(await menu.isVisible()).toBe(true);
    const items = await menu.getByRole('menuitem').allInnerTexts();
    expect(items).toEqual([
      'Copy page as Markdown',
      'View as Markdown',
      'Open in ChatGPT',
      'Open in Claude',
      'Add to Cursor',
      'Add to VS Code',
      'Copy the Claude Code command',
    ]);
    expect(await readFocusedText(page)).toBe(items[0]);
    await page.keyboard.press('ArrowDown');
    expect(await readFocusedText(page)).toBe(items[1]);
    await page.keyboard.press('End');
    expect(await readFocusedText(page)).toBe(items.at(-1));
    await page.keyboard.press('ArrowDown');
    expect(await readFocusedText(page)).toBe(items[0]);
    await page.keyboard.press('ArrowUp');
    expect(await readFocusedText(page)).toBe(items.at(-1));
    await page.keyboard.press('Home');
    expect(await readFocusedText(page)).toBe(items[0]);
    await page.keyboard.press('Escape');
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await menu.isVisible()).toBe(false);
    expect(await readFocusedText(page)).toBe('Copy page');
    // ArrowUp on the button opens the menu at its last item; Tab leaves and closes it.
    await page.keyboard.press('ArrowUp');
    expect(await readFocusedText(page)).toBe(items.at(-1));
    await page.keyboard.press('Tab');
    expect(await menu.isVisible()).toBe(false);
  });

  it('should close when the reader clicks elsewhere', async () => {
    const { page } = await visitPage('/developers');
    await page.getByRole('button', { name: 'Copy page', exact: true }).click();
    const menu = page.getByRole('menu', { name: 'Copy page' });
    expect(await menu.isVisible()).toBe(true);
    await page.locator('main h1').click();
    expect(await menu.isVisible()).toBe(false);
  });

  it('should be a disclosure of working links without JavaScript, each page showing its own content first', async () => {
    const { page } = await visitPage('/developers', {
      javaScriptEnabled: false,
      viewport: { width: 390, height: 844 },
    });
    const actions = page.getByRole('navigation', { name: 'Page actions' });
    const link = actions.getByRole('link', { name: 'View as Markdown' });
    expect(await link.isVisible()).toBe(false);
    // On a phone the closed menu is one line, and the page's own text starts on the first screen
    // with room for a few of its lines (how far down depends on the length of the company's name
    // in the heading, which wraps).
    expect((await actions.boundingBox())?.height ?? Infinity).toBeLessThan(56);
    // The first paragraph of the page: its introduction (content/pages/developers.md's body).
    const firstParagraph = await page
      .locator('main > p, main > .page-intro > p')
      .first()
      .boundingBox();
    expect(firstParagraph?.y ?? Infinity).toBeLessThan(844 - 120);
    await actions.getByText('Copy page', { exact: true }).click();
    expect(await link.isVisible()).toBe(true);
    for (const name of ['Open in ChatGPT', 'Open in Claude', 'Add to Cursor', 'Add to VS Code']) {
      expect(await actions.getByRole('link', { name }).isVisible(), name).toBe(true);
    }
    for (const button of await actions.locator('button').all()) {
      expect(await button.isVisible()).toBe(false);
    }
    const response = await fetch(`${baseUrl}${await link.getAttribute('href')}`);
    expect(response.status).toBe(200);
  });
});

describe('Inter', () => {
  it('should draw every character of the built pages that Inter has, none left to the fallback', async () => {
    const coverage = await findCharactersLeftToFallback(
      join(inject('siteBuild').dir, '.vercel/output/static'),
    );
    expect(coverage.cuts.length).toBeGreaterThanOrEqual(1);
    expect(coverage.pages).toBeGreaterThan(20);
    // A character here is drawn by the fallback font: add it to SITE_PUNCTUATION.
    expect(coverage.leftToFallback).toEqual({});
  });

  it('should be loaded and used with no layout shift', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.addInitScript(recordShifts);
    await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' });
    const state = await page.evaluate(async () => {
      await document.fonts.ready;
      const inter = [...document.fonts].filter((face) => face.family === 'Inter Variable');
      return {
        loaded: inter.some((face) => face.status === 'loaded'),
        family: getComputedStyle(document.body).fontFamily,
        shifts: (window as unknown as { shifts: number[] }).shifts,
      };
    });
    expect(state.loaded).toBe(true);
    expect(state.family).toMatch(/^"Inter Variable", "Inter Fallback"/);
    expect(state.shifts, await readShiftSources(page)).toEqual([]);
    await context.close();
  });

  it('should keep the fallback, with no layout shift, when the font arrives late', async () => {
    const context = await browser.newContext();
    await context.route('**/*.woff2', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    const page = await context.newPage();
    await page.addInitScript(recordShifts);
    await page.goto(`${baseUrl}/`, { waitUntil: 'load' });
    await page.waitForTimeout(2500);
    const shifts = await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts);
    expect(shifts, await readShiftSources(page)).toEqual([]);
    await context.unrouteAll({ behavior: 'ignoreErrors' });
    await context.close();
  });
});

describe('the header', () => {
  /** The boxes of the name, the links, the search and the navigation, and the page's overflow. */
  const readHeader = (page: Page) =>
    page.evaluate(() => {
      const box = (element: Element | null) => {
        const rect = element?.getBoundingClientRect();
        return rect
          ? { top: rect.top, bottom: rect.bottom, left: rect.left, right: rect.right }
          : null;
      };
      const nav = document.querySelector('.site-header nav');
      const shell = document.querySelector('.site-header .shell');
      const shellBox = shell?.getBoundingClientRect();
      const shellStyle = shell ? getComputedStyle(shell) : undefined;
      return {
        direction: getComputedStyle(document.documentElement).direction,
        /** Where the shell's content starts and ends, from the left. */
        shellLeft: (shellBox?.left ?? 0) + parseFloat(shellStyle?.paddingLeft ?? '0'),
        shellRight: (shellBox?.right ?? 0) - parseFloat(shellStyle?.paddingRight ?? '0'),
        layout: document.querySelector('.site-header')?.getAttribute('data-layout'),
        brand: box(document.querySelector('.brand')),
        brandName: document.querySelector('.brand span')?.textContent,
        /** The logo and the name: what the brand's link holds. */
        brandContent: [...(document.querySelector('.brand')?.children ?? [])].reduce(
          (width, child) => width + child.getBoundingClientRect().width,
          0,
        ),
        search: box(document.querySelector('.site-search-open')),
        nav: {
          ...box(nav),
          scrollWidth: nav?.scrollWidth ?? 0,
          clientWidth: nav?.clientWidth ?? 0,
        },
        links: [...document.querySelectorAll('.site-header nav a')].map((link) => box(link)!),
        overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      };
    });
  type Box = { top: number; bottom: number };
  /** Whether two boxes share a row (they overlap from top to bottom). */
  const sameRow = (a: Box | null, b: Box | null) =>
    a !== null && b !== null && a.top < b.bottom && b.top < a.bottom;

  it('should take the layout the build chose for its links, and never leave the search on a row alone', async () => {
    const expected = chooseHeaderLayout(
      buildSiteNavigation(content),
      content.company.alternateName,
      (await loadInterWidths()).width,
    );
    for (const width of [1280, 1024, 390, 360]) {
      const { page } = await visitPage('/', { viewport: { width, height: 800 } });
      const header = await readHeader(page);
      expect(header.layout).toBe(expected);
      expect(
        sameRow(header.search, header.brand) ||
          header.links.some((link) => sameRow(link, header.search)),
        `${width} px`,
      ).toBe(true);
      expect(header.overflow, `${width} px`).toBe(0);
      // On a phone, the name and the search above, the links one line below them; the name's
      // link no wider than the logo, the name and the gap between them (8 px).
      if (width <= 640) {
        expect(sameRow(header.search, header.brand), `${width} px`).toBe(true);
        expect((header.brand?.right ?? 0) - (header.brand?.left ?? 0)).toBeLessThanOrEqual(
          header.brandContent + 9,
        );
        expect(new Set(header.links.map((link) => Math.round(link.top))).size).toBe(1);
      }
    }
  });

  it('should keep the name, every link and the search on one row at 1,024 px whenever the build chooses one row, in any script', async () => {
    const { width, subsets } = await loadInterWidths();
    // The main pages' links and an owner's pages in three scripts: of each, as many as the build
    // keeps on one row beside a name of nine letters (put in the served header, whatever its
    // content's name), the edge being within each list.
    const scripts = {
      English: [
        'Home',
        'Developers',
        'API docs',
        'Pricing',
        'Customers',
        'Careers',
        'Partners',
        'Contact',
        'Press',
        'Events',
      ],
      Russian: [
        'Главная',
        'Разработчикам',
        'Документация',
        'Цены',
        'Клиенты',
        'Вакансии',
        'Партнёры',
        'Контакты',
        'Пресса',
      ],
      Greek: [
        'Αρχική',
        'Προγραμματιστές',
        'Τεκμηρίωση',
        'Τιμές',
        'Πελάτες',
        'Καριέρα',
        'Συνεργάτες',
        'Επικοινωνία',
        'Τύπος',
      ],
    };
    const name = 'Northwind';
    const layout = (labels: readonly string[]) =>
      chooseHeaderLayout(
        labels.map((label) => ({ href: '/', label, words: 'content' as const })),
        name,
        width,
      );
    const { page } = await visitPage('/', { viewport: { width: 1024, height: 800 } });
    expect(await addInterFaces(page, subsets, Object.values(scripts).flat().join(''))).toBe(true);
    for (const [script, labels] of Object.entries(scripts)) {
      let count = 0;
      while (count < labels.length && layout(labels.slice(0, count + 1)) === 'one-row') count += 1;
      expect(count, script).toBeGreaterThanOrEqual(4);
      expect(count, script).toBeLessThan(labels.length);
      await page.evaluate(
        ({ kept, name }) => {
          const brandName = document.querySelector('.site-header .brand span');
          if (brandName) brandName.textContent = name;
          document.querySelector('.site-header')?.setAttribute('data-layout', 'one-row');
          const list = document.querySelector('.site-header nav ul');
          list?.replaceChildren(
            ...kept.map((label) => {
              const item = document.createElement('li');
              const link = document.createElement('a');
              link.href = '/';
              link.textContent = label;
              item.append(link);
              return item;
            }),
          );
        },
        { kept: labels.slice(0, count), name },
      );
      const header = await readHeader(page);
      expect(header.links.length, script).toBe(count);
      expect(header.brandName, script).toBe(name);
      expect(
        [header.search, ...header.links].every((box) => sameRow(box, header.brand)),
        `${script}: ${count} links`,
      ).toBe(true);
      expect(header.overflow, script).toBe(0);
    }
  });

  it('should put many links on a row of their own under the name and the search, one line that scrolls sideways on a phone', async () => {
    for (const width of [1280, 390]) {
      const { page } = await visitPage('/', { viewport: { width, height: 800 } });
      // The served content's links and six more, as an owner with many pages has them.
      await page.evaluate(() => {
        document.querySelector('.site-header')?.setAttribute('data-layout', 'nav-row');
        const list = document.querySelector('.site-header nav ul');
        for (const label of [
          'Pricing',
          'Customer stories',
          'Careers at the company',
          'Press and media',
          'Partner programme',
          'Contact us',
        ]) {
          const item = document.createElement('li');
          const link = document.createElement('a');
          link.href = '/';
          link.textContent = label;
          item.append(link);
          list?.append(item);
        }
      });
      const header = await readHeader(page);
      expect(sameRow(header.search, header.brand), `${width} px`).toBe(true);
      // The search at the row's end: the right on a page written left to right, else the left.
      if (header.direction === 'rtl') {
        expect(header.search?.left, `${width} px`).toBeCloseTo(header.shellLeft, 0);
      } else {
        expect(header.search?.right, `${width} px`).toBeCloseTo(header.shellRight, 0);
      }
      expect(header.nav.top, `${width} px`).toBeGreaterThanOrEqual(
        Math.max(header.brand?.bottom ?? 0, header.search?.bottom ?? 0),
      );
      expect(header.overflow, `${width} px`).toBe(0);
      const rows = new Set(header.links.map((link) => Math.round(link.top)));
      if (width === 1280) {
        // All on the screen, under the name and the search: on as many lines as they need (the
        // served content's own links and six more may not fit on one).
        expect(header.nav.scrollWidth).toBe(header.nav.clientWidth);
        for (const link of header.links) {
          expect(link.left).toBeGreaterThanOrEqual(header.shellLeft - 1);
          expect(link.right).toBeLessThanOrEqual(header.shellRight + 1);
        }
      } else {
        // One line, wider than the screen: it scrolls sideways, the page does not.
        expect(rows.size).toBe(1);
        expect(header.nav.scrollWidth).toBeGreaterThan(header.nav.clientWidth);
        await page.locator('.site-header nav a', { hasText: 'Contact us' }).focus();
        const focused = await readHeader(page);
        const last = focused.links.at(-1) as { left: number; right: number };
        expect(last.left).toBeGreaterThanOrEqual(0);
        expect(last.right).toBeLessThanOrEqual(width);
        // A link cut by either edge fades out within the gutter (the row's padding, from edge to
        // edge of the screen); the link reached by Tab stands clear of the fade.
        const fade = await page.evaluate(() => {
          const nav = document.querySelector('.site-header nav');
          const style = nav ? getComputedStyle(nav) : undefined;
          return { mask: style?.maskImage, gutter: parseFloat(style?.paddingLeft ?? '0') };
        });
        expect(fade.mask).toMatch(/^linear-gradient\(/);
        expect(fade.gutter).toBeGreaterThanOrEqual(16);
        // Within a pixel: Chromium scrolls by whole pixels, so at the end of a row whose width
        // has a fraction the last link may stop short of the padding by less than one (right to
        // left, scrollLeft -713 of -713.94 left it at 15.06 px, where the fade is 94 % opaque).
        expect(last.left).toBeGreaterThan(fade.gutter - 1);
        expect(last.right).toBeLessThan(width - fade.gutter + 1);
        // A scrolling region that holds links, each reachable by Tab: nothing for axe-core.
        const results = await checkAccessibility(page, ['.site-header']);
        expect(results.violations.map((violation) => violation.id)).toEqual([]);
      }
    }
  });
});

/**
 * Adds Inter's whole files to the page's "Inter Variable", each for the characters it is the
 * first to draw, as the faces of a site showing those characters would be (the sample's own are
 * cut to its characters; a cut keeps the advances and the kerning, and leaves out the contextual
 * alternates the whole files also carry), and says whether the page can draw `text` with them.
 */
async function addInterFaces(page: Page, subsets: InterWidths['subsets'], text: string) {
  const faces = await Promise.all(
    subsets.map(async ({ subset, codePoints }) => ({
      data: (await readFile(fileURLToPath(import.meta.resolve(interFontFile(subset))))).toString(
        'base64',
      ),
      unicodeRange: formatUnicodeRange(codePoints),
    })),
  );
  return page.evaluate(
    async ({ faces, text }) => {
      for (const { data, unicodeRange } of faces) {
        const bytes = Uint8Array.from(atob(data), (character) => character.charCodeAt(0));
        const face = new FontFace('Inter Variable', bytes, { weight: '400 700', unicodeRange });
        document.fonts.add(await face.load());
      }
      // The site's own faces of the family that the text would use are loaded too: check() is
      // false while any of them is not (a content with Greek letters declares a Greek cut that
      // the home page, showing none, never fetched).
      const fonts = [400, 700].map((weight) => `${weight} 16px "Inter Variable"`);
      await Promise.all(fonts.map((font) => document.fonts.load(font, text)));
      return fonts.every((font) => document.fonts.check(font, text));
    },
    { faces, text },
  );
}

describe('the width', () => {
  it("should fit every footer label the build keeps whole into a 320 px screen's line, in regular and bold, in every script Inter draws", async () => {
    const { width, subsets } = await loadInterWidths();
    const fits = (label: string) => fitsFooterLine(label, width);
    // The labels at the edge of what the build keeps whole: for each character a file of Inter
    // draws (Latin, Cyrillic, Greek, Vietnamese, punctuation), the longest run of it kept whole,
    // and real labels.
    const longestKept = (character: string) => {
      // A run grows wider with each character (no kerning takes back a whole advance): halving.
      let kept = 1;
      let fails = 200;
      while (fails - kept > 1) {
        const count = Math.floor((kept + fails) / 2);
        if (fits(character.repeat(count))) kept = count;
        else fails = count;
      }
      return character.repeat(kept);
    };
    const characters = subsets
      .flatMap(({ codePoints }) => codePoints.map((codePoint) => String.fromCodePoint(codePoint)))
      .filter((character) => /[\p{L}\p{N}\p{P}\p{S}]/u.test(character));
    const labels = [
      ...characters.map(longestKept),
      'Conditions générales de vente',
      'Политика конфиденциальности',
      'Πολιτική απορρήτου',
      'Chính sách bảo mật',
    ];
    for (const label of labels) expect(fits(label), label).toBe(true);
    const { page } = await visitPage('/', { viewport: { width: 320, height: 800 } });
    expect(await addInterFaces(page, subsets, labels.join(''))).toBe(true);
    const overflows = await page.evaluate((texts) => {
      const line = document.querySelector('.footer-links p');
      if (!line) return ['no footer line'];
      const available = line.getBoundingClientRect().width;
      // Every label as a link of the line, each after a line break of its own: one layout
      // measures them all.
      const links = texts.flatMap((text) =>
        [false, true].map((current) => {
          const link = document.createElement('a');
          link.href = '/';
          link.className = 'whole';
          if (current) link.setAttribute('aria-current', 'page');
          link.textContent = text;
          line.append(document.createElement('br'), link);
          return link;
        }),
      );
      return links.flatMap((link) => {
        const width = link.getBoundingClientRect().width;
        const bold = link.hasAttribute('aria-current') ? ' (bold)' : '';
        return width > available ? [`${link.textContent}${bold}: ${width} px`] : [];
      });
    }, labels);
    expect(overflows).toEqual([]);
  });

  it('should fit every page into 360 pixels without horizontal scrolling, each heading link beside its heading', async () => {
    const { page } = await visitPage('/', { viewport: { width: 360, height: 800 } });
    let headings = 0;
    for (const path of SITE_PAGES) {
      await page.goto(`${baseUrl}${path}`);
      // One round trip a page: the sideways overflow, and each heading with a link to itself.
      const { overflow, links } = await page.evaluate(() => ({
        overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        links: [...document.querySelectorAll('.heading-wrapper')].flatMap((wrapper) => {
          const heading = wrapper.querySelector(':scope > :is(h2, h3, h4)');
          const link = wrapper.querySelector(':scope > .heading-anchor');
          if (!heading || !link || link.getClientRects().length === 0) return [];
          const box = heading.getBoundingClientRect();
          const linkBox = link.getBoundingClientRect();
          return [{ text: heading.textContent?.trim() ?? '', beside: linkBox.top < box.bottom }];
        }),
      }));
      expect(overflow, path).toBe(0);
      // A heading that wraps keeps its link on its first line, not alone on a line below it.
      headings += links.length;
      expect(
        links.filter((link) => !link.beside).map((link) => link.text),
        path,
      ).toEqual([]);
    }
    expect(headings).toBeGreaterThan(20);
    // Every page (79 of the sample content), one after another: on a busy 2-core machine that is
    // beyond the 60 s default.
  }, 240_000);

  it('should put the logo, the main column and the footer at the same place on every main page', async () => {
    // Wider than the shell (80rem) too: a docs page once kept its header and footer at the left
    // edge there while its main column was centred.
    for (const width of [1280, 1440]) {
      const { page } = await visitPage('/', { viewport: { width, height: 800 } });
      const places = new Map<string, string[]>();
      for (const path of [
        '/',
        '/developers',
        '/docs',
        '/docs/api/getOverview',
        '/glossary',
        '/errors',
      ]) {
        await page.goto(`${baseUrl}${path}`);
        const brand = await page.locator('.brand').boundingBox();
        const main = await page.locator('main').boundingBox();
        const footer = await page.locator('.site-footer .shell').boundingBox();
        // By direction: a company writing right to left has its pages start at the right (the
        // logo there), the site's English pages at the left.
        const direction = await page.evaluate(
          () => getComputedStyle(document.documentElement).direction,
        );
        places.set(direction, [
          ...(places.get(direction) ?? []),
          `${brand?.x} ${main?.x} ${main?.width} ${footer?.x}`,
        ]);
      }
      for (const [direction, seen] of places) {
        expect(new Set(seen), `${width} px, ${direction}`).toHaveProperty('size', 1);
      }
    }
  }, 180_000);
});

describe('a page painted while it streams in', () => {
  it('should keep the agents line and the header in place whatever of the line has arrived', async () => {
    // The HTML is parsed and painted as it arrives: the line at the top once grew, and moved the
    // page below it, when the rest of its text and its inline code came after the first paint.
    // At 1440 px the whole line fits on one row, so it is cut before its link; at 390 px it wraps
    // to two rows, so only its code is taken away (fewer words would wrap to fewer rows).
    const cuts = [
      [1440, 'before its link'],
      [1440, 'its code'],
      [390, 'its code'],
    ] as const;
    for (const [width, cut] of cuts) {
      const { page } = await visitPage('/docs/api/getOverview', {
        viewport: { width, height: 800 },
      });
      const measure = () =>
        page.evaluate(() =>
          ['.llms-txt-pointer', '.site-header .shell'].map((selector) => {
            const box = document.querySelector(selector)?.getBoundingClientRect();
            return box && [box.x, box.y, box.width, box.height];
          }),
        );
      const whole = await measure();
      expect(whole.every(Boolean)).toBe(true);
      // As a first paint may find it: the line without the part that had not arrived yet.
      await page.evaluate((before) => {
        const line = document.querySelector('.llms-txt-pointer p');
        if (before && line?.firstChild) line.replaceChildren(line.firstChild);
        else line?.querySelector('code')?.remove();
      }, cut === 'before its link');
      expect(await page.locator('.llms-txt-pointer code').count()).toBe(0);
      expect(await measure(), `${width} px, cut ${cut}`).toEqual(whole);
    }
  });
});

describe('a page that arrives in two parts', () => {
  it('should paint nothing before its main column is parsed, so nothing moves when the rest comes', async () => {
    // Chromium paints what it has parsed while it waits for the rest of a page. A first paint cut
    // inside the header's search button showed the button with its icon only; the rest arriving
    // widened it and moved the nav 57 px to the left (CLS 0.0015 on /, one load in five on a
    // busy machine). The page's <link rel=expect> holds the first frame until <main> is parsed.
    const html = await (await fetch(`${baseUrl}/`)).text();
    const cut = html.indexOf('<span>Search</span>');
    expect(cut).toBeGreaterThan(0);
    const parts = [html.slice(0, cut), html.slice(cut)];
    const server = createServer((request, response) => {
      if (request.url !== '/') {
        // Everything else as served, from the same origin (the fonts and modules need it).
        fetch(`${baseUrl}${request.url ?? '/'}`)
          .then(async (answer) => {
            response.writeHead(answer.status, {
              'content-type': answer.headers.get('content-type') ?? 'application/octet-stream',
            });
            response.end(Buffer.from(await answer.arrayBuffer()));
          })
          .catch((error: unknown) => response.writeHead(502).end(String(error)));
        return;
      }
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.write(parts[0]);
      setTimeout(() => response.end(parts[1]), 1500);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    try {
      const page = await context.newPage();
      await page.addInitScript(recordShifts);
      await page.addInitScript(() => {
        // Whether the button's label was parsed by the first frame (its callbacks come first).
        requestAnimationFrame(() => {
          (window as unknown as { labelAtFirstFrame: boolean }).labelAtFirstFrame =
            document.querySelector('.site-search-open span') !== null;
        });
      });
      await page.goto(`http://127.0.0.1:${port}/`, { waitUntil: 'load' });
      const state = await page.evaluate(() => ({
        labelAtFirstFrame: (window as unknown as { labelAtFirstFrame?: boolean }).labelAtFirstFrame,
        shifts: (window as unknown as { shifts: number[] }).shifts,
      }));
      expect(state.shifts, await readShiftSources(page)).toEqual([]);
      expect(state.labelAtFirstFrame).toBe(true);
    } finally {
      await context.close();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('the theme choice', () => {
  /** Records the page background at the first animation frame, which runs before the first paint. */
  const recordFirstFrame = () => {
    requestAnimationFrame(() => {
      (window as unknown as { firstFrame: string }).firstFrame = getComputedStyle(
        document.body,
      ).backgroundColor;
    });
  };
  /** The background recorded at the first frame, once it ran: it may run after `load`. */
  const readFirstFrame = async (page: Page) =>
    (
      await page.waitForFunction(() => (window as unknown as { firstFrame?: string }).firstFrame)
    ).jsonValue();

  it('should keep a chosen theme across pages and reloads, from the first frame', async () => {
    const { context, page } = await openPage('/');
    await context.addInitScript(recordFirstFrame);
    const select = page.getByLabel('Theme');
    expect(await select.inputValue()).toBe('system');
    await select.selectOption('dark');
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
      DARK_BACKGROUND,
    );
    await page.reload({ waitUntil: 'load' });
    expect(await readFirstFrame(page)).toBe(DARK_BACKGROUND);
    await page.goto(`${baseUrl}/developers`, { waitUntil: 'load' });
    expect(await readFirstFrame(page)).toBe(DARK_BACKGROUND);
    expect(await page.getByLabel('Theme').inputValue()).toBe('dark');

    await page.getByLabel('Theme').selectOption('system');
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBeUndefined();
    await page.reload({ waitUntil: 'load' });
    expect(await readFirstFrame(page)).toBe(LIGHT_BACKGROUND);
    await context.close();
  });

  it('should choose light over a dark system, and ignore a stored value it does not know', async () => {
    const { context, page } = await openPage('/', { colorScheme: 'dark' });
    await context.addInitScript(recordFirstFrame);
    await page.evaluate(() => localStorage.setItem('theme', 'light'));
    await page.reload({ waitUntil: 'load' });
    expect(await readFirstFrame(page)).toBe(LIGHT_BACKGROUND);
    await page.evaluate(() => localStorage.setItem('theme', '"><script>'));
    await page.reload({ waitUntil: 'load' });
    expect(await readFirstFrame(page)).toBe(DARK_BACKGROUND);
    expect(await page.getByLabel('Theme').inputValue()).toBe('system');
    await context.close();
  });

  it('should not be shown without JavaScript, where the system theme holds', async () => {
    const { page } = await visitPage('/', {
      javaScriptEnabled: false,
      colorScheme: 'dark',
    });
    expect(await page.locator('[data-theme-choice]').isVisible()).toBe(false);
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
      DARK_BACKGROUND,
    );
  });

  /**
   * Every element's colours and visibility, in document order: what axe-core's contrast and
   * visibility rules read.
   */
  const readColours = (page: Page) =>
    page.evaluate(() =>
      [...document.querySelectorAll('*')].map((element) => {
        const style = getComputedStyle(element);
        return [
          element.tagName,
          style.color,
          style.backgroundColor,
          style.borderTopColor,
          style.borderBottomColor,
          style.outlineColor,
          style.fill,
          style.stroke,
          style.opacity,
          style.visibility,
          style.display,
        ].join(' ');
      }),
    );

  // pages.test.ts runs axe-core over each page in the system's light and dark themes; a theme
  // chosen against the system must give every element exactly those colours, so the same
  // verdict holds without another axe run.
  it.each([
    ['light', '/'],
    ['light', '/developers'],
    ['dark', '/'],
    ['dark', '/developers'],
  ] as const)(
    'should colour every element as the system %s theme does, when chosen against the system on %s',
    async (theme, path) => {
      const expected = await readColours((await visitPage(path, { colorScheme: theme })).page);
      const { context, page } = await openPage('/', {
        colorScheme: theme === 'dark' ? 'light' : 'dark',
      });
      await page.evaluate((value) => localStorage.setItem('theme', value), theme);
      await page.goto(`${baseUrl}${path}`, { waitUntil: 'load' });
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
      const chosen = await readColours(page);
      expect(chosen.length).toBeGreaterThan(100);
      expect(chosen).toEqual(expected);
      await context.close();
    },
  );
});
