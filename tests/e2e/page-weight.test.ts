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

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

describe('page weight', () => {
  it.each(DOCS_PAGES)(
    'should transfer %s (page, styles, scripts, icon) in at most 60 KB',
    async (path) => {
      const context = await browser.newContext();
      const page = await context.newPage();
      const requests: Request[] = [];
      page.on('requestfinished', (request) => requests.push(request));
      await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
      let bytes = 0;
      for (const request of requests) {
        const sizes = await request.sizes();
        bytes += sizes.responseHeadersSize + sizes.responseBodySize;
      }
      const paths = requests.map((request) => new URL(request.url()).pathname);
      expect(paths).toContain(path);
      expect(paths).not.toContain('/search-index.json');
      expect(bytes).toBeGreaterThan(5_000);
      expect(bytes).toBeLessThanOrEqual(DOCS_BUDGET_BYTES);
      await context.close();
    },
  );
});
