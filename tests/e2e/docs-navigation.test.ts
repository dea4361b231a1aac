import type { Browser } from 'playwright';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from '../support/browser.ts';
import { loadSampleContent } from '../support/sample-content.ts';

const baseUrl = inject('baseUrl');

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

/** The `##` headings of content/pages/docs.md, the Markdown copy above the generated reference. */
async function listCopyHeadings(): Promise<string[]> {
  const { pages } = await loadSampleContent();
  return [...pages.docs.body.matchAll(/^##\s+(.+?)\s*$/gm)].map((match) => match[1] ?? '');
}

async function openDocs(width: number, javaScriptEnabled = true) {
  const context = await browser.newContext({ viewport: { width, height: 900 }, javaScriptEnabled });
  const page = await context.newPage();
  await page.goto(`${baseUrl}/docs`, { waitUntil: 'load' });
  return { context, page };
}

describe('/docs navigation', () => {
  it('should follow every heading with a link to its own anchor, without JavaScript', async () => {
    const { context, page } = await openDocs(1280, false);
    const headings = await page.locator('main :is(h2, h3, h4)').evaluateAll((elements) =>
      elements.map((heading) => ({
        id: heading.id,
        text: heading.textContent?.trim() ?? '',
        anchor: heading.nextElementSibling?.matches('a.heading-anchor')
          ? heading.nextElementSibling.getAttribute('href')
          : null,
      })),
    );
    expect(headings.length).toBeGreaterThan(40);
    for (const heading of headings) expect(heading.anchor, heading.id).toBe(`#${heading.id}`);
    // The Markdown copy's headings are among them, so they get the same link as the reference's.
    expect(headings.map((heading) => heading.text)).toEqual(
      expect.arrayContaining(await listCopyHeadings()),
    );
    await context.close();
  });

  it('should list the sections in a table of contents whose every link has a target', async () => {
    const { context, page } = await openDocs(1280, false);
    const toc = page.getByRole('navigation', { name: 'On this page' });
    const targets = await toc
      .locator('a')
      .evaluateAll((links) =>
        links.map((link) => decodeURIComponent((link as HTMLAnchorElement).hash.slice(1))),
      );
    expect(targets).toEqual(expect.arrayContaining(['operations', 'mcp-tools', 'limits']));
    const labels = (await toc.locator('a').allTextContents()).map((label) => label.trim());
    expect(labels).toEqual(expect.arrayContaining(await listCopyHeadings()));
    const ids = await page
      .locator('main [id]')
      .evaluateAll((elements) => elements.map((e) => e.id));
    for (const target of targets) expect(ids).toContain(target);
    await context.close();
  });

  it('should keep the table of contents in view on wide screens and mark the section read', async () => {
    const { context, page } = await openDocs(1280);
    const toc = page.getByRole('navigation', { name: 'On this page' });
    await toc.getByRole('link', { name: 'Limits', exact: true }).click();
    await page.waitForURL(`${baseUrl}/docs#limits`);
    await expect
      .poll(() => toc.locator('[aria-current="location"]').allInnerTexts(), { timeout: 10_000 })
      .toEqual(['Limits']);
    const box = await toc.boundingBox();
    expect(box?.y).toBeGreaterThanOrEqual(0);
    expect(box?.x).toBeGreaterThan(640);
    await page.evaluate(() => scrollTo(0, 0));
    const first = await toc.locator('a').first().innerText();
    await expect
      .poll(() => toc.locator('[aria-current="location"]').allInnerTexts())
      .toEqual([first]);
    await context.close();
  });

  it('should put the table of contents above the reference on narrow screens', async () => {
    const { context, page } = await openDocs(390);
    const toc = page.getByRole('navigation', { name: 'On this page' });
    expect(await toc.evaluate((nav) => getComputedStyle(nav).position)).toBe('static');
    const tocBox = await toc.boundingBox();
    const bodyBox = await page.locator('.docs-body').boundingBox();
    expect((tocBox?.y ?? 0) + (tocBox?.height ?? 0)).toBeLessThanOrEqual(bodyBox?.y ?? 0);
    await context.close();
  });
});
