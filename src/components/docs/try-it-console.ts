/**
 * The sending half of the try-it consoles, loaded on first use: checks an MCP tool's arguments
 * against the fields generated from its input schema, sends the request to this origin, shows
 * status, headers and body, and copies what was sent as a curl command. DOM methods only (no
 * HTML strings), so the strict Content-Security-Policy holds.
 * @see MCP 2025-11-25 basic/transports; https://fetch.spec.whatwg.org/
 */
import type { SampleRequest } from '../../documents/code-samples.ts';
import {
  buildRestConsoleRequest,
  buildToolConsoleRequest,
  formatConsoleCurl,
} from '../../reference/console-requests.ts';
import { checkToolArguments, type ArgumentField } from '../../reference/tool-argument-form.ts';

/** What each console last sent, for "Copy as curl". */
const sentRequests = new WeakMap<HTMLFormElement, SampleRequest>();

function readFields(form: HTMLFormElement): ArgumentField[] {
  return JSON.parse(form.dataset.fields ?? '[]') as ArgumentField[];
}

function readValues(form: HTMLFormElement, fields: readonly ArgumentField[]) {
  const values: Record<string, string | boolean> = {};
  for (const field of fields) {
    const control = form.elements.namedItem(field.name);
    if (control instanceof HTMLInputElement && control.type === 'checkbox') {
      values[field.name] = control.checked;
    } else if (control instanceof HTMLInputElement || control instanceof HTMLSelectElement) {
      values[field.name] = control.value;
    }
  }
  return values;
}

function setStatus(form: HTMLFormElement, text: string): void {
  const status = form.querySelector<HTMLElement>('[data-try-it-status]');
  if (status) status.textContent = text;
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
    setStatus(form, `Not sent: ${check.errors.map((error) => error.message).join(' ')}`);
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
  const request = buildCheckedRequest(form);
  if (!request) return;
  const result = form.querySelector<HTMLElement>('[data-try-it-result]');
  const headersOutput = form.querySelector<HTMLElement>('[data-try-it-headers]');
  const bodyOutput = form.querySelector<HTMLElement>('[data-try-it-body]');
  setStatus(form, `Sending ${request.method} ${request.url}…`);
  sentRequests.set(form, request);
  const copy = form.querySelector<HTMLButtonElement>('[data-try-it-copy]');
  if (copy) copy.hidden = false;
  let response: Response;
  try {
    response = await fetch(request.url, {
      method: request.method,
      headers: request.headers.map(([name, value]): [string, string] => [name, value]),
      ...(request.body?.kind === 'json' ? { body: JSON.stringify(request.body.value) } : {}),
    });
  } catch (error) {
    setStatus(form, `The request failed before an answer: ${String(error)}`);
    if (result) result.hidden = true;
    return;
  }
  const text = await response.text();
  setStatus(form, `${response.status} ${response.statusText}`.trim());
  if (headersOutput) {
    headersOutput.textContent = [...response.headers]
      .map(([name, value]) => `${name}: ${value}`)
      .join('\n');
  }
  if (bodyOutput) {
    bodyOutput.textContent =
      request.method === 'HEAD'
        ? '(no body: HEAD)'
        : formatBody(text, response.headers.get('content-type') ?? '');
  }
  if (result) result.hidden = false;
}

/** Copies the console's last request as a curl command with an absolute URL. */
export async function copyConsoleCurl(form: HTMLFormElement): Promise<void> {
  const request = sentRequests.get(form);
  if (!request) return;
  const status = form.querySelector<HTMLElement>('[data-try-it-copied]');
  try {
    await navigator.clipboard.writeText(formatConsoleCurl(request, location.href));
    if (status) status.textContent = 'Copied.';
  } catch {
    if (status) status.textContent = 'Copying failed; the browser refused the clipboard.';
  }
}
