import type { Browser } from 'playwright';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { SiteContent } from '../../src/schemas/site-content.ts';
import { launchChromium } from '../support/browser.ts';
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

describe('pages in Chromium', () => {
  it.each(['/', '/developers', '/docs'])(
    'should render %s without JavaScript and without console errors',
    async (path) => {
      const context = await browser.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      const response = await page.goto(`${baseUrl}${path}`);
      expect(response?.status()).toBe(200);
      expect(await page.locator('h1').count()).toBe(1);
      expect(await page.locator('h1').innerText()).toBe(
        path === '/'
          ? content.pages.home.heading
          : path === '/developers'
            ? content.pages.developers.heading
            : content.pages.docs.heading,
      );
      expect(await page.title()).toBeTruthy();
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it('should show every call to action on the home page as a link to its URL', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/`);
    for (const cta of content.callsToAction) {
      expect(
        await page.getByRole('link', { name: cta.label, exact: true }).first().getAttribute('href'),
      ).toBe(cta.url);
    }
    await page.close();
  });

  it('should answer 200 for every internal link on every page', async () => {
    const page = await browser.newPage();
    const links = new Set<string>();
    for (const path of ['/', '/developers', '/docs']) {
      await page.goto(`${baseUrl}${path}`);
      for (const href of await page
        .locator('a[href]')
        .evaluateAll((anchors) => anchors.map((a) => (a as HTMLAnchorElement).href))) {
        const url = new URL(href);
        if (url.origin === baseUrl) links.add(url.pathname);
      }
    }
    await page.close();
    expect(links.size).toBeGreaterThan(8);
    for (const path of links) {
      const response = await fetch(`${baseUrl}${path}`);
      expect(response.status, path).toBe(200);
    }
  });
});
