/**
 * One HTTP request written out as the three samples the pages show: curl, JavaScript (fetch) and
 * Python (httpx). Every sample of /docs, /developers and their Markdown versions comes from here,
 * so the three languages always send the same request.
 * @see RFC 9110 §9 (methods); https://fetch.spec.whatwg.org/; https://www.python-httpx.org/api/
 */

/** The body of a sample request: a JSON value, or form fields (application/x-www-form-urlencoded). */
export type SampleBody =
  | { readonly kind: 'json'; readonly value: unknown }
  | { readonly kind: 'form'; readonly fields: readonly (readonly [string, string])[] };

/** A request as the samples send it; headers in the order they are written. */
export interface SampleRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: readonly (readonly [string, string])[];
  readonly body?: SampleBody | undefined;
}

/** The languages of the samples, in the order the tabs show them. */
export const SAMPLE_LANGUAGES = [
  { id: 'curl', label: 'curl', fence: 'sh' },
  { id: 'javascript', label: 'JavaScript', fence: 'javascript' },
  { id: 'python', label: 'Python', fence: 'python' },
] as const;

export type SampleLanguage = (typeof SAMPLE_LANGUAGES)[number]['id'];

/** The three samples of one request, by language. */
export type CodeSamples = Readonly<Record<SampleLanguage, string>>;

/** The languages a sample's code block is highlighted and fenced in. */
export type SampleFence = 'sh' | 'javascript' | 'typescript' | 'python';

/** One sample of a group of tabs: its tab's id and name, its code's language, its code. */
export interface CodeSample {
  readonly id: string;
  readonly label: string;
  readonly fence: SampleFence;
  readonly code: string;
}

/** The three samples of one request in the order the tabs show them. */
export function listCodeSamples(samples: CodeSamples): CodeSample[] {
  return SAMPLE_LANGUAGES.map((language) => ({
    id: language.id,
    label: language.label,
    fence: language.fence,
    code: samples[language.id],
  }));
}

/** Quotes a string for a POSIX shell in single quotes. */
export function quoteForShell(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/** Writes the request as a curl command, one option per line. */
export function formatCurlSample(request: SampleRequest): string {
  if (request.method === 'HEAD') return `curl -sI ${request.url}`;
  const start =
    request.method === 'GET'
      ? `curl -s ${request.url}`
      : `curl -s -X ${request.method} ${request.url}`;
  const headers = request.headers.map(
    ([name, value]) => `-H ${quoteForShell(`${name}: ${value}`)}`,
  );
  const body = request.body;
  const data =
    body?.kind === 'json'
      ? [`-d ${quoteForShell(JSON.stringify(body.value))}`]
      : (body?.fields.map(([name, value]) => `-d ${name}=${value}`) ?? []);
  return [start, ...headers, ...data].join(' \\\n  ');
}

/** Quotes a string for JavaScript in single quotes. */
export function quoteForJavaScript(value: string): string {
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`;
}

/** Indents every line after the first by `indent`. */
function indentContinuation(text: string, indent: string): string {
  return text.replace(/\n/g, `\n${indent}`);
}

/** Writes the request as a JavaScript module using fetch (Node 18+ and browsers). */
export function formatJavaScriptSample(request: SampleRequest): string {
  const options: string[] = [];
  if (request.method !== 'GET') options.push(`method: ${quoteForJavaScript(request.method)},`);
  if (request.headers.length > 0) {
    options.push(
      'headers: {',
      ...request.headers.map(
        ([name, value]) => `  ${quoteForJavaScript(name)}: ${quoteForJavaScript(value)},`,
      ),
      '},',
    );
  }
  const body = request.body;
  if (body?.kind === 'json') {
    options.push(
      `body: JSON.stringify(${indentContinuation(JSON.stringify(body.value, null, 2), '  ')}),`,
    );
  } else if (body?.kind === 'form') {
    options.push(
      'body: new URLSearchParams({',
      ...body.fields.map(([name, value]) => `  ${name}: ${quoteForJavaScript(value)},`),
      '}),',
    );
  }
  const call =
    options.length === 0
      ? `const response = await fetch(${quoteForJavaScript(request.url)});`
      : [
          `const response = await fetch(${quoteForJavaScript(request.url)}, {`,
          ...options.map((line) => `  ${line}`),
          '});',
        ].join('\n');
  const output =
    request.method === 'HEAD'
      ? 'for (const [name, value] of response.headers) console.log(`${name}: ${value}`);'
      : 'console.log(await response.text());';
  return [call, 'console.log(response.status);', output].join('\n');
}

/** A JSON value as a Python literal (True, False, None; strings as JSON writes them). */
export function formatPythonLiteral(value: unknown, indent = ''): string {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number' || typeof value === 'string') return JSON.stringify(value);
  const inner = `${indent}    `;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    const items = value.map((item) => `${inner}${formatPythonLiteral(item, inner)},`);
    return `[\n${items.join('\n')}\n${indent}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return '{}';
  const items = entries.map(
    ([key, item]) => `${inner}${JSON.stringify(key)}: ${formatPythonLiteral(item, inner)},`,
  );
  return `{\n${items.join('\n')}\n${indent}}`;
}

/** Writes the request as a Python script using httpx. */
export function formatPythonSample(request: SampleRequest): string {
  const method = request.method.toLowerCase();
  const args: string[] = [JSON.stringify(request.url)];
  if (request.headers.length > 0) {
    args.push(`headers=${formatPythonLiteral(Object.fromEntries(request.headers), '    ')}`);
  }
  const body = request.body;
  if (body?.kind === 'json') args.push(`json=${formatPythonLiteral(body.value, '    ')}`);
  if (body?.kind === 'form') {
    args.push(`data=${formatPythonLiteral(Object.fromEntries(body.fields), '    ')}`);
  }
  const call =
    args.length === 1
      ? `response = httpx.${method}(${args[0] ?? ''})`
      : `response = httpx.${method}(\n${args.map((arg) => `    ${arg},`).join('\n')}\n)`;
  const output =
    request.method === 'HEAD'
      ? 'for name, value in response.headers.items():\n    print(f"{name}: {value}")'
      : 'print(response.text)';
  return ['import httpx', '', call, 'print(response.status_code)', output].join('\n');
}

/** The request in all three languages. */
export function buildCodeSamples(request: SampleRequest): CodeSamples {
  return {
    curl: formatCurlSample(request),
    javascript: formatJavaScriptSample(request),
    python: formatPythonSample(request),
  };
}
