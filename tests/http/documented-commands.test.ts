import { readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { listContentMarkdown } from '../support/expected-site.ts';
import { listFiles } from '../support/list-files.ts';
import { listMarkdownCode } from '../support/markdown-reader.ts';
import { loadSampleContent } from '../support/sample-content.ts';
import { waitForMcpPython } from '../support/python-mcp.ts';
import {
  readPageBlocks,
  runBlocks,
  type PageBlock,
  type SampleKind,
} from '../support/sample-runners.ts';

const baseUrl = inject('baseUrl');
const STATIC_DIR = join(inject('siteBuild').outputDir, 'static');

/** The shell blocks of a Markdown document, in order. */
function readMarkdownShellBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1] ?? '');
}

/** The fenced blocks of a language in a Markdown text, in order. */
function readMarkdownFences(markdown: string, language: string): string[] {
  return [
    ...markdown.matchAll(new RegExp(`^\`\`\`${language}\\n([\\s\\S]*?)\\n\`\`\`$`, 'gm')),
  ].map((match) => match[1] ?? '');
}

/** Every HTML page of the build, by its URL path. */
async function listBuiltPages(): Promise<string[]> {
  return (await listFiles(STATIC_DIR))
    .filter((file) => file.endsWith('.html'))
    .map(
      (file) =>
        `/${relative(STATIC_DIR, file)
          .replace(/(^|\/)index\.html$/, '')
          .replace(/\.html$/, '')}`,
    )
    .sort();
}

/**
 * The code the owner wrote in content/ (a shell line calling their own product, say): an example
 * of theirs, not a command this project documents, so no test runs it.
 */
async function listOwnerCode(): Promise<Set<string>> {
  return new Set(listContentMarkdown(await loadSampleContent()).flatMap(listMarkdownCode));
}

/**
 * Every page's code blocks as served (what a reader copies), read once for all the tests; those
 * from content/ left out (listOwnerCode).
 */
let served: Promise<Map<string, PageBlock[]>> | undefined;
function readServedBlocks(): Promise<Map<string, PageBlock[]>> {
  served ??= (async () => {
    const ownerCode = await listOwnerCode();
    const isProjects = (block: PageBlock) => !ownerCode.has(block.code.replace(/\n$/, ''));
    const pages = await listBuiltPages();
    const blocks: PageBlock[][] = [];
    // A few at a time: the server holds 64 connections per client, shared with the other files.
    for (let at = 0; at < pages.length; at += 4) {
      blocks.push(
        ...(await Promise.all(
          pages
            .slice(at, at + 4)
            .map(async (path) => readPageBlocks(await (await fetch(`${baseUrl}${path}`)).text())),
        )),
      );
    }
    return new Map(pages.map((path, index) => [path, (blocks[index] ?? []).filter(isProjects)]));
  })();
  return served;
}

interface CommandRun {
  readonly command: string;
  readonly status: number;
  readonly body: string;
}

/** Splits a sample's output: curl writes the status last (.curlrc), the samples print it first. */
function readHttpOutput(kind: SampleKind, stdout: string): { status: number; body: string } {
  if (kind === 'sh') {
    const cut = stdout.lastIndexOf('\n');
    return { status: Number(stdout.slice(cut + 1)), body: stdout.slice(0, cut) };
  }
  const cut = stdout.indexOf('\n');
  return { status: Number(stdout.slice(0, cut)), body: stdout.slice(cut + 1).trimEnd() };
}

/** A command succeeded: a 2xx answer that is no JSON-RPC or tool error. */
function expectSuccess(result: CommandRun): void {
  expect(result.status, result.command).toBeGreaterThanOrEqual(200);
  expect(result.status, result.command).toBeLessThan(300);
  if (!result.body.startsWith('{')) return;
  const body = JSON.parse(result.body) as { error?: unknown; result?: { isError?: boolean } };
  expect(body.error, result.command).toBeUndefined();
  expect(body.result?.isError ?? false, result.command).toBe(false);
}

/**
 * Runs HTTP samples as written, filling <CLIENT_NAME>, then <CLIENT_ID> and <ACCESS_TOKEN> from
 * the answers of earlier blocks, as an agent would: in rounds, each round the blocks whose
 * placeholders have values, all of one round in one process. A block repeated on several pages
 * (the error pages share their samples) runs once.
 */
async function runHttpSamples(kind: SampleKind, blocks: readonly string[]) {
  const values: Record<string, string> = { '<CLIENT_NAME>': 'documented-commands test' };
  const runs: CommandRun[] = [];
  const seen = new Set<string>();
  let pending = [...blocks];
  while (pending.length > 0) {
    const known = (block: string) =>
      (block.match(/<[A-Z_]+>/g) ?? []).every((placeholder) => values[placeholder] !== undefined);
    const ready = pending.filter(known);
    if (ready.length === 0) {
      throw new Error(`no value for the placeholders of:\n${pending.join('\n\n')}`);
    }
    pending = pending.filter((block) => !known(block));
    const commands = [
      ...new Set(ready.map((block) => block.replace(/<[A-Z_]+>/g, (name) => values[name] ?? ''))),
    ].filter((command) => !seen.has(command) && seen.add(command));
    const outputs = await runBlocks(kind, commands);
    commands.forEach((command, index) => {
      const output = outputs[index];
      expect(output?.ok, `${command}\n${output?.error ?? ''}`).toBe(true);
      const { status, body } = readHttpOutput(kind, output?.stdout ?? '');
      // Every documented command succeeds; a failure is reported with its command at once.
      expectSuccess({ command, status, body });
      runs.push({ command, status, body });
      if (!body.startsWith('{')) return;
      const answer = JSON.parse(body) as Record<string, unknown>;
      if (typeof answer.client_id === 'string') values['<CLIENT_ID>'] = answer.client_id;
      if (typeof answer.access_token === 'string') values['<ACCESS_TOKEN>'] = answer.access_token;
    });
  }
  return { runs, values };
}

/** Each MCP tool page's SDK samples of one kind, with the example result the page shows. */
async function listToolPageSdkSamples(kind: 'typescript-sdk' | 'python-sdk') {
  const pages = [...(await readServedBlocks())].filter(([path]) =>
    path.startsWith('/docs/mcp/tools/'),
  );
  return pages.map(([path, blocks]) => {
    const samples = blocks.filter((block) => block.kind === kind);
    const example = blocks.find((block) => block.label.startsWith('Example result of '));
    expect(samples, path).toHaveLength(1);
    expect(example?.code, path).toMatch(/^\{\n/);
    return { path, code: samples[0]?.code ?? '', example: example?.code ?? '' };
  });
}

/** Runs SDK samples and expects each to print its page's example result, byte for byte. */
async function expectExampleResults(
  kind: 'typescript-sdk' | 'python-sdk',
  samples: readonly { path: string; code: string; example: string }[],
  mcpPython?: string,
): Promise<void> {
  const outputs = await runBlocks(
    kind,
    samples.map((sample) => sample.code),
    mcpPython,
  );
  samples.forEach((sample, index) => {
    const output = outputs[index];
    expect(output?.ok, `${sample.path}: ${output?.error ?? ''}`).toBe(true);
    // The page's block drops the last line break that the SDK's print adds.
    expect(output?.stdout, sample.path).toBe(`${sample.example}\n`);
  });
}

describe('every documented command', () => {
  it('should work as written in auth.md', async () => {
    const blocks = readMarkdownShellBlocks(await (await fetch(`${baseUrl}/auth.md`)).text());
    expect(blocks.length).toBeGreaterThanOrEqual(5);
    const { runs, values } = await runHttpSamples('sh', blocks);
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
    async (kind, developersAtLeast, docsAtLeast) => {
      const pages = await readServedBlocks();
      expect([...pages.keys()]).toEqual(expect.arrayContaining(['/', '/developers', '/docs']));
      const count = (path: string) =>
        (pages.get(path) ?? []).filter((block) => block.kind === kind).length;
      expect(count('/developers')).toBeGreaterThanOrEqual(developersAtLeast);
      expect(count('/docs')).toBeGreaterThanOrEqual(docsAtLeast);
      // The reference gives registration and the token request pages of their own, so a
      // client_id found on one page fills the placeholder of another.
      const blocks = [...pages.values()].flatMap((entries) =>
        entries.filter((block) => block.kind === kind).map((block) => block.code),
      );
      const { runs } = await runHttpSamples(kind, blocks);
      expect(runs.length).toBeGreaterThan(20);
    },
    // Every page of the reference has its samples: one process per round of them.
    120_000,
  );

  it('should run the TypeScript SDK sample of every MCP tool, printing its example result', async () => {
    const samples = await listToolPageSdkSamples('typescript-sdk');
    expect(samples.length).toBeGreaterThanOrEqual(5);
    // The sample's comment names SDK v1's imports, the only lines that change: run that too.
    const [first] = samples;
    if (!first) throw new Error('no MCP tool page');
    const v1 = first.code.replace(
      "import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';",
      [
        "import { Client } from '@modelcontextprotocol/sdk/client/index.js';",
        "import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';",
      ].join('\n'),
    );
    expect(v1).not.toBe(first.code);
    await expectExampleResults('typescript-sdk', [...samples, { ...first, code: v1 }]);
  }, 60_000);

  it('should run the Python SDK sample of every MCP tool, printing its example result', async ({
    skip,
  }) => {
    const samples = await listToolPageSdkSamples('python-sdk');
    expect(samples.length).toBeGreaterThanOrEqual(5);
    // Made in the background since the run began (tests/support/python-mcp-setup.ts).
    const mcpPython = await waitForMcpPython();
    if ('reason' in mcpPython) {
      skip(`the MCP Python SDK (pip install mcp) cannot be installed here: ${mcpPython.reason}`);
      return;
    }
    await expectExampleResults('python-sdk', samples, mcpPython.python);
  }, 420_000);

  it('should carry in llms-full.txt the SDK samples a tool page runs', async () => {
    const llmsFull = await (await fetch(`${baseUrl}/llms-full.txt`)).text();
    // llms-full.txt also carries content/'s Markdown, whose code is the owner's, not a sample.
    const ownerCode = await listOwnerCode();
    const readSamples = (language: string) =>
      readMarkdownFences(llmsFull, language).filter((code) => !ownerCode.has(code));
    const typescript = readSamples('typescript');
    const python = readSamples('python');
    expect(typescript).toHaveLength(1);
    expect(python).toHaveLength(1);
    const onPages = async (kind: 'typescript-sdk' | 'python-sdk') =>
      (await listToolPageSdkSamples(kind)).map((sample) => sample.code);
    expect(await onPages('typescript-sdk')).toContain(typescript[0]);
    expect(await onPages('python-sdk')).toContain(python[0]);
  });

  it('should give the same answer in curl, JavaScript and Python for each sample on /developers', async () => {
    const blocks = (await readServedBlocks()).get('/developers') ?? [];
    const answers = await Promise.all(
      (['sh', 'javascript', 'python'] as const).map(async (kind) => {
        // The REST quickstart and the three MCP steps, whose answers carry no per-request value.
        const codes = blocks.filter((block) => block.kind === kind).map((block) => block.code);
        const { runs } = await runHttpSamples(kind, codes.slice(0, 4));
        return runs.map((result) => [result.status, JSON.parse(result.body) as unknown]);
      }),
    );
    expect(answers[0]).toHaveLength(4);
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
  });

  it('should give MCP client configuration that parses and names the MCP endpoint', async () => {
    const html = await readFile(join(STATIC_DIR, 'developers/index.html'), 'utf8');
    const configs = readPageBlocks(html)
      .filter((block) => block.kind === 'json')
      .map((block) => JSON.parse(block.code) as Record<string, unknown>)
      .filter((block) => 'mcpServers' in block || 'servers' in block);
    expect(configs.length).toBeGreaterThanOrEqual(5);
    for (const config of configs) {
      const urls = JSON.stringify(config).match(/https?:\/\/[^"]+/g);
      expect(urls).toEqual([`${baseUrl}/mcp`]);
    }
  });

  it('should show JSON examples on the reference pages that parse', async () => {
    const pages = [...(await readServedBlocks())].filter(([path]) => path.startsWith('/docs/'));
    let count = 0;
    for (const [path, blocks] of pages) {
      for (const block of blocks.filter((entry) => entry.kind === 'json')) {
        count += 1;
        expect(() => JSON.parse(block.code) as unknown, path).not.toThrow();
      }
    }
    expect(count).toBeGreaterThan(20);
  });
});
