import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeHtmlText } from '../support/expected-site.ts';
import { serveProjectCopy, type ServedCopy } from '../support/served-copy.ts';

/**
 * The recipe of docs/architecture.md ("A new MCP tool"): one file in src/mcp/tools/, and nothing
 * else edited. It is written into a copy of the project, which is built and served as a site owner
 * would (`astro build`, then `src/server/serve.ts`); every surface must then carry the tool.
 */
const TOOL_NAME = 'echo_fixture_words';
const TOOL_FILE = `import * as z from 'zod/mini';
import { defineTool } from '../tool-definition.ts';

/** A fixture: the words it is given, with the company's short name. */
export const echoFixtureWordsTool = defineTool({
  name: '${TOOL_NAME}',
  title: () => 'Echo fixture words',
  description: (content) =>
    \`Returns the words it is given beside \${content.company.alternateName}'s short name. A fixture tool that proves a new tool is one file.\`,
  inputSchema: () => z.strictObject({ words: z.string().check(z.minLength(1)) }),
  outputSchema: () => z.strictObject({ words: z.string(), company: z.string() }),
  example: { words: 'one file' },
  prepare: ({ content }) => ({
    run: ({ words }) => ({
      structuredContent: { words, company: content.company.alternateName },
    }),
  }),
});
`;

let served: ServedCopy | undefined;
let origin: string;

beforeAll(async () => {
  served = await serveProjectCopy({
    prefix: 'one-file-tool-',
    beforeBuild: (dir) =>
      writeFile(join(dir, 'src', 'mcp', 'tools', 'echo-fixture-words.ts'), TOOL_FILE),
  });
  origin = served.baseUrl;
}, 360_000);

afterAll(async () => {
  await served?.stop();
});

/** A JSON-RPC call to the copy's MCP endpoint. */
async function callMcp(method: string, params: Record<string, unknown>) {
  const response = await fetch(`${origin}/mcp`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      'MCP-Protocol-Version': '2025-11-25',
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return (await response.json()) as { result: Record<string, unknown> };
}

async function fetchText(path: string): Promise<string> {
  const response = await fetch(`${origin}${path}`);
  expect(response.status, path).toBe(200);
  return response.text();
}

describe('a new MCP tool written as one file in src/mcp/tools/', () => {
  it('should be listed by tools/list and answer tools/call with its example', async () => {
    const listed = (await callMcp('tools/list', {})).result.tools as { name: string }[];
    expect(listed.map((tool) => tool.name)).toContain(TOOL_NAME);
    const called = await callMcp('tools/call', {
      name: TOOL_NAME,
      arguments: { words: 'one file' },
    });
    expect(called.result.structuredContent).toMatchObject({ words: 'one file' });
    const refused = await callMcp('tools/call', { name: TOOL_NAME, arguments: { words: '' } });
    expect(refused.result.isError).toBe(true);
  });

  it('should be documented on /docs and /docs.md', async () => {
    expect(await fetchText('/docs')).toContain(`id="tool-${TOOL_NAME}"`);
    expect(await fetchText('/docs.md')).toContain(`#### \`${TOOL_NAME}\``);
  });

  it('should be listed by llms.txt and the MCP server card', async () => {
    expect(await fetchText('/llms.txt')).toMatch(new RegExp(`^- \\[${TOOL_NAME}\\]\\(`, 'm'));
    const card = JSON.parse(await fetchText('/.well-known/mcp/server-card.json')) as {
      tools?: { name: string }[];
    };
    expect(card.tools?.map((tool) => tool.name)).toContain(TOOL_NAME);
  });

  it('should be registered through WebMCP by every page and named in its agent note', async () => {
    for (const path of ['/', '/developers']) {
      const html = await fetchText(path);
      const list = /<meta name="webmcp-tools" content="([^"]*)"/.exec(html)?.[1] ?? '[]';
      const tools = JSON.parse(decodeHtmlText(list)) as { name: string; runs: { kind: string } }[];
      expect(tools.find((tool) => tool.name === TOOL_NAME)?.runs, path).toEqual({
        kind: 'mcp-tool',
      });
      expect(html, path).toContain(`<code>${TOOL_NAME}</code>`);
    }
    expect(await fetchText('/index.md')).toContain(`\`${TOOL_NAME}\``);
  });
});
