import type { Page } from 'playwright';
import { describe, expect, inject, it } from 'vitest';
import { listErrorCatalogue } from '../../src/service/error-catalogue.ts';
import { useTestBrowser } from '../support/browser.ts';
import { loadSampleContent, loadSampleRoutes } from '../support/sample-content.ts';

const baseUrl = inject('baseUrl');
/** The reference's pages under /docs/..., as the route table lists them. */
const REFERENCE_PAGES = (await loadSampleRoutes()).pages.filter((page) => page.section === 'docs');
const OPERATION = '/docs/api/getOverview';

const { browser, visits } = useTestBrowser();

/** Visits a reference page at a width, in the file's shared page with or without JavaScript. */
function openDocs(path: string, width: number, javaScriptEnabled = true) {
  return visits.visit(`${baseUrl}${path}`, { viewport: { width, height: 900 }, javaScriptEnabled });
}

describe('the reference sidebar', () => {
  it('should list /docs, every reference page and every error, and mark the current page', async () => {
    const { page } = await openDocs(OPERATION, 1280, false);
    const sidebar = page.getByRole('navigation', { name: 'API reference' });
    expect(await sidebar.isVisible()).toBe(true);
    const hrefs = await sidebar
      .locator('a')
      .evaluateAll((links) =>
        links.map((link) => new URL((link as HTMLAnchorElement).href).pathname),
      );
    expect(hrefs).toEqual(
      expect.arrayContaining([
        '/docs',
        ...REFERENCE_PAGES.map((reference) => reference.path),
        '/errors',
        ...listErrorCatalogue().map((entry) => `/errors/${entry.code}`),
      ]),
    );
    const current = sidebar.locator('[aria-current="page"]');
    expect(await current.count()).toBe(1);
    expect(await current.getAttribute('href')).toBe(OPERATION);
  });

  it('should stay in view, and the samples beside an operation too, while the page scrolls at 1280 px', async () => {
    const { page } = await openDocs(OPERATION, 1280);
    // Halfway down: at the very end the footer pushes them up, as it should.
    const scrolled = await page.evaluate(() => {
      window.scrollTo(0, (document.documentElement.scrollHeight - window.innerHeight) / 2);
      return window.scrollY;
    });
    expect(scrolled).toBeGreaterThan(500);
    for (const selector of ['.docs-sidebar', '.docs-operation-aside']) {
      const box = await page.locator(selector).boundingBox();
      expect(box?.y, selector).toBeGreaterThanOrEqual(0);
      expect(box?.y, selector).toBeLessThan(100);
    }
    await page.evaluate(() => window.scrollTo(0, 0));
  });

  it("should mark the header's API docs link as the part of the site a reference or error page is in", async () => {
    for (const [path, current] of [
      [OPERATION, 'true'],
      ['/errors/rate_limited', 'true'],
      ['/docs', 'page'],
    ] as const) {
      const { page } = await openDocs(path, 1280, false);
      const nav = page.getByRole('navigation', { name: 'Main' });
      expect(await nav.locator('a[href="/docs"]').getAttribute('aria-current'), path).toBe(current);
      expect(await nav.locator('a[aria-current]').count(), path).toBe(1);
    }
  });

  it('should keep every id the one-page /docs had, each on a link to its new page', async () => {
    const { page } = await openDocs('/docs', 1280, false);
    for (const [id, target] of [
      ['getOverview', OPERATION],
      ['tool-search_site_copy', '/docs/mcp/tools/search_site_copy'],
      ['schema-Overview', '/docs/schemas/Overview'],
      ['mcp-resources', '/docs/mcp/resources'],
    ] as const) {
      expect(await page.locator(`[id="${id}"] a`).first().getAttribute('href'), id).toBe(target);
    }
    for (const id of ['operations', 'tag-rest', 'mcp-tools', 'schemas', 'limits', 'versions']) {
      expect(await page.locator(`[id="${id}"]`).count(), id).toBe(1);
    }
  });

  it.each([false, true])(
    'should open as a drawer below 900 px and close again (JavaScript on: %s)',
    async (javaScriptEnabled) => {
      const { page } = await openDocs(OPERATION, 390, javaScriptEnabled);
      const sidebar = page.locator('#docs-sidebar');
      expect(await sidebar.isVisible()).toBe(false);
      await page.getByRole('button', { name: 'Reference menu' }).click();
      expect(await sidebar.isVisible()).toBe(true);
      const current = sidebar.locator('[aria-current="page"]');
      expect(await current.isVisible()).toBe(true);
      const box = await sidebar.boundingBox();
      expect(box?.x).toBe(0);
      expect(box?.width).toBeLessThanOrEqual(390);
      await sidebar.getByRole('button', { name: 'Close menu' }).click();
      expect(await sidebar.isVisible()).toBe(false);
    },
  );

  it('should give the Reference menu and Copy page buttons one height at 390 px', async () => {
    const { page } = await openDocs(OPERATION, 390);
    const menu = await page.getByRole('button', { name: 'Reference menu' }).boundingBox();
    const copy = await page
      .getByRole('navigation', { name: 'Page actions' })
      .getByRole('button', { name: 'Copy page', exact: true })
      .boundingBox();
    expect(menu?.height).toBeGreaterThan(30);
    expect(menu?.height).toBe(copy?.height);
  });

  it('should keep each breadcrumb separator with the item before it, never starting a line', async () => {
    const { page } = await openDocs('/docs/api/getMcpProtectedResourceMetadata', 390);
    const lines = await page.locator('.docs-breadcrumbs ol').evaluate((list) => {
      const start = list.getBoundingClientRect().left;
      const items = [...list.children];
      // An item that starts a line (lower than the one before it): how far its text starts from
      // the trail's start edge, where a separator before it would stand.
      return items.flatMap((item, index) => {
        const previous = items[index - 1];
        if (!previous || item.getBoundingClientRect().top <= previous.getBoundingClientRect().top)
          return [];
        const text = document.createRange();
        text.selectNodeContents(item.firstElementChild ?? item);
        return [Math.round((text.getClientRects()[0]?.left ?? 0) - start)];
      });
    });
    // The trail wraps at this width, and each wrapped line starts with an item's own words.
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((offset) => offset === 0)).toBe(true);
  });

  it('should show the breadcrumbs the JSON-LD BreadcrumbList names, and link the neighbours', async () => {
    const { page } = await openDocs(OPERATION, 1280, false);
    const crumbs = (
      await page.getByRole('navigation', { name: 'Breadcrumb' }).locator('li').allInnerTexts()
    ).map((text) => text.trim());
    const graph = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}',
    ) as { '@graph': { '@type': string; itemListElement?: { name: string; item: string }[] }[] };
    const trail = graph['@graph'].find((node) => node['@type'] === 'BreadcrumbList');
    expect(trail?.itemListElement?.map((item) => item.name)).toEqual([
      'Home',
      ...crumbs.slice(0, -1),
      expect.any(String),
    ]);
    expect(trail?.itemListElement?.at(-1)?.item).toBe(`${baseUrl}${OPERATION}`);
    const pager = page.getByRole('navigation', { name: 'Previous and next page' });
    expect(await pager.locator('a[rel="prev"]').getAttribute('href')).toBe('/docs');
    const next = (await pager.locator('a[rel="next"]').getAttribute('href')) ?? '';
    await page.goto(`${baseUrl}${next}`);
    expect(await pager.locator('a[rel="prev"]').getAttribute('href')).toBe(OPERATION);
  });
});

describe('operation pages', () => {
  it('should put the samples beside the description at 1280 px, sticky', async () => {
    const { page } = await openDocs(OPERATION, 1280);
    const main = await page.locator('.docs-operation-main').boundingBox();
    const aside = await page.locator('.docs-operation-aside').boundingBox();
    expect(aside?.x).toBeGreaterThan((main?.x ?? 0) + (main?.width ?? 0) - 1);
    expect(Math.abs((aside?.y ?? 0) - (main?.y ?? 0))).toBeLessThan(40);
    expect(
      await page.locator('.docs-operation-aside').evaluate((e) => getComputedStyle(e).position),
    ).toBe('sticky');
    // The example answer is shown expanded, not folded away.
    expect(await page.locator('.docs-operation-aside .code-block').last().isVisible()).toBe(true);
  });

  it.each([OPERATION, '/docs/mcp/tools/search_site_copy'])(
    'should stack %s in one column, the sidebar a drawer, at 1280 px with the text size doubled',
    async (path) => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      // The browser's default text size doubled, as its settings do it: media queries' em follow
      // it (a font-size on <html> would not move them).
      const devTools = await context.newCDPSession(page);
      await devTools.send('Page.setFontSizes', { fontSizes: { standard: 32, fixed: 26 } });
      await page.goto(`${baseUrl}${path}`);
      const main = await page.locator('.docs-operation-main').boundingBox();
      const aside = await page.locator('.docs-operation-aside').boundingBox();
      expect(aside?.y).toBeGreaterThanOrEqual((main?.y ?? 0) + (main?.height ?? 0) - 1);
      expect(aside?.x).toBe(main?.x);
      expect(await page.locator('#docs-sidebar').isVisible()).toBe(false);
      expect(await page.getByRole('button', { name: 'Reference menu' }).isVisible()).toBe(true);
      await context.close();
    },
  );

  it('should bring the console of a column taller than the window into view as the page scrolls, with no scroll box of its own', async () => {
    // Its right column (samples, example, console) is taller than 720 px, its left one longer.
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/docs/api/getAuthorizationServerMetadata`);
    const aside = page.locator('.docs-operation-aside');
    const send = aside.locator('[data-try-it]:not([hidden]) button').first();
    await send.waitFor();
    const seen = await page.evaluate(async () => {
      const column = document.querySelector<HTMLElement>('.docs-operation-aside');
      const button = column?.querySelector('[data-try-it] button');
      if (!column || !button) return 'no console';
      // Its content's height: a column that scrolled on its own was no taller than the window.
      const heights = { column: column.scrollHeight, window: window.innerHeight };
      if (heights.column <= heights.window) return `the column fits (${JSON.stringify(heights)})`;
      // Halfway down the page, before its left column ends.
      window.scrollTo(0, (document.documentElement.scrollHeight - window.innerHeight) / 2);
      await new Promise((resolve) => requestAnimationFrame(resolve));
      const box = button.getBoundingClientRect();
      const shown = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
      return box.bottom <= window.innerHeight && box.top >= 0 && button.contains(shown)
        ? 'in view'
        : `not in view (top ${box.top})`;
    });
    expect(seen).toBe('in view');
    expect(await aside.evaluate((column) => getComputedStyle(column).overflowY)).toBe('visible');
    await context.close();
  });

  it.each([OPERATION, '/docs/mcp/tools/search_site_copy'])(
    'should stack %s at 390 px and overflow nothing at 360 px',
    async (path) => {
      const { page } = await openDocs(path, 390);
      const main = await page.locator('.docs-operation-main').boundingBox();
      const aside = await page.locator('.docs-operation-aside').boundingBox();
      expect(aside?.y).toBeGreaterThanOrEqual((main?.y ?? 0) + (main?.height ?? 0) - 1);
      await page.setViewportSize({ width: 360, height: 900 });
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBe(0);
    },
  );

  it('should fit each table, and break an identifier of its cells only after a slash or hyphen, at 1280 px', async () => {
    for (const path of ['/docs/api/postMcpMessage', '/errors']) {
      const { page } = await openDocs(path, 1280, false);
      const problems = await page.evaluate(() => [
        ...[...document.querySelectorAll('main .table-scroll')].flatMap((region) =>
          region.scrollWidth > region.clientWidth
            ? [`${region.getAttribute('aria-label')} scrolls sideways`]
            : [],
        ),
        ...[...document.querySelectorAll('main td code')].flatMap((code) =>
          code.getClientRects().length > 1 && !/[/\s-]/.test(code.textContent ?? '')
            ? [`${code.textContent} breaks`]
            : [],
        ),
      ]);
      expect(problems, path).toEqual([]);
    }
  });

  it('should unfold a nested object of the response fields', async () => {
    const { page } = await openDocs(OPERATION, 1280, false);
    const nested = page.locator('.schema-fields details').first();
    const inner = nested.locator('.schema-field-name').first();
    expect(await inner.isVisible()).toBe(false);
    await nested.locator('summary').click();
    expect(await inner.isVisible()).toBe(true);
  });
});

describe('the MCP resources page', () => {
  /** Where the URIs of the page's tables start a new line: the two letters either side of each. */
  const listUriBreaks = (page: Page) =>
    page.locator('main table td:first-child code').evaluateAll((codes) =>
      codes.flatMap((code) => {
        const text = code.textContent ?? '';
        const tops: number[] = [];
        const walker = document.createTreeWalker(code, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          for (let offset = 0; offset < (node.textContent ?? '').length; offset++) {
            const letter = document.createRange();
            letter.setStart(node, offset);
            letter.setEnd(node, offset + 1);
            tops.push(Math.round(letter.getBoundingClientRect().top));
          }
        }
        // Each place a new line starts: the letters either side of the break.
        return tops.flatMap((top, index) =>
          index > 0 && top > (tops[index - 1] ?? top) ? [text.slice(index - 1, index + 1)] : [],
        );
      }),
    );

  it('should break a URI only after a slash or hyphen or before a dot at 390 and 320 px', async () => {
    const breaks: string[] = [];
    for (const width of [390, 320]) {
      const { page } = await openDocs('/docs/mcp/resources', width, false);
      breaks.push(...(await listUriBreaks(page)));
    }
    // At 320 px (WCAG's reflow width) the site's own URIs, such as the overview's, are longer than
    // the column whatever the content's slugs, so some break.
    expect(breaks.length).toBeGreaterThan(0);
    expect(breaks.filter((pair) => !/^[/-].|^.\.$/.test(pair))).toEqual([]);
  });

  it('should stack each resource on a phone, its description as wide as the screen, no table scrolling sideways', async () => {
    const { page } = await openDocs('/docs/mcp/resources', 390, false);
    const layout = await page.locator('main .table-scroll').evaluateAll((regions) =>
      regions.map((region) => {
        const cells = [...region.querySelectorAll('tbody tr:first-child td')];
        return {
          sideways: region.scrollWidth - region.clientWidth,
          // Stacked: each cell starts at the row's left edge, one under the other.
          lefts: cells.map((cell) => Math.round(cell.getBoundingClientRect().left)),
          description: Math.round(cells[2]?.getBoundingClientRect().width ?? 0),
          region: Math.round(region.getBoundingClientRect().width),
        };
      }),
    );
    expect(layout.length).toBe(2);
    for (const table of layout) {
      expect(table.sideways).toBe(0);
      expect(new Set(table.lefts).size).toBe(1);
      expect(table.description).toBe(table.region);
    }
    // Still a table with its column names for a screen reader.
    const table = page.getByRole('table', { name: 'MCP resources' });
    expect(await table.getByRole('columnheader').allTextContents()).toEqual([
      'URI',
      'Media type',
      'Description',
    ]);
  });
});

describe('the entry page', () => {
  it('should name the Limits table by a caption for screen readers only', async () => {
    const { page } = await openDocs('/docs', 1280, false);
    const table = page.getByRole('table', { name: 'Limits' });
    expect(await table.count()).toBe(1);
    const caption = table.locator('caption');
    expect(await caption.textContent()).toBe('Limits');
    // The heading above the table says it on screen; the caption takes no room.
    const box = await caption.boundingBox();
    expect(box?.width ?? 0).toBeLessThanOrEqual(1);
    expect(box?.height ?? 0).toBeLessThanOrEqual(1);
  });

  it('should link each page of the index by its name alone, its method beside the link', async () => {
    const html = await (await fetch(`${baseUrl}/docs`)).text();
    const links = [...html.matchAll(/<ul class="docs-index">([\s\S]*?)<\/ul>/g)].flatMap((list) => [
      ...(list[1] ?? '').matchAll(/<a href="[^"]+">([\s\S]*?)<\/a>/g),
    ]);
    expect(links.length).toBeGreaterThan(10);
    for (const [link, text = ''] of links) {
      expect(text, link).not.toContain('docs-nav-method');
      expect(text, link).toBe(text.trim());
    }
  });

  it('should open with the copy of content/pages/docs.md and a quickstart', async () => {
    const { pages } = await loadSampleContent();
    const { page } = await openDocs('/docs', 1280, false);
    expect(await page.locator('main h1').innerText()).toBe(pages.docs.heading);
    expect(await page.locator('#quickstart').count()).toBe(1);
  });
});
