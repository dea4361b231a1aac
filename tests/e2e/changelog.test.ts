import { parseFeed } from '@rowanmanning/feed-parser';
import { describe, expect, inject, it } from 'vitest';
import type { SiteContent } from '../../src/schemas/site-content.ts';
import { CHANGELOG_FOLLOW_HEADING } from '../../src/site-content/changelog-page.ts';
import {
  checkAccessibility,
  openRecordedPage,
  saveScreenshot,
  useTestBrowser,
} from '../support/browser.ts';
import { loadSampleContent } from '../support/sample-content.ts';

const baseUrl = inject('baseUrl');

const { browser } = useTestBrowser();
// Whatever content/ holds: a changelog of any length, or none.
const content: SiteContent = await loadSampleContent();

describe.runIf(content.changelog.length === 0)('a site without a changelog', () => {
  it('should publish no changelog page or feed, and link none', async () => {
    expect((await fetch(`${baseUrl}/changelog`)).status).toBe(404);
    expect((await fetch(`${baseUrl}/changelog.xml`)).status).toBe(404);
    expect(await (await fetch(`${baseUrl}/`)).text()).not.toContain('href="/changelog"');
  });
});

describe.runIf(content.changelog.length > 0)('the changelog', () => {
  it('should show every entry, newest first, with its date, API version and whether it breaks', async () => {
    const { context, page, errors } = await openRecordedPage(browser, `${baseUrl}/changelog`);
    try {
      expect(await page.locator('main h1').innerText()).toBe('Changelog');
      const headings = await page.locator('main h2').allInnerTexts();
      // The entries, then the section on following them.
      expect(headings.map((text) => text.trim())).toEqual([
        ...content.changelog.map((entry) => entry.title),
        CHANGELOG_FOLLOW_HEADING,
      ]);
      const text = await page.locator('main').innerText();
      for (const entry of content.changelog) {
        expect(text).toContain(
          `${entry.date} · API ${entry.apiVersion} · ${entry.breaking ? 'Breaking change' : 'Not breaking'}`,
        );
      }
      // The feed link on the page reaches a feed that names this page and every entry on it.
      const feedHref = await page
        .locator('main a', { hasText: 'Atom feed' })
        .first()
        .getAttribute('href');
      expect(feedHref).toBe('/changelog.xml');
      const response = await fetch(new URL(feedHref ?? '', baseUrl));
      expect(response.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
      const feed = parseFeed(await response.text());
      expect(feed.items).toHaveLength(content.changelog.length);
      // Each entry's link lands on its heading of this page. A fragment is percent-encoded in
      // the URL; a heading's id made from a title in another script (`公開しました`) is not.
      const headingIds = await page
        .locator('main h2')
        .evaluateAll((nodes) => nodes.map((node) => [node.id, node.textContent?.trim() ?? '']));
      headingIds.pop();
      expect(
        feed.items.map((item) => [
          decodeURIComponent(new URL(item.url ?? '').hash.slice(1)),
          item.title ?? '',
        ]),
      ).toEqual(headingIds);
      await saveScreenshot(page, 'changelog-1280.png', { fullPage: true });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('should pass axe-core in both themes', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const { context, page } = await openRecordedPage(browser, `${baseUrl}/changelog`, {
        colorScheme,
      });
      try {
        expect((await checkAccessibility(page, ['main'])).violations, colorScheme).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });

  it('should be linked from the footer of every page', async () => {
    const { context, page } = await openRecordedPage(browser, `${baseUrl}/`);
    try {
      // One separator with a space on each side, as between the footer's other links.
      expect(await page.locator('footer').innerText()).toContain('Errors · Changelog');
      const link = page.locator('footer a', { hasText: 'Changelog' });
      expect(await link.getAttribute('href')).toBe('/changelog');
      await link.click();
      await page.waitForURL(`${baseUrl}/changelog`);
      expect(await page.locator('main h1').innerText()).toBe('Changelog');
    } finally {
      await context.close();
    }
  });
});
