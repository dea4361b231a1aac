import { beforeAll, describe, expect, inject, it } from 'vitest';
import { isTaglineInHeading } from '../../src/documents/home-page.ts';
import { formatWebsite } from '../../src/site-content/website-label.ts';
import { listErrorCatalogue } from '../../src/service/error-catalogue.ts';
import {
  buildMcpClientConfigs,
  buildMcpServerKey,
} from '../../src/reference/mcp-client-configs.ts';
import { loadSampleRoutes } from '../support/sample-content.ts';
import { buildServiceUrls } from '../../src/service/urls.ts';
import type { SiteContent } from '../../src/schemas/site-content.ts';
import {
  checkAccessibility,
  saveScreenshot,
  useTestBrowser,
  type VisitOptions,
} from '../support/browser.ts';
import { loadSampleContent, readContentText } from '../support/sample-content.ts';
import { decodeHtmlCode, findStructureProblems } from '../support/expected-site.ts';

/** Every page of the served content, its own content pages included. */
const SITE_PAGES = (await loadSampleRoutes()).pages;

const baseUrl = inject('baseUrl');
const PAGES = ['/', '/developers', '/docs'] as const;
/** One reference page of each kind: axe and the widths run on these, not on all of them. */
const REFERENCE_PAGES = [
  '/docs/api/getOverview',
  '/docs/mcp/tools/search_site_copy',
  '/docs/schemas/Overview',
] as const;
const CHECKED_PAGES = [...PAGES, ...REFERENCE_PAGES] as const;
const THEMES = ['light', 'dark'] as const;

const { browser, visits } = useTestBrowser();
let content: SiteContent;

beforeAll(async () => {
  content = await loadSampleContent();
});

/**
 * Visits a page in the file's shared page of those options, collecting console errors and
 * uncaught exceptions.
 */
async function openPage(path: string, options: VisitOptions = {}) {
  const { page, errors, response } = await visits.visit(`${baseUrl}${path}`, options);
  return {
    page,
    errors,
    status: response?.status(),
    csp: await response?.headerValue('content-security-policy'),
  };
}

function headingOf(path: (typeof PAGES)[number]): string {
  if (path === '/') return content.pages.home.heading;
  return path === '/developers' ? content.pages.developers.heading : content.pages.docs.heading;
}

function screenshotName(path: string, theme: string, width: number): string {
  return `${path === '/' ? 'home' : path.slice(1).replaceAll('/', '-')}-${theme}-${width}.png`;
}

describe('pages in Chromium', () => {
  it.each(PAGES)('should render %s without JavaScript and without console errors', async (path) => {
    const { page, errors, status } = await openPage(path, { javaScriptEnabled: false });
    expect(status).toBe(200);
    expect(await page.locator('h1').count()).toBe(1);
    expect(await page.locator('h1').innerText()).toBe(headingOf(path));
    expect(await page.title()).toBeTruthy();
    expect(await page.locator('.copy-button').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it.each(PAGES)(
    'should run under its strict Content-Security-Policy on %s with no inline script or style',
    async (path) => {
      const { page, errors, csp } = await openPage(path);
      // The policy the page is served with (vercel-build.test.ts holds Vercel's headers to the
      // local server's): scripts and styles from the site's own files only, nothing inline.
      for (const directive of ["default-src 'none'", "script-src 'self'", "style-src 'self'"]) {
        expect(csp?.split(';').map((part) => part.trim())).toContain(directive);
      }
      expect(csp).not.toMatch(/unsafe-|'nonce-|'sha\d+-/);
      // A refused script or style would be a console error.
      expect(errors).toEqual([]);
      // The page's scripts ran: they are files, so the policy allowed them. The theme choice is
      // shown by its script, and every code block gets a copy button.
      expect(await page.locator('[data-theme-choice]').isVisible()).toBe(true);
      expect(await page.locator('.copy-button').count()).toBe(
        await page.locator('.code-block:has(code)').count(),
      );
      const inline = await page.evaluate(() => ({
        scripts: [...document.querySelectorAll('script:not([src])')]
          .map((script) => script.getAttribute('type'))
          .filter((type) => type !== 'application/ld+json'),
        styles: document.querySelectorAll('style, [style]').length,
        handlers: [...document.querySelectorAll('*')].filter((element) =>
          [...element.attributes].some((attribute) => attribute.name.startsWith('on')),
        ).length,
      }));
      expect(inline).toEqual({ scripts: [], styles: 0, handlers: 0 });
    },
  );

  it('should show the company facts and every call to action on the home page', async () => {
    const { page } = await openPage('/');
    const text = await page.locator('main').innerText();
    // The tagline, or the heading that already says it (home-page.ts).
    const { tagline } = content.company;
    const { heading } = content.pages.home;
    expect(text).toContain(isTaglineInHeading(tagline, heading) ? heading : tagline);
    expect(text).toContain(content.company.description);
    expect(text).toContain(content.product.name);
    for (const section of content.copy) expect(text).toContain(section.title);
    for (const cta of content.callsToAction) {
      expect(
        await page.getByRole('link', { name: cta.label, exact: true }).first().getAttribute('href'),
      ).toBe(cta.url);
    }
    // The website, linked as written, named alike in the fact sheet and in the footer: its host
    // (in letters, not Punycode) and path, without the scheme.
    const { website } = content.company;
    for (const place of ['.fact-sheet', '.site-footer']) {
      const links = page.locator(`${place} a[href=${JSON.stringify(website)}]`);
      expect(await links.allInnerTexts(), place).toEqual([formatWebsite(website)]);
    }
  });

  it('should show the quickstarts, client configuration and agent resources on /developers', async () => {
    const { page } = await openPage('/developers');
    const urls = buildServiceUrls(baseUrl);
    const text = await page.locator('main').innerText();
    for (const method of ['initialize', 'tools/list', 'tools/call', '/oauth/register']) {
      expect(text).toContain(method);
    }
    for (const entry of buildMcpClientConfigs(urls, buildMcpServerKey(content.company))) {
      expect(await page.getByRole('heading', { name: entry.client, exact: true }).count()).toBe(1);
    }
    const hrefs = await page
      .locator('main a[href]')
      .evaluateAll((anchors) => anchors.map((a) => (a as HTMLAnchorElement).href));
    for (const resource of [
      urls.llmsTxt,
      urls.llmsFullTxt,
      urls.authMd,
      urls.openapi,
      urls.protectedResource,
      urls.protectedResourceMcp,
      urls.authorizationServer,
      urls.apiCatalog,
    ]) {
      expect(hrefs).toContain(resource);
    }
  });

  it('should give every operation, MCP tool and schema a page, and link each error from the sidebar', async () => {
    const { page } = await openPage('/docs');
    const openapi = (await (await fetch(`${baseUrl}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { operationId?: string }>>;
      components: { schemas: Record<string, unknown> };
    };
    const hrefs = await page
      .getByRole('navigation', { name: 'API reference' })
      .locator('a')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    const expected: string[] = [];
    for (const item of Object.values(openapi.paths)) {
      for (const operation of Object.values(item)) {
        if (operation.operationId) expected.push(`/docs/api/${operation.operationId}`);
      }
    }
    for (const name of Object.keys(openapi.components.schemas)) {
      expected.push(`/docs/schemas/${name}`);
    }
    const tools = (await (
      await fetch(`${baseUrl}/mcp`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
      })
    ).json()) as { result: { tools: { name: string }[] } };
    expect(tools.result.tools.length).toBeGreaterThan(0);
    for (const tool of tools.result.tools) expected.push(`/docs/mcp/tools/${tool.name}`);
    for (const error of listErrorCatalogue()) expected.push(`/errors/${error.code}`);
    expect(hrefs).toEqual(expect.arrayContaining(expected));
    for (const path of expected) {
      expect((await fetch(`${baseUrl}${path}`)).status, path).toBe(200);
    }
    const text = await page.locator('main').innerText();
    expect(text).toMatch(/no staging/i);
    expect(text).toContain('Versions and deprecation');
  });

  it('should answer 200 for every internal link and find every fragment it points to', async () => {
    const { page } = await openPage('/');
    const links = new Set<string>();
    for (const path of PAGES) {
      await page.goto(`${baseUrl}${path}`);
      const ids = new Set(
        await page.locator('[id]').evaluateAll((elements) => elements.map((e) => e.id)),
      );
      for (const href of await page
        .locator('a[href]')
        .evaluateAll((anchors) => anchors.map((a) => (a as HTMLAnchorElement).href))) {
        const url = new URL(href);
        if (url.origin !== baseUrl) continue;
        links.add(url.pathname);
        if (url.hash && url.pathname === path) {
          // A fragment is percent-encoded in the URL; an id in another script is not.
          expect(ids, href).toContain(decodeURIComponent(url.hash.slice(1)));
        }
      }
    }
    expect(links.size).toBeGreaterThan(8);
    for (const path of links) {
      const response = await fetch(`${baseUrl}${path}`);
      expect(response.status, path).toBe(200);
    }
  });

  it('should copy a code block with its copy button', async () => {
    // Permissions outlive a navigation: a context of its own.
    const context = await browser.newContext();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/developers`, { waitUntil: 'load' });
    // The first of the page's own samples: content/'s Markdown may hold code blocks of its own.
    const block = page
      .locator('.code-block')
      .filter({ has: page.locator('code', { hasText: /^curl -s / }) })
      .first();
    const button = block.getByRole('button');
    await button.click();
    await expect.poll(() => button.innerText()).toBe('Copied');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(await block.locator('code').textContent());
    expect(copied).toMatch(/^curl -s /);
    expect(await page.locator('[data-copy-status]').innerText()).toBe('Copied to the clipboard.');
    await context.close();
  });

  it('should follow the system colour scheme', async () => {
    const backgrounds: Record<string, string> = {};
    for (const colorScheme of THEMES) {
      const { page } = await openPage('/', { colorScheme });
      backgrounds[colorScheme] = await page.evaluate(
        () => getComputedStyle(document.body).backgroundColor,
      );
    }
    expect(backgrounds).toEqual({ light: 'rgb(255, 255, 255)', dark: 'rgb(16, 20, 26)' });
  });

  it('should show a visible focus ring, starting with the skip link', async () => {
    const { page } = await openPage('/docs');
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement;
      const style = getComputedStyle(element);
      const box = element.getBoundingClientRect();
      return {
        text: element.textContent,
        outline: style.outlineStyle,
        visible: box.left >= 0 && box.top >= 0,
      };
    });
    expect(focused).toEqual({ text: 'Skip to content', outline: 'solid', visible: true });
    await page.keyboard.press('Enter');
    await page.waitForURL(`${baseUrl}/docs#main`, { timeout: 5000 });
  });

  it('should hide navigation and copy buttons when printed', async () => {
    // Emulated media outlives a navigation: a context of its own.
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${baseUrl}/developers`, { waitUntil: 'load' });
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('.site-header nav').isVisible()).toBe(false);
    expect(await page.locator('.copy-button').first().isVisible()).toBe(false);
    expect(await page.locator('main h1').isVisible()).toBe(true);
    await context.close();
  });

  describe.each(THEMES)('in the %s theme', (colorScheme) => {
    // One load per page and theme for axe-core, the console and the widths: each load of a page
    // costs a 2-core machine about half a second of CPU.
    it.each(CHECKED_PAGES)(
      'should have no axe-core violations on %s, and fit it into 320 to 1280 pixels',
      async (path) => {
        const { page, errors } = await openPage(path, { colorScheme });
        const results = await checkAccessibility(page);
        expect(
          results.violations.map((violation) => ({
            id: violation.id,
            nodes: violation.nodes.slice(0, 3).map((node) => node.target.join(' ')),
          })),
        ).toEqual([]);
        expect(errors).toEqual([]);
        // The same load, laid out again at each width: what a resized window or a turned phone shows.
        for (const width of [320, 390, 1280]) {
          await page.setViewportSize({ width, height: 900 });
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          );
          expect(overflow, `${path} at ${width}px`).toBe(0);
          if (width !== 320) {
            await saveScreenshot(page, screenshotName(path, colorScheme, width), {
              fullPage: true,
            });
          }
        }
      },
    );
  });
});

describe('code blocks', () => {
  it('should put nothing between <pre> and <code> on any page, so no block shows stray indentation', async () => {
    let blocks = 0;
    for (const { path } of SITE_PAGES) {
      const html = await (await fetch(`${baseUrl}${path}`)).text();
      blocks += html.match(/<pre\b[^>]*>/g)?.length ?? 0;
      expect(html.match(/<pre\b[^>]*>\s+<code|<\/code>\s+<\/pre>/g) ?? [], path).toEqual([]);
    }
    expect(blocks).toBeGreaterThan(SITE_PAGES.length);
  });

  it('should highlight every block of /developers, JSON answers and configurations too', async () => {
    const paths = ['/developers'];
    const plain: string[] = [];
    let blocks = 0;
    for (const path of paths) {
      const html = await (await fetch(`${baseUrl}${path}`)).text();
      for (const block of html.match(/<div class="code-block"[^>]*>[\s\S]*?<pre[^>]*>/g) ?? []) {
        blocks += 1;
        if (!block.includes('class="highlighted"'))
          plain.push(`${path}: ${/data-label="([^"]*)"/.exec(block)?.[1] ?? ''}`);
      }
    }
    expect(plain).toEqual([]);
    expect(blocks).toBeGreaterThan(paths.length);
  });
});

describe('page structure', () => {
  it('should skip no heading level and let the keyboard reach every code block, on every page', async () => {
    const problems: string[] = [];
    for (const { path } of SITE_PAGES) {
      const html = await (await fetch(`${baseUrl}${path}`)).text();
      problems.push(...findStructureProblems(html).map((problem) => `${path}: ${problem}`));
    }
    expect(problems).toEqual([]);
  });
});

describe('text between links', () => {
  it('should keep a space on both sides of every "·" separator and before a link on every page', async () => {
    // A "·" the owner wrote is theirs: the Greek ano teleia ("πελατών·") and the Catalan
    // "col·lecció" have none; only a pair that content/ does not hold is the site's.
    const contentText = await readContentText();
    for (const { path } of SITE_PAGES) {
      const html = await (await fetch(`${baseUrl}${path}`)).text();
      const body = html.slice(html.indexOf('<body'));
      const text = body.replace(/<(script|style)\b[\s\S]*?<\/\1>/g, '').replace(/<[^>]+>/g, '');
      expect(text, path).toContain('For AI agents: llms.txt · ');
      const unspaced = text.match(/\S·|·[^\s]/g) ?? [];
      expect(
        unspaced.filter((pair) => !contentText.includes(pair)),
        path,
      ).toEqual([]);
      // The footer's company name once ran into its link ("Inc.https://…"); a separator sets
      // them apart, not a sentence's full stop, which is Latin in no script but Latin's.
      const footer = decodeHtmlCode(body.slice(body.indexOf('<footer')));
      expect(footer, path).toContain(` · ${formatWebsite(content.company.website)}`);
    }
  });
});
