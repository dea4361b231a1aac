import type { Browser, Request } from 'playwright';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from '../support/browser.ts';

const baseUrl = inject('baseUrl');
/**
 * The budget of issues 18 and 26: every docs page at most 60 KB transferred before search or a
 * console is used. One page of each kind: they share one layout, so the largest of a kind speaks
 * for the rest.
 */
const DOCS_BUDGET_BYTES = 60_000;
const DOCS_PAGES = [
  '/docs',
  '/docs/api/postMcpMessage',
  '/docs/mcp/tools/search_site_copy',
  '/docs/schemas/OAuthAuthorizationServerMetadata',
];
/** The budget of issue 27: / at most 80 KB transferred, fonts included. */
const HOME_BUDGET_BYTES = 80_000;
/** Inter's Latin file, which every page shares (one cached file under /_astro/). */
const FONT_BUDGET_BYTES = 50_000;

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

/** Loads a page in a fresh context and adds up what it transferred, fonts apart. */
async function measurePage(path: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const requests: Request[] = [];
  page.on('requestfinished', (request) => requests.push(request));
  await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
  let bytes = 0;
  let fontBytes = 0;
  for (const request of requests) {
    const sizes = await request.sizes();
    const size = sizes.responseHeadersSize + sizes.responseBodySize;
    if (request.resourceType() === 'font') fontBytes += size;
    else bytes += size;
  }
  await context.close();
  return { bytes, fontBytes, paths: requests.map((request) => new URL(request.url()).pathname) };
}

describe('page weight', () => {
  it('should transfer / with its font in at most 80 KB', async () => {
    const { bytes, fontBytes, paths } = await measurePage('/');
    expect(paths.filter((path) => path.endsWith('.woff2'))).toHaveLength(1);
    expect(fontBytes).toBeGreaterThan(10_000);
    expect(fontBytes).toBeLessThanOrEqual(FONT_BUDGET_BYTES);
    expect(bytes + fontBytes).toBeLessThanOrEqual(HOME_BUDGET_BYTES);
  });

  it.each(DOCS_PAGES)(
    'should transfer %s (page, styles, scripts, icon) in at most 60 KB, beside the shared font',
    async (path) => {
      // The font is the one file every page shares, cached after the first page; it is held to its
      // own budget above, and each docs page to the 60 KB budget for what is its own.
      const { bytes, fontBytes, paths } = await measurePage(path);
      expect(paths).toContain(path);
      expect(paths).not.toContain('/search-index.json');
      expect(bytes).toBeGreaterThan(5_000);
      expect(bytes).toBeLessThanOrEqual(DOCS_BUDGET_BYTES);
      expect(fontBytes).toBeLessThanOrEqual(FONT_BUDGET_BYTES);
    },
  );
});
