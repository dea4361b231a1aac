import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalServer } from '../../src/server/local-server.ts';
import { readStaticMediaType } from '../../src/server/static-answers.ts';
import {
  MARKDOWN_TOKENS_HEADER,
  readMarkdownTokenCounts,
} from '../../src/service/markdown-tokens.ts';
import { BUILT_IN_ROUTES } from '../../src/service/routes.ts';

describe('readStaticMediaType', () => {
  it('should name a file by its extension, HTML with its charset as sirv does', () => {
    expect(readStaticMediaType('/search-index.json')).toBe('application/json');
    expect(readStaticMediaType('/docs/index.html')).toBe('text/html;charset=utf-8');
  });

  it('should answer application/octet-stream for an extension that names no media type', () => {
    expect(readStaticMediaType('/index.pf_meta')).toBe('application/octet-stream');
    expect(readStaticMediaType('/no-extension')).toBe('application/octet-stream');
  });
});

describe('createLocalServer with the build token counts', () => {
  let build: string;
  let apiDir: string;
  let server: Server;
  let base: string;
  const files: Record<string, string> = {
    '404.html': 'not here',
    'index.html': '<h1>Home</h1>',
    'index.md': `# Home\n\n${'Words of the home page. '.repeat(300)}\n`,
    'docs/index.html': '<h1>Docs</h1>',
    'docs.md': '# Docs\n',
    'llms.txt': '# Site\n',
  };
  beforeAll(async () => {
    build = await mkdtemp(join(tmpdir(), 'markdown-tokens-build-'));
    for (const [file, text] of Object.entries(files)) {
      await mkdir(dirname(join(build, file)), { recursive: true });
      await writeFile(join(build, file), text);
    }
    apiDir = await mkdtemp(join(tmpdir(), 'markdown-tokens-api-'));
    server = await createLocalServer({
      staticDir: build,
      apiDir,
      routes: BUILT_IN_ROUTES,
      vercelConfig: {},
      siteUrl: 'http://127.0.0.1',
      markdownTokens: readMarkdownTokenCounts({ '/index.md': 1201, '/docs.md': 3, '/llms.txt': 5 }),
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await rm(build, { recursive: true, force: true });
    await rm(apiDir, { recursive: true, force: true });
  });
  const tokensOf = async (path: string, init: RequestInit = {}) => {
    const answer = await fetch(`${base}${path}`, init);
    await answer.arrayBuffer();
    return answer.headers.get(MARKDOWN_TOKENS_HEADER);
  };

  it('should send each counted file its count, compressed, uncompressed and to HEAD', async () => {
    expect(await tokensOf('/index.md')).toBe('1201');
    expect(await tokensOf('/index.md', { headers: { 'accept-encoding': 'br' } })).toBe('1201');
    expect(await tokensOf('/index.md', { method: 'HEAD' })).toBe('1201');
    expect(await tokensOf('/llms.txt')).toBe('5');
  });

  it("should send a page's Markdown answer its mirror's count, and its HTML none", async () => {
    const markdown = { headers: { accept: 'text/markdown' } };
    expect(await tokensOf('/', markdown)).toBe('1201');
    expect(await tokensOf('/docs/', markdown)).toBe('3');
    expect(await tokensOf('/docs')).toBeNull();
    expect(await tokensOf('/no-such-page.md')).toBeNull();
  });
});
