import type { Page } from 'playwright';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { buildMcpServerKey } from '../../src/reference/mcp-client-configs.ts';
import type { SiteContent } from '../../src/schemas/site-content.ts';
import { useTestBrowser } from '../support/browser.ts';
import { loadSampleContent } from '../support/sample-content.ts';

const baseUrl = inject('baseUrl');
const PAGES = ['/developers', '/docs', '/glossary', '/errors'] as const;

const { browser } = useTestBrowser();
let content: SiteContent;
let serverKey: string;

beforeAll(async () => {
  content = await loadSampleContent();
  serverKey = buildMcpServerKey(content.company);
});

/**
 * Opens a page as served (its own Content-Security-Policy), with clipboard access granted, and
 * opens its "Copy page" menu (a menu button with JavaScript, a disclosure without).
 */
async function openPage(path: string, javaScriptEnabled = true) {
  const context = await browser.newContext({ javaScriptEnabled });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${baseUrl}${path}`, { waitUntil: 'load' });
  const actions = page.getByRole('navigation', { name: 'Page actions' });
  if (javaScriptEnabled) {
    await actions.getByRole('button', { name: 'Copy page', exact: true }).click();
  } else {
    await actions.getByText('Copy page', { exact: true }).click();
  }
  return { context, page, errors, actions };
}

async function hrefOf(page: Page, name: string): Promise<string> {
  const link = page.getByRole('navigation', { name: 'Page actions' }).getByRole('link', { name });
  expect(await link.isVisible()).toBe(true);
  return (await link.getAttribute('href')) ?? '';
}

describe('page actions', () => {
  it.each(PAGES)(
    'should link %s to its Markdown version and to ChatGPT, Claude, Cursor and VS Code without JavaScript',
    async (path) => {
      const { context, page, actions } = await openPage(path, false);
      const markdownUrl = `${baseUrl}${path}.md`;
      expect(await hrefOf(page, 'View as Markdown')).toBe(`${path}.md`);
      const markdown = await fetch(markdownUrl);
      expect(markdown.status).toBe(200);
      expect(markdown.headers.get('content-type')).toMatch(/^text\/markdown/);

      for (const [name, base] of [
        ['Open in ChatGPT', 'https://chatgpt.com/'],
        ['Open in Claude', 'https://claude.ai/new'],
      ] as const) {
        const link = new URL(await hrefOf(page, name));
        expect(`${link.origin}${link.pathname}`).toBe(base);
        expect(link.searchParams.get('q')).toContain(` ${markdownUrl} `);
      }

      const cursor = new URL(await hrefOf(page, 'Add to Cursor'));
      expect(`${cursor.protocol}//${cursor.host}${cursor.pathname}`).toBe(
        'cursor://anysphere.cursor-deeplink/mcp/install',
      );
      expect(cursor.searchParams.get('name')).toBe(serverKey);
      expect(JSON.parse(atob(cursor.searchParams.get('config') ?? ''))).toEqual({
        url: `${baseUrl}/mcp`,
      });

      const vsCode = await hrefOf(page, 'Add to VS Code');
      expect(vsCode.startsWith('vscode:mcp/install?')).toBe(true);
      expect(JSON.parse(decodeURIComponent(vsCode.slice('vscode:mcp/install?'.length)))).toEqual({
        name: serverKey,
        type: 'http',
        url: `${baseUrl}/mcp`,
      });

      expect(await actions.locator('code').innerText()).toBe(
        `claude mcp add --transport http ${serverKey} ${baseUrl}/mcp`,
      );
      // The copy buttons cannot work without JavaScript, so they are not shown.
      expect(await actions.locator('button').count()).toBe(2);
      for (const button of await actions.locator('button').all()) {
        expect(await button.isVisible()).toBe(false);
      }
      await context.close();
    },
  );

  it('should install the same server entry as the Cursor configuration shown on /developers', async () => {
    const { context, page } = await openPage('/developers', false);
    const cursor = new URL(await hrefOf(page, 'Add to Cursor'));
    const shown = JSON.parse(
      await page.locator('[data-label="Cursor configuration"] code').innerText(),
    ) as { mcpServers: Record<string, unknown> };
    expect(JSON.parse(atob(cursor.searchParams.get('config') ?? ''))).toEqual(
      shown.mcpServers[serverKey],
    );
    await context.close();
  });

  it.each(PAGES)('should copy %s as Markdown to the clipboard and say so', async (path) => {
    const { context, page, actions, errors } = await openPage(path);
    const button = actions.getByRole('menuitem', { name: 'Copy page as Markdown' });
    await button.click();
    // /docs.md is large: fetched and written to the clipboard, on a busy machine, beyond 1 s.
    // The button says it for two seconds (its name changes, so it is found by its attribute).
    await expect
      .poll(() => actions.locator('[data-copy-markdown]').innerText(), { timeout: 10_000 })
      .toBe('Copied');
    expect(await actions.getByRole('status').innerText()).toBe(
      'Copied the page as Markdown to the clipboard.',
    );
    const expected = await (await fetch(`${baseUrl}${path}.md`)).text();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(expected);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('should copy the Claude Code command to the clipboard and say so', async () => {
    const { context, page, actions } = await openPage('/docs');
    await actions.getByRole('menuitem', { name: 'Copy the Claude Code command' }).click();
    await expect
      .poll(() => actions.getByRole('status').innerText(), { timeout: 10_000 })
      .toBe('Copied the Claude Code command to the clipboard.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `claude mcp add --transport http ${serverKey} ${baseUrl}/mcp`,
    );
    await context.close();
  });

  it('should say so, and leave the clipboard alone, when the Markdown version fails', async () => {
    const { context, page, actions } = await openPage('/docs');
    await page.evaluate(() => navigator.clipboard.writeText('before'));
    await page.route('**/docs.md', (route) => route.fulfill({ status: 503, body: 'down' }));
    await actions.getByRole('menuitem', { name: 'Copy page as Markdown' }).click();
    await expect
      .poll(() => actions.getByRole('status').innerText(), { timeout: 10_000 })
      .toMatch(/^Copying the page as Markdown failed \(.+\); select the text and copy it\.$/);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('before');
    await context.close();
  });
});
