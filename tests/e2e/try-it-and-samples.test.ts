import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Page } from 'playwright';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { SiteContent } from '../../src/schemas/site-content.ts';
import {
  checkAccessibility,
  type OpenPageOptions,
  openRecordedPage,
  saveScreenshot,
  useTestBrowser,
} from '../support/browser.ts';
import { listPublishedToolNames } from '../support/mcp-requests.ts';
import { loadSampleContent } from '../support/sample-content.ts';

const baseUrl = inject('baseUrl');
const run = promisify(execFile);

const { browser } = useTestBrowser();
let content: SiteContent;

beforeAll(async () => {
  content = await loadSampleContent();
});

/** Opens a page of the site as served, recording its errors and requests. */
function openPage(path: string, options: OpenPageOptions = {}) {
  return openRecordedPage(browser, `${baseUrl}${path}`, options);
}

/** Sends a console's request and waits for its status line. */
async function sendConsole(page: Page, form: string) {
  const console = page.locator(form);
  await console.getByRole('button', { name: 'Send request' }).click();
  const status = console.locator('[data-try-it-status]');
  await expect.poll(() => status.innerText(), { timeout: 15_000 }).toMatch(/^\d{3}|^Not sent/);
  return {
    status: await status.innerText(),
    // The headers are folded in a <details>: their text, not what is shown.
    headers: (await console.locator('[data-try-it-headers]').textContent()) ?? '',
    body: await console.locator('[data-try-it-body]').innerText(),
  };
}

/** The page of an MCP tool, where its console is. */
const toolPage = (name: string) => `/docs/mcp/tools/${name}`;

describe('try-it consoles on the reference pages', () => {
  it('should show a real answer of a REST read, loading the console code only on first use', async () => {
    const { context, page, errors, requests } = await openPage('/docs/api/getOverview');
    expect(requests.filter((path) => path.includes('try-it-console'))).toEqual([]);
    const answer = await sendConsole(page, 'form[data-path="/api/v1/overview"]');
    expect(answer.status).toMatch(/^200 OK · \d+ m?s$/);
    expect(answer.headers).toMatch(/^content-type: application\/json/m);
    expect(JSON.parse(answer.body)).toMatchObject({ name: content.company.name });
    expect(requests.filter((path) => path.includes('try-it-console'))).toHaveLength(1);
    expect(requests).toContain('/api/v1/overview');
    expect(errors).toEqual([]);
    await context.close();
  });

  // One page per tool: six page loads, on a machine shared with other runs.
  it('should call every MCP tool from its console and show its structured result', async () => {
    const { context, page, errors } = await openPage('/docs');
    const tools = await listPublishedToolNames(baseUrl);
    for (const tool of tools) {
      await page.goto(`${baseUrl}${toolPage(tool)}`, { waitUntil: 'load' });
      const consoles = await page
        .locator('form[data-kind="mcp"]')
        .evaluateAll((forms) => forms.map((form) => (form as HTMLElement).dataset.tool));
      expect(consoles).toEqual([tool]);
      const form = `form[data-tool="${tool}"]`;
      const query = page.locator(`${form} input[name="query"]`);
      if ((await query.count()) > 0) await query.fill('security');
      const answer = await sendConsole(page, form);
      expect(answer.status, tool).toMatch(/^200 OK · /);
      const body = JSON.parse(answer.body) as {
        result?: { isError?: boolean; structuredContent?: unknown };
      };
      expect(body.result?.isError ?? false, tool).toBe(false);
      expect(body.result?.structuredContent, tool).toBeTruthy();
    }
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);

  it('should refuse bad arguments before sending anything', async () => {
    const { context, page, requests } = await openPage(toolPage('search_site_copy'));
    const form = 'form[data-tool="search_site_copy"]';
    const cases: [string, string, RegExp][] = [
      ['', '', /query is required/],
      ['security', 'abc', /limit must be a whole number/],
      ['security', '21', /limit must be at most 20/],
      ['x'.repeat(201), '', /query must be at most 200 characters/],
    ];
    for (const [query, limit, message] of cases) {
      // maxlength stops typing past the bound, so a pasted value is set directly.
      await page.locator(`${form} input[name="query"]`).evaluate((input, value) => {
        (input as HTMLInputElement).value = value;
      }, query);
      await page.locator(`${form} input[name="limit"]`).fill(limit);
      const answer = await sendConsole(page, form);
      expect(answer.status).toMatch(message);
      expect(answer.status).toMatch(/^Not sent/);
    }
    expect(await page.locator(`${form} input[name="query"]`).getAttribute('aria-invalid')).toBe(
      'true',
    );
    expect(await page.locator(`${form} [data-field-error="query"]`).innerText()).toMatch(/query/);
    expect(requests.filter((path) => path === '/mcp')).toEqual([]);
    await context.close();
  });

  it('should copy what was sent as a curl command that answers the same', async () => {
    const { context, page } = await openPage(toolPage('search_site_copy'));
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    const form = 'form[data-tool="search_site_copy"]';
    await page.locator(`${form} input[name="query"]`).fill('security');
    await page.locator(`${form} input[name="limit"]`).fill('2');
    const answer = await sendConsole(page, form);
    await page.locator(form).getByRole('button', { name: 'Copy as curl' }).click();
    await expect
      .poll(() => page.locator(`${form} [data-try-it-copied]`).innerText())
      .toBe('Copied.');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain(`curl -s -X POST ${baseUrl}/mcp`);
    expect(copied).toContain(`-H 'MCP-Protocol-Version: 2025-11-25'`);
    expect(copied).toContain('"arguments":{"query":"security","limit":2}');
    const { stdout } = await run('sh', ['-c', copied], { timeout: 10_000 });
    expect(JSON.parse(stdout)).toEqual(JSON.parse(answer.body));
    await context.close();
  });

  it('should hide the consoles without JavaScript and show every sample', async () => {
    const { context, page } = await openPage(toolPage('search_site_copy'), {
      javaScriptEnabled: false,
    });
    expect(await page.locator('form[data-try-it-form]').count()).toBe(1);
    expect(await page.locator('form[data-try-it-form]').first().isVisible()).toBe(false);
    const groups = await page.locator('[data-code-samples]').count();
    expect(groups).toBe(1);
    // The tab row is in the page but not displayed: no tab list reaches assistive technology.
    expect(await page.getByRole('tablist').count()).toBe(0);
    // A tool's samples: the request in three languages, then the two official SDK clients.
    const languages = ['curl', 'JavaScript', 'Python', 'TypeScript SDK', 'Python SDK'];
    for (const language of languages) {
      const captions = page.locator('.code-sample-language', {
        hasText: new RegExp(`^${language}$`),
      });
      expect(await captions.count()).toBe(groups);
      expect(await captions.first().isVisible()).toBe(true);
    }
    const visibleSamples = await page
      .locator('[data-sample-language]')
      .evaluateAll(
        (panels) => panels.filter((panel) => (panel as HTMLElement).offsetParent).length,
      );
    expect(visibleSamples).toBe(groups * languages.length);
    await context.close();
  });
});

describe('sample tabs', () => {
  it('should move nothing when the scripts mount the tabs and the copy buttons', async () => {
    // The tab row and the copy buttons' room are laid out before any script runs: the samples
    // and the example answer under them stand where they stood with every script blocked.
    // At 390 px a tool's five tabs wrap to two rows.
    const measure = async (withScripts: boolean, width: number) => {
      const { context, page, requests } = await openPage(toolPage('search_site'));
      await page.setViewportSize({ width, height: 800 });
      if (!withScripts) await context.route('**/_astro/*.js', (route) => route.abort());
      await page.reload({ waitUntil: 'load' });
      const boxes = await page.evaluate(() =>
        ['.docs-operation-aside [data-code-samples]', '.docs-operation-aside .docs-example'].map(
          (selector) => {
            const box = document.querySelector(selector)?.getBoundingClientRect();
            return box && { top: box.top, height: box.height };
          },
        ),
      );
      const tabRows = await page
        .locator('.docs-operation-aside [role="tablist"]')
        .first()
        .evaluate((row) => row.getBoundingClientRect().height);
      const mounted = await page.locator('[data-tabs-mounted]').count();
      await context.close();
      return { boxes, tabRows, mounted, scripts: requests.filter((path) => path.endsWith('.js')) };
    };
    for (const width of [1280, 390]) {
      const before = await measure(false, width);
      const after = await measure(true, width);
      expect(before.mounted).toBe(0);
      expect(after.mounted).toBeGreaterThan(0);
      expect(after.scripts.length).toBeGreaterThan(0);
      expect(after.boxes[0]?.height).toBeGreaterThan(0);
      expect(before.boxes, `${width} px`).toEqual(after.boxes);
      expect(before.tabRows).toBe(after.tabRows);
      // The wrapped case is measured: the tab row is more than one row high at 390 px.
      if (width === 390) expect(after.tabRows).toBeGreaterThan(40);
    }
  });

  it('should show one language at a time, switch every group together and remember it across a reload', async () => {
    const { context, page, errors } = await openPage('/developers');
    const groups = await page.locator('[data-code-samples]').count();
    expect(groups).toBe(4);
    expect(await page.getByRole('tablist').count()).toBe(groups);
    const visibleLanguages = () =>
      page
        .locator('[data-code-samples] [role="tabpanel"]')
        .evaluateAll((panels) =>
          panels
            .filter((panel) => !(panel as HTMLElement).hidden)
            .map((panel) => (panel as HTMLElement).dataset.sampleLanguage),
        );
    expect(await visibleLanguages()).toEqual(Array(groups).fill('curl'));
    await page.getByRole('tab', { name: 'Python' }).nth(2).click();
    expect(await visibleLanguages()).toEqual(Array(groups).fill('python'));
    expect(
      await page.getByRole('tab', { name: 'Python' }).first().getAttribute('aria-selected'),
    ).toBe('true');
    await page.reload({ waitUntil: 'load' });
    expect(await visibleLanguages()).toEqual(Array(groups).fill('python'));
    // Arrow keys move along the tabs and select, as the ARIA tabs pattern asks.
    await page.getByRole('tab', { name: 'Python' }).first().focus();
    await page.keyboard.press('ArrowLeft');
    expect(await visibleLanguages()).toEqual(Array(groups).fill('javascript'));
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('JavaScript');
    const sample = await page.locator('[role="tabpanel"]:not([hidden]) code').first().innerText();
    expect(sample).toMatch(/^const response = await fetch\('http/);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe.each(['light', 'dark'] as const)('consoles and samples in the %s theme', (colorScheme) => {
  it('should have no axe-core violations with a console answered and a tab chosen', async () => {
    const { context, page, errors } = await openPage(toolPage('search_site_copy'), { colorScheme });
    await page.locator('form[data-tool="search_site_copy"] input[name="query"]').fill('security');
    await sendConsole(page, 'form[data-tool="search_site_copy"]');
    await page.getByRole('tab', { name: 'Python' }).first().click();
    // The consoles and sample tabs in the states this test puts them in; the whole page, consoles
    // shown, is checked in both themes by pages.test.ts.
    const results = await checkAccessibility(page, ['[data-try-it]', '[data-code-samples]']);
    expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
    expect(errors).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page
      .locator('form[data-tool="search_site_copy"] [data-try-it-status]')
      .evaluate((status) => status.scrollIntoView({ block: 'start' }));
    await saveScreenshot(page, `docs-console-${colorScheme}-1280.png`);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.locator('#samples').scrollIntoViewIfNeeded();
    await saveScreenshot(page, `docs-samples-${colorScheme}-390.png`);
    await context.close();
  });
});
