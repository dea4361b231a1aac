import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, inject, it } from 'vitest';

const baseUrl = inject('baseUrl');
const run = promisify(execFile);
const STATIC_DIR = join(inject('siteBuild').outputDir, 'static');

/** The shell blocks of a Markdown document, in order. */
function readMarkdownShellBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1] ?? '');
}

const ENTITIES: Record<string, string> = {
  '&lt;': '<',
  '&gt;': '>',
  '&amp;': '&',
  '&quot;': '"',
  '&#39;': "'",
};

/**
 * The code blocks of one language in an HTML page (`<code class="language-…">`) as a reader copies
 * them: Shiki's token spans dropped, entities unescaped.
 */
function readHtmlCodeBlocks(html: string, language: string): string[] {
  const pattern = new RegExp(`<code class="language-${language}"[^>]*>([\\s\\S]*?)</code>`, 'g');
  return [...html.matchAll(pattern)].map((match) =>
    (match[1] ?? '')
      .replace(/<\/span>\n?<span class="line">/g, '\n')
      .replace(/<[^>]+>/g, '')
      .replace(/&#x([0-9a-f]+);/gi, (_entity, hex: string) =>
        String.fromCodePoint(parseInt(hex, 16)),
      )
      .replace(/&(?:lt|gt|amp|quot|#39);/g, (entity) => ENTITIES[entity] ?? ''),
  );
}

/** Every HTML page of the build, by its URL path. */
async function listBuiltPages(): Promise<string[]> {
  const entries = await readdir(STATIC_DIR, { recursive: true });
  return entries
    .filter((entry) => entry.endsWith('.html'))
    .map(
      (entry) =>
        `/${relative('.', entry)
          .replace(/(^|\/)index\.html$/, '')
          .replace(/\.html$/, '')}`,
    )
    .sort();
}

interface CommandRun {
  readonly command: string;
  readonly status: number;
  readonly body: string;
}

/** Makes curl report each answer's status after its body, without changing the commands. */
let curlHome: string;
beforeAll(async () => {
  curlHome = await mkdtemp(join(tmpdir(), 'documented-commands-'));
  await writeFile(join(curlHome, '.curlrc'), 'write-out = "\\n%{http_code}"\n');
});

/** Debian's Python 3 with python3-httpx (installed by .ci/run); another can be named. */
const PYTHON_PATH = process.env.PYTHON_PATH ?? '/usr/bin/python3';

/** How a block of each language runs: curl under sh, JavaScript under this Node 24, Python 3. */
type SampleLanguage = 'sh' | 'javascript' | 'python';

const RUNNERS: Record<SampleLanguage, (code: string) => [string, string[]]> = {
  sh: (code) => ['sh', ['-c', code]],
  javascript: (code) => [process.execPath, ['--input-type=module', '-e', code]],
  python: (code) => [PYTHON_PATH, ['-c', code]],
};

/** Splits a run's output: curl writes the status last (.curlrc), the samples print it first. */
function readRunOutput(language: SampleLanguage, stdout: string): { status: number; body: string } {
  if (language === 'sh') {
    const cut = stdout.lastIndexOf('\n');
    return { status: Number(stdout.slice(cut + 1)), body: stdout.slice(0, cut) };
  }
  const cut = stdout.indexOf('\n');
  return { status: Number(stdout.slice(0, cut)), body: stdout.slice(cut + 1).trimEnd() };
}

/**
 * Runs blocks as written, filling <CLIENT_NAME>, then <CLIENT_ID> and <ACCESS_TOKEN> from
 * the answers of earlier blocks (of this call, or the values an earlier call found), as an agent
 * would; a block whose placeholder has no value yet waits until one does.
 */
async function runBlocks(
  blocks: readonly string[],
  language: SampleLanguage = 'sh',
  known: Readonly<Record<string, string>> = {},
) {
  const values: Record<string, string> = {
    '<CLIENT_NAME>': 'documented-commands test',
    ...known,
  };
  const runs: CommandRun[] = [];
  let pending = [...blocks];
  while (pending.length > 0) {
    const waiting: string[] = [];
    for (const block of pending) {
      const placeholders = block.match(/<[A-Z_]+>/g) ?? [];
      if (placeholders.some((placeholder) => values[placeholder] === undefined)) {
        waiting.push(block);
        continue;
      }
      const command = block.replace(/<[A-Z_]+>/g, (placeholder) => values[placeholder] ?? '');
      const [file, args] = RUNNERS[language](command);
      const { stdout } = await run(file, args, {
        timeout: 10_000,
        // Python writes its output in UTF-8, as in a UTF-8 terminal, whatever the test's locale.
        env: { ...process.env, CURL_HOME: curlHome, PYTHONUTF8: '1' },
      });
      const { status, body } = readRunOutput(language, stdout);
      runs.push({ command, status, body });
      if (body.startsWith('{')) {
        const output = JSON.parse(body) as Record<string, unknown>;
        if (typeof output.client_id === 'string') values['<CLIENT_ID>'] = output.client_id;
        if (typeof output.access_token === 'string') values['<ACCESS_TOKEN>'] = output.access_token;
      }
    }
    if (waiting.length === pending.length) {
      throw new Error(`no value for the placeholders of:\n${waiting.join('\n\n')}`);
    }
    pending = waiting;
  }
  return { runs, values };
}

/** A command succeeded: a 2xx answer (302 for a redirect) that is no JSON-RPC or tool error. */
function expectSuccess(result: CommandRun): void {
  expect(result.status, result.command).toBeGreaterThanOrEqual(200);
  expect(result.status, result.command).toBeLessThan(300);
  if (!result.body.startsWith('{')) return;
  const body = JSON.parse(result.body) as { error?: unknown; result?: { isError?: boolean } };
  expect(body.error, result.command).toBeUndefined();
  expect(body.result?.isError ?? false, result.command).toBe(false);
}

describe('every documented command', () => {
  it('should work as written in auth.md', async () => {
    const blocks = readMarkdownShellBlocks(await (await fetch(`${baseUrl}/auth.md`)).text());
    expect(blocks.length).toBeGreaterThanOrEqual(5);
    const { runs, values } = await runBlocks(blocks);
    for (const result of runs) expectSuccess(result);
    expect(values['<ACCESS_TOKEN>']).toBeTruthy();
    expect(JSON.parse(runs.at(-1)?.body ?? '')).toMatchObject({
      id: 1,
      result: { protocolVersion: '2024-11-05' },
    });
  });

  it.each([
    ['sh', 7, 2],
    ['javascript', 4, 2],
    ['python', 4, 2],
  ] as const)(
    'should run every %s block of every built page as written',
    async (language, developersAtLeast, docsAtLeast) => {
      const pages = await listBuiltPages();
      expect(pages).toEqual(expect.arrayContaining(['/', '/developers', '/docs']));
      const counts: Record<string, number> = {};
      // A block repeated on several pages (the error pages share their samples) runs once; one
      // with a placeholder always runs, since the blocks giving its values run with it.
      const seen = new Set<string>();
      // The reference gives registration and the token request pages of their own (in that
      // order), so a client_id found on one page fills the placeholder of the next.
      let known: Record<string, string> = {};
      for (const path of pages) {
        // The page as served, not as built: what a reader copies.
        const html = await (await fetch(`${baseUrl}${path}`)).text();
        const blocks = readHtmlCodeBlocks(html, language);
        counts[path] = blocks.length;
        const { runs, values } = await runBlocks(
          blocks.filter(
            (block) => /<[A-Z_]+>/.test(block) || (!seen.has(block) && seen.add(block)),
          ),
          language,
          known,
        );
        known = values;
        for (const result of runs) expectSuccess(result);
      }
      expect(counts['/developers']).toBeGreaterThanOrEqual(developersAtLeast);
      expect(counts['/docs']).toBeGreaterThanOrEqual(docsAtLeast);
    },
    // Every page of the reference has its samples: some ninety runs per language.
    240_000,
  );

  it('should give the same answer in curl, JavaScript and Python for each sample on /developers', async () => {
    const html = await (await fetch(`${baseUrl}/developers`)).text();
    const answers = await Promise.all(
      (['sh', 'javascript', 'python'] as const).map(async (language) => {
        // The REST quickstart and the three MCP steps, whose answers carry no per-request value.
        const { runs } = await runBlocks(readHtmlCodeBlocks(html, language).slice(0, 4), language);
        return runs.map((result) => [result.status, JSON.parse(result.body) as unknown]);
      }),
    );
    expect(answers[0]).toHaveLength(4);
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
  });

  it('should give MCP client configuration that parses and names the MCP endpoint', async () => {
    const html = await readFile(join(STATIC_DIR, 'developers/index.html'), 'utf8');
    const configs = readHtmlCodeBlocks(html, 'json')
      .map((block) => JSON.parse(block) as Record<string, unknown>)
      .filter((block) => 'mcpServers' in block || 'servers' in block);
    expect(configs.length).toBeGreaterThanOrEqual(5);
    for (const config of configs) {
      const urls = JSON.stringify(config).match(/https?:\/\/[^"]+/g);
      expect(urls).toEqual([`${baseUrl}/mcp`]);
    }
  });

  it('should show JSON examples on the reference pages that parse', async () => {
    const pages = (await listBuiltPages()).filter((path) => path.startsWith('/docs/'));
    let count = 0;
    for (const path of pages) {
      const blocks = readHtmlCodeBlocks(await (await fetch(`${baseUrl}${path}`)).text(), 'json');
      count += blocks.length;
      for (const block of blocks) expect(() => JSON.parse(block) as unknown, path).not.toThrow();
    }
    expect(count).toBeGreaterThan(20);
  });
});
