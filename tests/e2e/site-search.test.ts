import type { Page } from 'playwright';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { SiteContent } from '../../src/schemas/site-content.ts';
import {
  checkAccessibility,
  openRecordedPage,
  saveScreenshot,
  useTestBrowser,
} from '../support/browser.ts';
import { loadSampleContent } from '../support/sample-content.ts';

const baseUrl = inject('baseUrl');

const { browser, visits } = useTestBrowser();
let content: SiteContent;

beforeAll(async () => {
  content = await loadSampleContent();
});

/** Visits a page of the site as served in the file's shared page, recording errors and requests. */
function openPage(path: string, javaScriptEnabled = true, colorScheme: 'light' | 'dark' = 'light') {
  return visits.visit(`${baseUrl}${path}`, { javaScriptEnabled, colorScheme });
}

const DIALOG = '[data-search-dialog]';
const INPUT = '[data-search-input]';

/** Whether the search dialog is open (modal). */
function isDialogOpen(page: Page): Promise<boolean> {
  return page.locator(DIALOG).evaluate((dialog) => (dialog as HTMLDialogElement).open);
}

/** Types a query into the open dialog and waits for its answer. */
async function typeQuery(page: Page, query: string) {
  await page.locator(INPUT).fill('');
  await page.keyboard.type(query);
  await expect
    .poll(() => page.locator('[data-search-status]').innerText(), { timeout: 15_000 })
    .toMatch(new RegExp(`for “${query.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}”`));
  return page.locator('[data-search-list] [role="group"]').evaluateAll((groups) =>
    groups.map((group) => ({
      page: group.getAttribute('aria-label') ?? '',
      shownPage: group.querySelector('.search-page')?.textContent ?? '',
      options: [...group.querySelectorAll('[role="option"]')].map((option) => ({
        href: option.getAttribute('href') ?? '',
        section: option.querySelector('.search-section')?.textContent ?? '',
        snippet: option.querySelector('.search-snippet')?.textContent ?? '',
        marks: [...option.querySelectorAll('mark')].map((mark) => mark.textContent ?? ''),
      })),
    })),
  );
}

/** Opens the dialog with `/` and searches. */
async function search(page: Page, query: string) {
  if (!(await isDialogOpen(page))) await page.keyboard.press('/');
  return typeQuery(page, query);
}

/** The href of the option the combobox marks active, checked against aria-activedescendant. */
async function readActiveOption(page: Page): Promise<string | undefined> {
  return page.evaluate(() => {
    const input = document.querySelector('[data-search-input]');
    const id = input?.getAttribute('aria-activedescendant');
    const selected = document.querySelectorAll('[role="option"][aria-selected="true"]');
    if (!id || selected.length !== 1 || selected[0]?.id !== id) return undefined;
    return selected[0]?.getAttribute('href') ?? undefined;
  });
}

describe('the search dialog', () => {
  it('should load no index until opened, then open on "/" with the focus in its field', async () => {
    // What a first visit loads: a context of its own, with an empty cache.
    const { context, page, requests } = await openRecordedPage(browser, `${baseUrl}/docs`);
    await page.waitForLoadState('networkidle');
    const before = [...requests];
    expect(before).not.toContain('/search-index.json');
    expect(await isDialogOpen(page)).toBe(false);
    await page.keyboard.press('/');
    expect(await isDialogOpen(page)).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('site-search-input');
    await expect.poll(() => requests).toContain('/search-index.json');
    // The search code is a chunk of its own, fetched with the index, not with the page.
    const loadedOnOpen = requests.slice(before.length);
    expect(loadedOnOpen.some((path) => path.startsWith('/_astro/') && path.endsWith('.js'))).toBe(
      true,
    );
    await context.close();
  });

  it.each(['Control+k', 'Meta+k'])(
    'should open on %s, and not while the visitor types in a field',
    async (shortcut) => {
      const { page } = await openPage('/docs');
      await page.keyboard.press(shortcut);
      expect(await isDialogOpen(page)).toBe(true);
      await page.keyboard.press('Escape');
      expect(await isDialogOpen(page)).toBe(false);
      // A field of the page keeps its keys: neither the shortcut nor "/" opens the dialog.
      await page.evaluate(() => {
        const field = document.createElement('textarea');
        field.setAttribute('aria-label', 'A field');
        document.querySelector('main')?.prepend(field);
      });
      const field = page.getByLabel('A field');
      await field.focus();
      await page.keyboard.press(shortcut);
      await page.keyboard.press('/');
      expect(await isDialogOpen(page)).toBe(false);
      expect(await field.inputValue()).toContain('/');
    },
  );

  it('should open from the header button and give the focus back when closed', async () => {
    const { page } = await openPage('/');
    await page.locator('[data-search-open]').click();
    expect(await isDialogOpen(page)).toBe(true);
    await page.keyboard.press('Escape');
    expect(await isDialogOpen(page)).toBe(false);
    expect(
      await page.evaluate(() => document.activeElement?.hasAttribute('data-search-open')),
    ).toBe(true);
  });

  it('should group results by page, each with its heading and a snippet with the match marked', async () => {
    const { page, errors } = await openPage('/docs');
    const groups = await search(page, 'rate limit');
    expect(groups.length).toBeGreaterThan(1);
    for (const group of groups) {
      // The page's title shows once: over its results, or as the heading of its own text first.
      const titles = [group.shownPage, ...group.options.map((option) => option.section)];
      expect(titles.filter((title) => title === group.page)).toHaveLength(1);
      expect(group.options.length).toBeGreaterThan(0);
      expect(group.options.length).toBeLessThanOrEqual(3);
      for (const option of group.options) {
        expect(option.section.length).toBeGreaterThan(0);
        expect(option.snippet.length).toBeGreaterThan(20);
      }
    }
    // Pages are listed once each, in the order of their best result.
    expect(new Set(groups.map((group) => group.page)).size).toBe(groups.length);
    const firstThree = groups.flatMap((group) => group.options).slice(0, 3);
    expect(firstThree.some((option) => /limit/i.test(option.section))).toBe(true);
    expect(firstThree.flatMap((option) => option.marks).length).toBeGreaterThan(0);
    // The site's own policy (script-src 'self', no eval and no WebAssembly) let the search run.
    expect(errors).toEqual([]);
  });

  it('should forgive "tokn" and mark only the words it matched, never "to"', async () => {
    const { page } = await openPage('/docs');
    const groups = await search(page, 'tokn');
    const marks = groups.flatMap((group) => group.options.flatMap((option) => option.marks));
    expect(marks.length).toBeGreaterThan(0);
    expect(marks.map((mark) => mark.toLowerCase())).not.toContain('to');
    // Every mark is a word a typo of four letters can reach (token, tokens, access_token; a
    // company's copy may hold others one letter away, such as "town"), never a short stop word.
    expect(marks.filter((mark) => mark.length < 4)).toEqual([]);
    expect(marks.some((mark) => /token/i.test(mark))).toBe(true);
  });

  it('should find site copy on the home page and the developer portal', async () => {
    const { page } = await openPage('/');
    const title = content.copy[0]?.title ?? '';
    const copy = await search(page, title);
    const copyLinks = copy.flatMap((group) => group.options.map((option) => option.href));
    expect(copyLinks.some((href) => href === '/' || href.startsWith('/#'))).toBe(true);
    const developers = await typeQuery(page, 'quickstart');
    const links = developers.flatMap((group) => group.options.map((option) => option.href));
    expect(links.some((href) => href.startsWith('/developers#'))).toBe(true);
  });

  it('should move the active result with the arrow keys, wrapping, and open it with Enter', async () => {
    const { page } = await openPage('/developers');
    const groups = await search(page, 'token');
    const hrefs = groups.flatMap((group) => group.options.map((option) => option.href));
    expect(hrefs.length).toBeGreaterThan(2);
    expect(await readActiveOption(page)).toBe(hrefs[0]);
    await page.keyboard.press('ArrowDown');
    expect(await readActiveOption(page)).toBe(hrefs[1]);
    await page.keyboard.press('ArrowDown');
    expect(await readActiveOption(page)).toBe(hrefs[2]);
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    expect(await readActiveOption(page)).toBe(hrefs.at(-1));
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    // The focus never left the field: the combobox points at the active result.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('site-search-input');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${baseUrl}${hrefs[1] ?? ''}`);
    expect(await isDialogOpen(page)).toBe(false);
  });

  it.each(['click', 'Enter'] as const)(
    'should leave a result of the same page in view once followed by %s, the dialog closed',
    async (how) => {
      const { page } = await openPage('/developers');
      await page.locator('[data-search-open]').click();
      const groups = await typeQuery(page, 'token');
      const hrefs = groups
        .flatMap((group) => group.options.map((option) => option.href))
        .filter((href) => href.startsWith('/developers#'));
      // The result whose section lies lowest on the page, below the first screen.
      const lowest = await page.evaluate((links) => {
        const place = (href: string) =>
          document.getElementById(decodeURIComponent(href.split('#')[1] ?? ''))?.offsetTop ?? 0;
        return [...links].sort((a, b) => place(b) - place(a))[0] ?? '';
      }, hrefs);
      const target = decodeURIComponent(lowest.split('#')[1] ?? '');
      expect(
        await page.evaluate(
          (id) => (document.getElementById(id)?.offsetTop ?? 0) > 2 * innerHeight,
          target,
        ),
      ).toBe(true);
      const option = page.locator(`[data-search-list] [role="option"][href="${lowest}"]`);
      if (how === 'click') {
        await option.click();
      } else {
        while ((await readActiveOption(page)) !== lowest) await page.keyboard.press('ArrowDown');
        await page.keyboard.press('Enter');
      }
      await page.waitForURL(`${baseUrl}${lowest}`);
      expect(await isDialogOpen(page)).toBe(false);
      // The dialog's close event is a task of its own, after the scroll to the section: past it.
      await page.evaluate(
        () => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 100))),
      );
      const place = await page.evaluate((id) => {
        const top = document.getElementById(id)?.getBoundingClientRect().top ?? NaN;
        return { top, height: innerHeight, scrolled: scrollY };
      }, target);
      expect(place.scrolled).toBeGreaterThan(0);
      expect(place.top).toBeGreaterThanOrEqual(0);
      expect(place.top).toBeLessThan(place.height / 2);
    },
  );

  it('should leave Escape, the arrow keys and Enter to an input method while it converts', async () => {
    // Japanese, Chinese and Korean are typed as sounds and converted: Escape cancels the
    // conversion, the arrows choose a candidate, Enter commits one. Before, Escape closed the
    // dialog with the query half typed.
    const { page } = await openPage('/developers');
    await search(page, 'token');
    const cdp = await page.context().newCDPSession(page);
    try {
      await cdp.send('Input.imeSetComposition', {
        text: ' とーくん',
        selectionStart: 5,
        selectionEnd: 5,
      });
      await expect
        .poll(() => page.locator('[data-search-status]').innerText(), { timeout: 15_000 })
        .toContain('“token とーくん”');
      const active = await readActiveOption(page);
      expect(active).toBeDefined();
      for (const key of ['ArrowDown', 'ArrowUp', 'ArrowDown', 'Enter', 'Escape']) {
        await page.keyboard.press(key);
        expect(await readActiveOption(page), key).toBe(active);
        expect(await isDialogOpen(page), key).toBe(true);
      }
      expect(page.url()).toBe(`${baseUrl}/developers`);
      // Committed, the keys are the dialog's again.
      await cdp.send('Input.insertText', { text: ' トークン' });
      expect(await page.locator(INPUT).inputValue()).toBe('token トークン');
      await page.keyboard.press('Escape');
      expect(await isDialogOpen(page)).toBe(false);
    } finally {
      await cdp.detach();
    }
  });

  it('should count the results it lists and their pages, not every page a word reached', async () => {
    const { page } = await openPage('/docs');
    const query = 'how do I call the MCP endpoint';
    const groups = await search(page, query);
    const results = groups.flatMap((group) => group.options).length;
    expect(results).toBeGreaterThan(1);
    expect(await page.locator('[data-search-status]').innerText()).toBe(
      `${results} results from ${groups.length} pages for “${query}”.`,
    );
  });

  it('should say so when nothing matches, with no list', async () => {
    const { page } = await openPage('/');
    expect(await search(page, 'qqzxqqzx')).toEqual([]);
    expect(await page.locator('[data-search-status]').innerText()).toBe(
      'No results for “qqzxqqzx”.',
    );
    expect(await page.locator('[data-search-list]').isHidden()).toBe(true);
    expect(await page.locator(INPUT).getAttribute('aria-expanded')).toBe('false');
  });

  it.each([
    ['light', 1280],
    ['dark', 1280],
    ['light', 390],
    ['dark', 390],
  ] as const)(
    'should fit the screen with nothing cut off and pass axe-core (%s theme, %i px)',
    async (colorScheme, width) => {
      const { page } = await openPage('/docs', true, colorScheme);
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      const button = await page.locator('[data-search-open]').boundingBox();
      expect(button).not.toBeNull();
      expect(button?.x ?? -1).toBeGreaterThanOrEqual(0);
      expect((button?.x ?? 0) + (button?.width ?? 0)).toBeLessThanOrEqual(width);
      await search(page, 'rate_limited');
      const layout = await page.evaluate(() => {
        const dialog = document.querySelector('[data-search-dialog]') as HTMLElement;
        const box = dialog.getBoundingClientRect();
        // Text for screen readers only is clipped on purpose (.visually-hidden).
        const overflowing = [...dialog.querySelectorAll<HTMLElement>('*')].filter(
          (element) =>
            element.scrollWidth > element.clientWidth + 1 &&
            element.clientWidth > 1 &&
            getComputedStyle(element).clipPath === 'none',
        );
        return {
          left: box.left,
          right: box.right,
          bottom: box.bottom,
          viewport: window.innerWidth,
          height: window.innerHeight,
          overflowing: overflowing.map((element) => element.className || element.tagName),
        };
      });
      expect(layout.left).toBeGreaterThanOrEqual(0);
      expect(layout.right).toBeLessThanOrEqual(layout.viewport);
      expect(layout.bottom).toBeLessThanOrEqual(layout.height);
      expect(layout.overflowing).toEqual([]);
      await saveScreenshot(page, `search-dialog-${colorScheme}-${width}.png`);
      const results = await checkAccessibility(page, [DIALOG]);
      expect(results.violations.map((violation) => violation.id)).toEqual([]);
    },
    // axe-core over /docs with the dialog open took 43-53 s on a loaded 2-core machine.
    120_000,
  );

  it('should show a link to the site map instead of a search that cannot work without JavaScript', async () => {
    const { page } = await openPage('/docs', false);
    expect(await page.locator('[data-search-open]').isVisible()).toBe(false);
    const fallback = page.locator('.site-search-fallback');
    expect(await fallback.isVisible()).toBe(true);
    expect(await fallback.getAttribute('href')).toBe('/sitemap.md');
  });
});
