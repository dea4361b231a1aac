import type { Request } from 'playwright';
import { describe, expect, inject, it } from 'vitest';
import { useTestBrowser } from '../support/browser.ts';

const baseUrl = inject('baseUrl');
/**
 * The budget of issues 18 and 26: every docs page at most 60 KB transferred before search or a
 * console is used, fonts included. One page of each kind: they share one layout, so the largest
 * of a kind speaks for the rest.
 */
const DOCS_BUDGET_BYTES = 60_000;
const DOCS_PAGES = [
  '/docs',
  '/docs/api/postMcpMessage',
  '/docs/mcp/tools/search_site_copy',
  '/docs/schemas/OAuthAuthorizationServerMetadata',
  '/errors/not_found',
];
/** The budget of issue 27: / at most 80 KB transferred, fonts (and the product image) included. */
const HOME_BUDGET_BYTES = 80_000;

const { browser } = useTestBrowser();

/** Loads a page in a fresh context (nothing cached) and adds up everything it transferred. */
async function measurePage(path: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const requests: Request[] = [];
  page.on('requestfinished', (request) => requests.push(request));
  await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
  // On a busy machine layout can come after the network was idle, and only layout asks for the
  // font: lay the page out, wait for its fonts, then for the font's request to be counted.
  const usesFont = await page.evaluate(async () => {
    void document.body.getBoundingClientRect();
    await document.fonts.ready;
    return [...document.fonts].some((face) => face.status === 'loaded');
  });
  if (usesFont) {
    await expect
      .poll(() => requests.some((request) => request.resourceType() === 'font'))
      .toBe(true);
  }
  // The hero's product image, when the content has one, is part of the page's weight.
  const image = await page.evaluate(() => {
    const hero = document.querySelector<HTMLImageElement>('.hero-image');
    return hero && { loaded: hero.complete && hero.naturalWidth > 0, src: hero.currentSrc };
  });
  let bytes = 0;
  let fontBytes = 0;
  for (const request of requests) {
    const sizes = await request.sizes();
    const size = sizes.responseHeadersSize + sizes.responseBodySize;
    bytes += size;
    if (request.resourceType() === 'font') fontBytes += size;
  }
  await context.close();
  const paths = requests.map((request) => new URL(request.url()).pathname);
  return { bytes, fontBytes, paths, image };
}

describe('page weight', () => {
  it('should transfer / with its font and any product image in at most 80 KB', async () => {
    const { bytes, fontBytes, paths, image } = await measurePage('/');
    // The font counts: it was fetched (the preloaded cut of Inter), and it is in the total.
    expect(paths.filter((path) => path.endsWith('.woff2')).length).toBeGreaterThanOrEqual(1);
    expect(fontBytes).toBeGreaterThan(8_000);
    if (image) {
      expect(image.loaded).toBe(true);
      expect(paths).toContain(new URL(image.src).pathname);
    }
    expect(bytes).toBeLessThanOrEqual(HOME_BUDGET_BYTES);
  });

  it.each(DOCS_PAGES)(
    'should transfer %s with everything it loads, fonts included, in at most 60 KB',
    async (path) => {
      const { bytes, fontBytes, paths } = await measurePage(path);
      expect(paths).toContain(path);
      expect(paths).not.toContain('/search-index.json');
      expect(fontBytes).toBeGreaterThan(8_000);
      expect(bytes - fontBytes).toBeGreaterThan(5_000);
      expect(bytes).toBeLessThanOrEqual(DOCS_BUDGET_BYTES);
    },
  );
});
