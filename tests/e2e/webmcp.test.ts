import type { Page } from 'playwright';
import { describe, expect, inject, it } from 'vitest';
import { listWebMcpTools } from '../../src/documents/webmcp-tools.ts';
import { loadExpectedSite } from '../support/expected-site.ts';
import { useTestBrowser } from '../support/browser.ts';

const baseUrl = inject('baseUrl');
const { browser } = useTestBrowser();

/** What the page under test registered with the stand-in `modelContext`. */
interface Recorded {
  names: string[];
  signals: boolean[];
  readOnly: boolean[];
}

/**
 * Opens the home page with a stand-in for WebMCP's `modelContext` on `document` (the shipping
 * API, a Promise-returning registerTool that takes a signal) or on `navigator` (the fallback).
 */
async function openWith(where: 'document' | 'navigator' | 'none'): Promise<Page> {
  const context = await browser.newContext();
  await context.addInitScript((target) => {
    const recorded = {
      names: [] as string[],
      signals: [] as AbortSignal[],
      tools: [] as unknown[],
    };
    (window as unknown as { __webmcp: unknown }).__webmcp = recorded;
    if (target === 'none') return;
    const modelContext = {
      registerTool(tool: { name: string }, options: { signal?: AbortSignal } = {}) {
        recorded.names.push(tool.name);
        recorded.tools.push(tool);
        if (options.signal) recorded.signals.push(options.signal);
        return Promise.resolve();
      },
    };
    Object.defineProperty(
      target === 'document' ? Document.prototype : Navigator.prototype,
      'modelContext',
      {
        get: () => modelContext,
        configurable: true,
      },
    );
  }, where);
  const page = await context.newPage();
  await page.goto(`${baseUrl}/`, { waitUntil: 'load' });
  return page;
}

async function readRecorded(page: Page): Promise<Recorded> {
  return page.evaluate(() => {
    const r = (
      window as unknown as {
        __webmcp: {
          names: string[];
          signals: AbortSignal[];
          tools: { annotations?: { readOnlyHint?: boolean } }[];
        };
      }
    ).__webmcp;
    return {
      names: r.names,
      signals: r.signals.map((signal) => signal.aborted),
      readOnly: r.tools.map((tool) => tool.annotations?.readOnlyHint === true),
    };
  });
}

/** Every MCP tool of src/mcp/tools/, then the page's Markdown version. */
const WEBMCP_TOOLS = listWebMcpTools(
  (await loadExpectedSite('https://facts.example.com')).mcpTools,
);

describe('WebMCP registration', () => {
  it.each(['document', 'navigator'] as const)(
    'should register every tool read-only with one signal through %s.modelContext',
    async (where) => {
      const page = await openWith(where);
      await page.waitForFunction(
        () => (window as unknown as { __webmcp: { names: string[] } }).__webmcp.names.length >= 3,
      );
      const recorded = await readRecorded(page);
      expect(recorded.names).toEqual(WEBMCP_TOOLS.map((tool) => tool.name));
      expect(recorded.signals).toEqual(WEBMCP_TOOLS.map(() => false));
      expect(recorded.readOnly).toEqual(WEBMCP_TOOLS.map(() => true));
      await page.context().close();
    },
  );

  it('should unregister the tools by aborting their signal when the page is hidden', async () => {
    const page = await openWith('document');
    await page.waitForFunction(
      () => (window as unknown as { __webmcp: { names: string[] } }).__webmcp.names.length >= 3,
    );
    await page.evaluate(() =>
      dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false })),
    );
    expect((await readRecorded(page)).signals).toEqual(WEBMCP_TOOLS.map(() => true));
    await page.context().close();
  });

  it('should answer a tool call from the page through the MCP endpoint', async () => {
    const page = await openWith('document');
    await page.waitForFunction(
      () => (window as unknown as { __webmcp: { names: string[] } }).__webmcp.names.length >= 3,
    );
    const text = await page.evaluate(async () => {
      const r = (
        window as unknown as {
          __webmcp: {
            tools: { name: string; execute(i: object): Promise<{ content: { text: string }[] }> }[];
          };
        }
      ).__webmcp;
      const tool = r.tools.find((t) => t.name === 'get_company_overview');
      return (await tool?.execute({}))?.content[0]?.text ?? '';
    });
    expect(JSON.parse(text)).toHaveProperty('apiVersion');
    await page.context().close();
  });

  it('should register nothing and raise no error where no modelContext exists', async () => {
    const page = await openWith('none');
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.reload({ waitUntil: 'load' });
    expect((await readRecorded(page)).names).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
