import type { Locator, Page, Request } from 'playwright';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { listReferenceOperations } from '../../src/reference/api-reference.ts';
import type { ArgumentField } from '../../src/reference/tool-argument-form.ts';
import { SERVICE_PATHS } from '../../src/service/urls.ts';
import {
  checkAccessibility,
  saveScreenshot,
  useTestBrowser,
  type VisitOptions,
} from '../support/browser.ts';
import { listPublishedToolNames } from '../support/mcp-requests.ts';

const baseUrl = inject('baseUrl');

const { visits } = useTestBrowser();
/** The pages that hold a console, found from the sitemap (not a list of our own), with their HTML. */
let consolePages: { path: string; html: string }[];

beforeAll(async () => {
  consolePages = await listConsolePages();
});

/** Every page of the sitemap whose HTML holds a try-it console. */
async function listConsolePages(): Promise<{ path: string; html: string }[]> {
  const sitemap = await (await fetch(`${baseUrl}/sitemap.xml`)).text();
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
    (match) => new URL(match[1] ?? '').pathname,
  );
  const pages: { path: string; html: string }[] = [];
  for (const path of paths) {
    const html = await (await fetch(`${baseUrl}${path}`)).text();
    if (html.includes('data-try-it-form')) pages.push({ path, html });
  }
  return pages;
}

/**
 * The console pages whose HTML holds every `[name="value"]` attribute a form selector names: the
 * only ones worth opening in the browser (each load of a reference page costs a 2-core machine
 * about half a second of CPU).
 */
function findConsolePages(selector: string): string[] {
  const attributes = [...selector.matchAll(/\[([\w-]+)="([^"]*)"\]/g)].map(
    ([, name, value]) => `${name}="${value}"`,
  );
  return consolePages
    .filter(({ html }) => attributes.every((attribute) => html.includes(attribute)))
    .map(({ path }) => path);
}

/** What the site publishes that should have a console: each REST read and each MCP tool. */
async function listExpectedConsoles(): Promise<string[]> {
  const openapi = (await (await fetch(`${baseUrl}${SERVICE_PATHS.openapi}`)).json()) as Record<
    string,
    unknown
  >;
  const reads = listReferenceOperations(openapi)
    .filter((operation) => operation.method === 'GET' || operation.method === 'HEAD')
    .filter((operation) => !operation.parameters.some((parameter) => parameter.required))
    .map((operation) => `${operation.method} ${new URL(operation.url).pathname}`);
  const tools = await listPublishedToolNames(baseUrl);
  return [...reads, ...tools.map((name) => `tools/call ${name}`)].sort();
}

/** A console's name: the request it sends. */
function readConsoleKey(form: Locator): Promise<string> {
  return form.evaluate((element) => {
    const data = (element as HTMLElement).dataset;
    return data.kind === 'mcp' ? `tools/call ${data.tool}` : `${data.method} ${data.path}`;
  });
}

function readFields(form: Locator): Promise<ArgumentField[]> {
  return form.evaluate((element) =>
    JSON.parse((element as HTMLElement).dataset.fields ?? '[]'),
  ) as Promise<ArgumentField[]>;
}

/** Presses the console's Send button and waits until its status line settles. */
async function send(form: Locator) {
  await form.getByRole('button', { name: 'Send request' }).click();
  const status = form.locator('[data-try-it-status]');
  await expect
    .poll(() => status.getAttribute('data-outcome'), { timeout: 15_000 })
    .toMatch(/^(success|error|refused)$/);
  return {
    outcome: await status.getAttribute('data-outcome'),
    status: await status.innerText(),
    problem: await form.locator('[data-try-it-problem]').textContent(),
    body: (await form.locator('[data-try-it-body]').textContent()) ?? '',
    resultShown: await form.locator('[data-try-it-result]').isVisible(),
  };
}

/** Puts the form back as the page served it, dropping options a test added. */
async function resetForm(form: Locator): Promise<void> {
  await form.evaluate((element) => {
    for (const option of element.querySelectorAll('option[data-test-added]')) option.remove();
    (element as HTMLFormElement).reset();
  });
}

/** Records the MCP requests the page sends from now on, with their JSON bodies, until stopped. */
function recordToolCalls(page: Page) {
  const calls: { name: string; arguments: unknown }[] = [];
  const record = (request: Request) => {
    if (request.method() !== 'POST' || new URL(request.url()).pathname !== '/mcp') return;
    const body = request.postDataJSON() as { params: { name: string; arguments: unknown } };
    calls.push(body.params);
  };
  page.on('request', record);
  return { calls, stop: () => page.off('request', record) };
}

function openPage(path: string, options: VisitOptions = {}) {
  return visits.visit(`${baseUrl}${path}`, options);
}

describe('the try-it consoles', () => {
  it('should have a console for every REST read and MCP tool, each succeeding as served and with every choice', async () => {
    expect(consolePages.length).toBeGreaterThan(0);
    const found = new Set<string>();
    let sent = 0;
    for (const { path } of consolePages) {
      const { page, errors } = await openPage(path);
      const { calls, stop } = recordToolCalls(page);
      for (const form of await page.locator('form[data-try-it-form]').all()) {
        const key = await readConsoleKey(form);
        found.add(key);
        const answer = await send(form);
        sent += 1;
        expect(answer, key).toMatchObject({ outcome: 'success', problem: '', resultShown: true });
        expect(answer.status, key).toMatch(/^2\d\d [A-Za-z ]+ · \d+(\.\d)? m?s$/);
        // The body comes first; the headers are folded until asked for.
        const order = await form.evaluate((element) => {
          const body = element.querySelector('[data-try-it-body]');
          const headers = element.querySelector('details [data-try-it-headers]');
          return body && headers ? body.compareDocumentPosition(headers) : 0;
        });
        expect(order & 4, key).toBe(4);
        expect(
          await form.locator('details').evaluate((details) => details.hasAttribute('open')),
        ).toBe(false);
        expect(await form.locator('[data-try-it-headers]').textContent(), key).toMatch(
          /^content-type: /m,
        );
        if (!key.startsWith('tools/call')) continue;
        const result = (JSON.parse(answer.body) as { result?: { isError?: boolean } }).result;
        expect(result?.isError ?? false, key).toBe(false);
        // Every option of every choice, sent as its typed value.
        for (const field of await readFields(form)) {
          for (const choice of field.choices ?? []) {
            await form.locator(`[name="${field.name}"]`).selectOption(String(choice.value));
            const chosen = await send(form);
            sent += 1;
            const label = `${key} ${field.name}=${String(choice.value)}`;
            expect(chosen.outcome, label).toBe('success');
            expect(JSON.parse(chosen.body).result.isError ?? false, label).toBe(false);
            const call = calls.at(-1)?.arguments as Record<string, unknown>;
            expect(call[field.name], label).toStrictEqual(choice.value);
          }
          await resetForm(form);
        }
      }
      stop();
      expect(errors).toEqual([]);
    }
    expect([...found].sort()).toEqual(await listExpectedConsoles());
    expect(sent).toBeGreaterThan(found.size);
  }, 180_000);

  it('should refuse each kind of invalid value under its field, clear the last answer and send nothing', async () => {
    let refusals = 0;
    for (const path of findConsolePages('form[data-kind="mcp"]')) {
      const { page, requests } = await openPage(path);
      for (const form of await page.locator('form[data-kind="mcp"]').all()) {
        const key = await readConsoleKey(form);
        for (const field of await readFields(form)) {
          const control = form.locator(`[name="${field.name}"]`);
          const cases: [string, (control: Locator) => Promise<void>, RegExp][] = [];
          if (field.required) {
            cases.push(['missing', (c) => c.evaluate(setValue, ''), /is required/]);
          }
          if (field.type === 'integer' || field.type === 'number') {
            cases.push(['wrong type', (c) => c.fill('abc'), /must be a (whole )?number/]);
          }
          if (field.maximum !== undefined) {
            const above = String(field.maximum + 1);
            cases.push(['above the maximum', (c) => c.fill(above), /must be at most/]);
          }
          if (field.maxLength !== undefined) {
            const long = 'x'.repeat(field.maxLength + 1);
            cases.push(['too long', (c) => c.evaluate(setValue, long), /must be at most/]);
          }
          if (field.choices) {
            cases.push(['out of enum', (c) => c.evaluate(addOption), /must be one of/]);
          }
          for (const [kind, enter, message] of cases) {
            const label = `${key} ${field.name}: ${kind}`;
            await resetForm(form);
            expect((await send(form)).outcome, label).toBe('success');
            const before = requests.length;
            await enter(control);
            const answer = await send(form);
            refusals += 1;
            expect(answer.outcome, label).toBe('refused');
            expect(answer.status, label).toMatch(/^Not sent: /);
            expect(answer.resultShown, label).toBe(false);
            expect(answer.body, label).toBe('');
            const error = form.locator(`[data-field-error="${field.name}"]`);
            expect(await error.innerText(), label).toMatch(message);
            expect(await control.getAttribute('aria-invalid'), label).toBe('true');
            const errorId = await error.getAttribute('id');
            expect((await control.getAttribute('aria-describedby'))?.split(' '), label).toContain(
              errorId,
            );
            expect(
              requests.slice(before).filter((request) => request === '/mcp'),
              label,
            ).toEqual([]);
          }
          await resetForm(form);
        }
      }
    }
    expect(refusals).toBeGreaterThanOrEqual(5);
  }, 180_000);
});

/** Sets a control's value as a paste or a script would, past what typing allows. */
function setValue(element: Element, value: string): void {
  (element as HTMLInputElement | HTMLSelectElement).value = value;
}

/** Adds and selects an option the schema does not allow, as a stale or altered page would. */
function addOption(element: Element): void {
  const option = document.createElement('option');
  option.value = 'not-a-choice';
  option.textContent = 'not-a-choice';
  option.dataset.testAdded = '';
  element.append(option);
  (element as HTMLSelectElement).value = 'not-a-choice';
}

/** The first page holding a console that matches the selector, and that console. */
async function openConsole(selector: string, options: VisitOptions = {}) {
  for (const path of findConsolePages(selector)) {
    const opened = await openPage(path, options);
    const form = opened.page.locator(selector).first();
    if ((await form.count()) > 0) return { ...opened, form };
  }
  throw new Error(`No page holds a console ${selector}`);
}

/** Lets the tool itself judge one argument: its field becomes free text, unchecked by the form. */
async function freeField(form: Locator, name: string, value: string): Promise<void> {
  await form.evaluate(
    (element, [fieldName, text]) => {
      const data = (element as HTMLElement).dataset;
      const fields = JSON.parse(data.fields ?? '[]') as { name: string }[];
      data.fields = JSON.stringify(
        fields.map((field) =>
          field.name === fieldName ? { name: fieldName, required: true, type: 'string' } : field,
        ),
      );
      const control = element.querySelector(`[name="${fieldName}"]`);
      const input = document.createElement('input');
      // The same id and description, so the field's label and hint still name it.
      input.id = control?.id ?? '';
      input.setAttribute('aria-describedby', control?.getAttribute('aria-describedby') ?? '');
      input.type = 'text';
      input.name = fieldName ?? '';
      input.value = text ?? '';
      control?.replaceWith(input);
    },
    [name, value],
  );
}

describe('answers that are errors', () => {
  it('should show a tool result with isError as an error, with the body', async () => {
    const { form } = await openConsole('form[data-tool="get_agent_document"]');
    // The page's form offers only the documents that exist; a free field lets the tool itself
    // refuse the argument, as it does for a client that sends anything.
    await freeField(form, 'document', 'nothing.txt');
    const answer = await send(form);
    expect(answer.outcome).toBe('error');
    expect(answer.status).toMatch(/^200 OK · /);
    expect(answer.problem).toMatch(/^Tool error: Invalid arguments for get_agent_document/);
    expect(JSON.parse(answer.body).result.isError).toBe(true);
  });

  it('should show a JSON-RPC error as an error', async () => {
    const { page, form } = await openConsole('form[data-tool="get_company_overview"]');
    await form.evaluate((element) => {
      (element as HTMLElement).dataset.tool = 'no_such_tool';
    });
    const answer = await send(page.locator('form[data-tool="no_such_tool"]'));
    expect(answer.outcome).toBe('error');
    expect(answer.problem).toMatch(/^JSON-RPC error -32602: Unknown tool: no_such_tool/);
  });

  it('should show a Problem answer as an error with its title', async () => {
    const { form } = await openConsole('form[data-kind="rest"][data-method="GET"]');
    await form.evaluate((element) => {
      (element as HTMLElement).dataset.path = '/api/v1/no-such-document';
    });
    const answer = await send(form);
    expect(answer.outcome).toBe('error');
    expect(answer.status).toMatch(/^404 /);
    expect(answer.problem).toMatch(/^HTTP error 404: /);
    expect(JSON.parse(answer.body)).toMatchObject({ status: 404 });
  });
});

describe.each(['light', 'dark'] as const)('a console in the %s theme', (colorScheme) => {
  it('should have no axe-core violations answered, refused and failed, at 1280 and 390 px', async () => {
    const { page, form, errors } = await openConsole('form[data-tool="search_site_copy"]', {
      colorScheme,
    });
    const shoot = async (state: string) => {
      if (process.env.SCREENSHOTS !== '1') return;
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
        await form.evaluate((element) => {
          element.scrollIntoView({ block: 'start' });
          window.scrollBy(0, -16);
        });
        await saveScreenshot(page, `console-${state}-${colorScheme}-${width}.png`);
      }
    };
    await shoot('before');
    expect((await send(form)).outcome).toBe('success');
    await shoot('answered');
    await form.locator('[name="limit"]').fill('99');
    expect((await send(form)).outcome).toBe('refused');
    await shoot('refused');
    const refusedViolations = await checkAccessibility(page, ['[data-try-it]']);
    expect(refusedViolations.violations.map((violation) => violation.id)).toEqual([]);
    await resetForm(form);
    await freeField(form, 'limit', '99');
    expect((await send(form)).problem).toMatch(/^Tool error: /);
    await form.locator('summary').click();
    await shoot('error');
    const results = await checkAccessibility(page, ['[data-try-it]']);
    expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
    expect(errors).toEqual([]);
  }, 180_000);
});
