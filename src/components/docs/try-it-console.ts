/**
 * The sending half of the try-it consoles, loaded on first use: checks an MCP tool's arguments
 * against the fields generated from its input schema, sends the request to this origin, shows
 * whether it succeeded (a tool error or JSON-RPC error in a 200 is an error), the time taken, the
 * body and the headers, and copies what was sent as a curl command. DOM methods only (no HTML
 * strings), so the strict Content-Security-Policy holds.
 * @see MCP 2025-11-25 basic/transports; https://fetch.spec.whatwg.org/
 */
import type { SampleRequest } from '../../documents/code-samples.ts';
import { formatDuration, judgeConsoleAnswer } from '../../reference/console-answers.ts';
import {
  buildRestConsoleRequest,
  buildToolConsoleRequest,
  formatConsoleCurl,
} from '../../reference/console-requests.ts';
import { checkToolArguments, type ArgumentField } from '../../reference/tool-argument-form.ts';

/** What each console last sent, for "Copy as curl". */
const sentRequests = new WeakMap<HTMLFormElement, SampleRequest>();

/** What a console's status line says: refused, sending, answered well or badly, or failed. */
type ConsoleState = 'refused' | 'sending' | 'success' | 'error';

function readFields(form: HTMLFormElement): ArgumentField[] {
  return JSON.parse(form.dataset.fields ?? '[]') as ArgumentField[];
}

function readValues(form: HTMLFormElement, fields: readonly ArgumentField[]) {
  const values: Record<string, string> = {};
  for (const field of fields) {
    const control = form.elements.namedItem(field.name);
    if (control instanceof HTMLInputElement || control instanceof HTMLSelectElement) {
      values[field.name] = control.value;
    }
  }
  return values;
}

function find<T extends HTMLElement = HTMLElement>(form: HTMLFormElement, name: string) {
  return form.querySelector<T>(`[data-try-it-${name}]`);
}

/** Sets the status line, and the error under it (empty hides it). */
function report(form: HTMLFormElement, state: ConsoleState, text: string, problem = ''): void {
  const status = find(form, 'status');
  if (status) {
    status.textContent = text;
    status.dataset.outcome = state;
  }
  const problemOutput = find(form, 'problem');
  if (problemOutput) {
    problemOutput.textContent = problem;
    problemOutput.hidden = problem === '';
  }
}

/** Hides and empties the last answer, so nothing on screen belongs to an earlier request. */
function clearAnswer(form: HTMLFormElement): void {
  const result = find(form, 'result');
  if (result) result.hidden = true;
  for (const name of ['body', 'headers']) {
    const output = find(form, name);
    if (output) output.textContent = '';
  }
}

/** Marks each refused field and returns the request to send, or undefined when one is refused. */
function buildCheckedRequest(form: HTMLFormElement): SampleRequest | undefined {
  const path = form.dataset.path ?? '';
  if (form.dataset.kind !== 'mcp')
    return buildRestConsoleRequest(form.dataset.method ?? 'GET', path);
  const fields = readFields(form);
  const check = checkToolArguments(fields, readValues(form, fields));
  const messages = new Map(
    check.ok ? [] : check.errors.map((error) => [error.name, error.message]),
  );
  for (const field of fields) {
    const control = form.elements.namedItem(field.name);
    const message = messages.get(field.name);
    if (control instanceof HTMLElement)
      control.setAttribute('aria-invalid', String(Boolean(message)));
    const output = form.querySelector<HTMLElement>(
      `[data-field-error="${CSS.escape(field.name)}"]`,
    );
    if (output) output.textContent = message ?? '';
  }
  if (!check.ok) {
    report(form, 'refused', `Not sent: ${check.errors.map((error) => error.message).join(' ')}`);
    const first = form.elements.namedItem(check.errors[0]?.name ?? '');
    if (first instanceof HTMLElement) first.focus();
    return undefined;
  }
  return buildToolConsoleRequest(path, form.dataset.tool ?? '', check.arguments);
}

/** The body as received, JSON indented for reading. */
function formatBody(text: string, contentType: string): string {
  if (!/json/i.test(contentType)) return text;
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** Sends the console's request and shows the answer. */
export async function sendConsoleRequest(form: HTMLFormElement): Promise<void> {
  clearAnswer(form);
  const request = buildCheckedRequest(form);
  if (!request) return;
  report(form, 'sending', `Sending ${request.method} ${request.url}…`);
  sentRequests.set(form, request);
  const copy = find<HTMLButtonElement>(form, 'copy');
  if (copy) copy.hidden = false;
  const started = performance.now();
  let response: Response;
  let text: string;
  try {
    response = await fetch(request.url, {
      method: request.method,
      headers: request.headers.map(([name, value]): [string, string] => [name, value]),
      ...(request.body?.kind === 'json' ? { body: JSON.stringify(request.body.value) } : {}),
    });
    text = await response.text();
  } catch (error) {
    report(form, 'error', 'No answer.', `The request failed before an answer: ${String(error)}`);
    return;
  }
  const took = formatDuration(performance.now() - started);
  const contentType = response.headers.get('content-type') ?? '';
  const kind = form.dataset.kind === 'mcp' ? 'mcp' : 'rest';
  const answer = judgeConsoleAnswer(kind, response.status, contentType, text);
  const statusLine = `${response.status} ${response.statusText}`.trim();
  report(
    form,
    answer.outcome,
    `${statusLine} · ${took}`,
    answer.outcome === 'error' ? answer.summary : '',
  );
  const headers = [...response.headers];
  const headersOutput = find(form, 'headers');
  if (headersOutput) {
    headersOutput.textContent = headers.map(([name, value]) => `${name}: ${value}`).join('\n');
  }
  const headersSummary = find(form, 'headers-summary');
  if (headersSummary) headersSummary.textContent = `Response headers (${headers.length})`;
  const bodyOutput = find(form, 'body');
  if (bodyOutput) {
    bodyOutput.textContent =
      request.method === 'HEAD' ? '(no body: HEAD)' : formatBody(text, contentType);
  }
  const result = find(form, 'result');
  if (result) result.hidden = false;
}

/** Copies the console's last request as a curl command with an absolute URL. */
export async function copyConsoleCurl(form: HTMLFormElement): Promise<void> {
  const request = sentRequests.get(form);
  if (!request) return;
  const status = find(form, 'copied');
  try {
    await navigator.clipboard.writeText(formatConsoleCurl(request, location.href));
    if (status) status.textContent = 'Copied.';
  } catch {
    if (status) status.textContent = 'Copying failed; the browser refused the clipboard.';
  }
}
