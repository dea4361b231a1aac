import type { Browser, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { SiteContent } from '../../src/schemas/site-content.ts';
import { checkAccessibility, launchChromium, openRecordedPage } from '../support/browser.ts';
import { loadSampleContent } from '../support/sample-content.ts';

const baseUrl = inject('baseUrl');

let browser: Browser;
let content: SiteContent;

beforeAll(async () => {
  browser = await launchChromium();
  content = await loadSampleContent();
});

afterAll(async () => {
  await browser?.close();
});

/** Opens a page of the site as served, recording its errors and requests. */
function openPage(path: string, javaScriptEnabled = true, colorScheme: 'light' | 'dark' = 'light') {
  return openRecordedPage(browser, `${baseUrl}${path}`, { javaScriptEnabled, colorScheme });
}

/** Types a query into the header's search box and waits for its answer. */
async function search(page: Page, query: string) {
  await page.keyboard.press('/');
  await page.keyboard.type(query);
  await expect
    .poll(() => page.locator('[data-search-status]').innerText(), { timeout: 15_000 })
    .toMatch(/match|No results/);
  return page.locator('[data-search-list] li').evaluateAll((items) =>
    items.map((item) => ({
      href: item.querySelector('a')?.getAttribute('href') ?? '',
      page: item.querySelector('.search-page')?.textContent ?? '',
      section: item.querySelector('.search-section')?.textContent ?? '',
      snippet: item.querySelector('.search-snippet')?.textContent ?? '',
      marks: [...item.querySelectorAll('.search-snippet mark')].map((mark) => mark.textContent),
    })),
  );
}

describe('site search', () => {
  it('should load no search index until the search box is used, and focus it on "/"', async () => {
    const { context, page, requests } = await openPage('/docs');
    await page.waitForLoadState('networkidle');
    const before = [...requests];
    expect(before).not.toContain('/search-index.json');
    await page.keyboard.press('/');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('site-search-input');
    await expect.poll(() => requests).toContain('/search-index.json');
    // The search code is a chunk of its own, fetched with the index, not with the page.
    const loadedOnFocus = requests.slice(before.length);
    expect(loadedOnFocus.some((path) => path.startsWith('/_astro/') && path.endsWith('.js'))).toBe(
      true,
    );
    await context.close();
  });

  it('should find the limits for "rate limit" and forgive "tokn" without marking "to"', async () => {
    const { context, page, errors } = await openPage('/docs');
    const rateLimit = await search(page, 'rate limit');
    expect(rateLimit.slice(0, 3).map((hit) => hit.href)).toContain('/docs#limits');
    await page.locator('[data-search-input]').fill('');
    const typo = await search(page, 'tokn');
    expect(typo.length).toBeGreaterThan(0);
    const marks = new Set(typo.flatMap((hit) => hit.marks.map((mark) => mark?.toLowerCase())));
    expect(marks.has('to')).toBe(false);
    expect([...marks].every((mark) => mark?.includes('token'))).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('should find an error code on the docs and error pages, with section and marked snippet', async () => {
    const { context, page, errors } = await openPage('/docs');
    const hits = await search(page, 'rate_limited');
    expect(hits.map((hit) => hit.href)).toContain('/errors/rate_limited');
    const docsHit = hits.find((hit) => hit.href === '/docs#error-catalogue');
    expect(docsHit).toMatchObject({ page: content.pages.docs.heading, section: 'Error catalogue' });
    expect(docsHit?.marks.join(' ')).toMatch(/rate_limited/);
    expect(docsHit?.snippet.length).toBeGreaterThan(20);
    // The site's own policy (script-src 'self', no eval and no WebAssembly) let the search run.
    expect(errors).toEqual([]);
    await context.close();
  });

  it('should find the site copy of the home page and the developer portal', async () => {
    const { context, page } = await openPage('/');
    const title = content.copy[0]?.title ?? '';
    const copyHits = await search(page, title);
    expect(copyHits.some((hit) => hit.href === '/' || hit.href.startsWith('/#'))).toBe(true);
    await page.locator('[data-search-input]').fill('');
    const developerHits = await search(page, 'quickstart');
    expect(developerHits.some((hit) => hit.href.startsWith('/developers#'))).toBe(true);
    await context.close();
  });

  it('should be keyboard operable: Enter moves to the first hit, Escape closes the list', async () => {
    const { context, page } = await openPage('/developers');
    const hits = await search(page, 'search_site_copy');
    expect(hits.length).toBeGreaterThan(0);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('href'))).toBe(
      hits[0]?.href,
    );
    await page.keyboard.press('Escape');
    expect(await page.locator('[data-search-results]').isHidden()).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('site-search-input');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${baseUrl}${hits[0]?.href ?? ''}`);
    await context.close();
  });

  it('should say so when nothing matches', async () => {
    const { context, page } = await openPage('/');
    expect(await search(page, 'qqzxqqzx')).toEqual([]);
    expect(await page.locator('[data-search-status]').innerText()).toBe(
      'No results for “qqzxqqzx”.',
    );
    await context.close();
  });

  it.each(['light', 'dark'] as const)(
    'should list results with no axe-core violations in the %s theme',
    async (colorScheme) => {
      const { context, page } = await openPage('/docs', true, colorScheme);
      expect((await search(page, 'overview')).length).toBeGreaterThan(0);
      const results = await checkAccessibility(page, ['[data-site-search]']);
      expect(results.violations.map((violation) => violation.id)).toEqual([]);
      await context.close();
    },
  );

  it('should not show a search box that cannot work without JavaScript', async () => {
    const { context, page } = await openPage('/docs', false);
    expect(await page.locator('[data-site-search]').isVisible()).toBe(false);
    await context.close();
  });
});
