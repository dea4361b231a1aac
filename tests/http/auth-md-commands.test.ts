import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, inject, it } from 'vitest';

const baseUrl = inject('baseUrl');
const run = promisify(execFile);

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
  '&#x27;': "'",
};

/** The shell blocks of an HTML page (`<code class="language-sh">`), in order, unescaped. */
function readHtmlShellBlocks(html: string): string[] {
  return [...html.matchAll(/<code class="language-sh">([\s\S]*?)<\/code>/g)].map((match) =>
    (match[1] ?? '').replace(/&(?:lt|gt|amp|quot|#39|#x27);/g, (entity) => ENTITIES[entity] ?? ''),
  );
}

/**
 * Runs shell blocks in order, filling <CLIENT_NAME>, then <CLIENT_ID> and <ACCESS_TOKEN> from
 * the answers before them, as an agent would. Returns the parsed answers and the values found.
 */
async function runFlow(blocks: readonly string[]) {
  const values: Record<string, string> = { '<CLIENT_NAME>': 'documented-commands test' };
  const outputs: unknown[] = [];
  for (const block of blocks) {
    const command = block.replace(/<[A-Z_]+>/g, (placeholder) => {
      const value = values[placeholder];
      if (value === undefined) throw new Error(`no value yet for ${placeholder} in:\n${block}`);
      return value;
    });
    const { stdout } = await run('sh', ['-c', command], { timeout: 10_000 });
    const output = JSON.parse(stdout) as Record<string, unknown>;
    outputs.push(output);
    if (typeof output.client_id === 'string') values['<CLIENT_ID>'] = output.client_id;
    if (typeof output.access_token === 'string') values['<ACCESS_TOKEN>'] = output.access_token;
  }
  return { outputs, values };
}

describe('the documented anonymous flow', () => {
  it('should work as written in auth.md', async () => {
    const blocks = readMarkdownShellBlocks(await (await fetch(`${baseUrl}/auth.md`)).text());
    expect(blocks.length).toBeGreaterThanOrEqual(5);
    const { outputs, values } = await runFlow(blocks);
    expect(values['<CLIENT_ID>']).toBeTruthy();
    expect(values['<ACCESS_TOKEN>']).toBeTruthy();
    expect(outputs.at(-1)).toMatchObject({ id: 1, result: { protocolVersion: '2024-11-05' } });
  });

  it('should work as written on /developers', async () => {
    const html = await (await fetch(`${baseUrl}/developers`)).text();
    const blocks = readHtmlShellBlocks(html);
    const start = blocks.findIndex((block) => block.includes('/oauth/register'));
    expect(start).toBeGreaterThanOrEqual(0);
    const { outputs, values } = await runFlow(blocks.slice(start, start + 3));
    expect(values['<ACCESS_TOKEN>']).toBeTruthy();
    expect(outputs.at(-1)).toMatchObject({ id: 1, result: { protocolVersion: '2024-11-05' } });
  });
});
