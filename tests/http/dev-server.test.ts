import { spawn, type ChildProcess } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPassages, SiteSearchIndex } from '../../src/documents/site-search.ts';
import { loadContentStemmer } from '../../src/integrations/search-language.ts';
import { loadExpectedSite } from '../support/expected-site.ts';
import { postMcp } from '../support/mcp-requests.ts';
import { findFreePort, NODE, stopProcess } from '../support/processes.ts';
import { copyProject, removeProjectCopy } from '../support/project-copy.ts';
import { buildSampleQuery } from '../support/sample-content.ts';

let dev: ChildProcess;

/** The environment without Vitest's own variables: Astro's dev server behaves differently under VITEST. */
function withoutVitest(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(env).filter(([name]) => !name.startsWith('VITEST') && name !== 'TEST'),
  );
}

/** The environment without the variables that name the origin: `npm run dev` as an owner runs it. */
function withoutSiteAddress(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { SITE_URL: _site, HOST: _host, PORT: _port, ...rest } = env;
  return rest;
}
let devUrl: string;
let project: string;
/** What the dev server printed, stdout and stderr. */
let output = '';

beforeAll(async () => {
  const port = await findFreePort();
  devUrl = `http://127.0.0.1:${port}`;
  // The dev server writes the generated modules (and Astro's caches) for the origin it publishes,
  // so it runs in a temporary copy of the project of its own, never in the work tree.
  project = await copyProject({ prefix: 'dev-server-' });
  // As `npm run dev` starts it, with PORT alone: it listens on that port of 127.0.0.1 and
  // publishes that origin (no SITE_URL, no HOST, no --port).
  dev = spawn(NODE, [`${project}node_modules/astro/bin/astro.mjs`, 'dev'], {
    cwd: project,
    env: {
      ...withoutSiteAddress(withoutVitest(process.env)),
      NODE_ENV: 'development',
      PORT: String(port),
      ASTRO_TELEMETRY_DISABLED: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  dev.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  dev.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // A fresh copy has no Vite dependency cache: the first request waits for the optimizer.
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      const response = await fetch(`${devUrl}/llms.txt`, { signal: AbortSignal.timeout(5000) });
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`astro dev did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}, 180_000);

afterAll(async () => {
  if (dev) await stopProcess(dev);
  if (project) await removeProjectCopy(project);
});

describe('npm run dev', () => {
  it('should listen on PORT, and publish the origin of that port', async () => {
    const llms = await (await fetch(`${devUrl}/llms.txt`)).text();
    expect(llms).toContain(`](${devUrl}/`);
    expect(stripVTControlCharacters(output)).toContain(`publishing for ${devUrl}`);
  });

  it.each([
    ['/api/v1/overview', 200, 'application/json'],
    ['/.well-known/oauth-protected-resource', 200, 'application/json'],
    ['/.well-known/oauth-protected-resource/mcp', 200, 'application/json'],
    [
      '/.well-known/api-catalog',
      200,
      'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"',
    ],
    ['/api/nope', 404, 'application/problem+json'],
    ['/mcp', 200, 'application/json'],
    ['/copy/product.md', 200, 'text/markdown; charset=utf-8'],
  ])('should serve %s like the deployment', async (path, status, mediaType) => {
    const response = await fetch(`${devUrl}${path}`);
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toBe(mediaType);
  });

  it.each(['/', '/docs', '/errors/rate_limited'])(
    'should answer %s as Markdown to Accept: text/markdown, and as HTML otherwise',
    async (path) => {
      const markdown = await fetch(`${devUrl}${path}`, {
        headers: { Accept: 'text/markdown, text/html;q=0.9' },
      });
      expect(markdown.status).toBe(200);
      expect(markdown.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
      expect(markdown.headers.get('vary')).toContain('Accept');
      expect(await markdown.text()).toMatch(/^# /m);
      const html = await fetch(`${devUrl}${path}`, { headers: { Accept: 'text/html, */*' } });
      expect(html.headers.get('content-type')).toMatch(/^text\/html/);
      expect(html.headers.get('vary')).toContain('Accept');
      await html.arrayBuffer();
    },
  );

  it('should answer MCP requests through the function', async () => {
    const response = await fetch(`${devUrl}/mcp`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    });
    expect(await response.json()).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
  });

  it('should demote headings and cut search passages by the Markdown outlines, as the build does', async () => {
    const expected = await loadExpectedSite(devUrl);
    const llmsFull = await fetch(`${devUrl}/llms-full.txt`);
    expect(await llmsFull.text()).toBe(expected.llmsFullTxt);
    const query = buildSampleQuery(expected.content);
    const call = await postMcp(
      devUrl,
      {
        jsonrpc: '2.0',
        id: 2,
        method: 'tools/call',
        params: { name: 'search_site_copy', arguments: { query, limit: 20 } },
      },
      { 'MCP-Protocol-Version': '2025-11-25' },
    );
    const passages = buildPassages(expected.content, expected.urls, expected.outlines);
    expect(call.body.result.structuredContent.results).toEqual(
      new SiteSearchIndex(
        passages,
        expected.searchStopWords,
        await loadContentStemmer(expected.content.company.locale),
      ).search(query, 20),
    );
  });

  // Last: these edit the copy's content/ and put it back.
  it('should run the functions on the content as last saved', async () => {
    const file = join(project, 'content/company.yaml');
    const valid = await readFile(file, 'utf8');
    const tagline = () =>
      postMcp(
        devUrl,
        {
          jsonrpc: '2.0',
          id: 3,
          method: 'tools/call',
          params: { name: 'get_company_overview', arguments: {} },
        },
        { 'MCP-Protocol-Version': '2025-11-25' },
      ).then((call) => call.body.result?.structuredContent?.tagline as string | undefined);
    const before = await tagline();
    expect(before).toBeTruthy();
    const saved = 'A tagline saved while the dev server runs';
    await writeFile(file, valid.replace(/^tagline:.*$/m, `tagline: ${saved}`));
    try {
      // A page first, as the dev server's own link check asks for one after each save: Astro
      // loads the new snapshot for it before the functions are asked. Before, /mcp then kept the
      // content of its first request, whatever was saved since.
      await expect
        .poll(async () => (await (await fetch(`${devUrl}/llms.txt`)).text()).includes(saved), {
          timeout: 20_000,
          interval: 250,
        })
        .toBe(true);
      await expect.poll(tagline, { timeout: 20_000, interval: 250 }).toBe(saved);
    } finally {
      await writeFile(file, valid);
    }
    await expect.poll(tagline, { timeout: 20_000, interval: 250 }).toBe(before);
  });

  it('should route and list a content page added while it runs, and drop it once removed', async () => {
    // What this project computes from content/ on each save: the route table (Markdown
    // negotiation, the .md file) and the documents that list the pages. The HTML page itself also
    // waits for Astro's data store, which Astro reloads on its own schedule (docs/architecture.md).
    const file = join(project, 'content/pages/added-while-running.md');
    const page = `${devUrl}/added-while-running`;
    const status = async (url: string, accept = '*/*') =>
      (await fetch(url, { headers: { Accept: accept } })).status;
    await writeFile(
      file,
      [
        '---',
        'title: Added while running',
        'description: A page written while the dev server runs, to see it routed at once.',
        'heading: Added while running',
        '---',
        'A page the dev server has not seen at its start.',
        '',
        '## First part',
        '',
        'One.',
        '',
        '## Second part',
        '',
        'Two.',
        '',
      ].join('\n'),
    );
    try {
      await expect.poll(() => status(`${page}.md`), { timeout: 20_000, interval: 500 }).toBe(200);
      const markdown = await fetch(page, { headers: { Accept: 'text/markdown, text/html;q=0.9' } });
      expect(markdown.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
      expect(await markdown.text()).toMatch(/^# Added while running$/m);
      expect(await (await fetch(`${devUrl}/llms.txt`)).text()).toContain(
        `[Added while running](${devUrl}/added-while-running.md)`,
      );
    } finally {
      await rm(file);
    }
    await expect.poll(() => status(`${page}.md`), { timeout: 20_000, interval: 500 }).toBe(404);
    const negotiated = await fetch(page, { headers: { Accept: 'text/markdown' } });
    expect(negotiated.headers.get('content-type')).not.toContain('text/markdown');
    await negotiated.arrayBuffer();
    expect(await (await fetch(`${devUrl}/llms.txt`)).text()).not.toContain('added-while-running');
  });

  it('should name a content mistake in the terminal and in the open pages, keeping the last valid content', async () => {
    const file = join(project, 'content/company.yaml');
    const valid = await readFile(file, 'utf8');
    const printed = output.length;
    const page = await connectHmr(devUrl);
    try {
      await writeFile(file, valid.replace(/^name:.*$/m, 'name: ""'));
      const { err } = await page.next((message) => message.type === 'error');
      expect(err).toMatchObject({
        name: 'ContentError',
        title: 'The content has a problem',
        message: expect.stringContaining('content/company.yaml: name: must not be empty'),
        loc: { file, line: valid.split('\n').findIndex((line) => line.startsWith('name:')) + 1 },
      });
      // A page (re)loaded while the content is wrong is told as well.
      const late = await connectHmr(devUrl);
      expect((await late.next((message) => message.type === 'error')).err).toEqual(err);
      late.close();
      // The pages keep the last valid content; the terminal names the problem, without a stack.
      expect((await fetch(`${devUrl}/llms.txt`)).status).toBe(200);
      // Colours (FORCE_COLOR, CI) aside.
      const printedSince = stripVTControlCharacters(output.slice(printed));
      expect(printedSince).toContain(
        '[site-snapshot] ContentError: The content collection has 1 problem:\n  content/company.yaml: name: must not be empty',
      );
      expect(printedSince).not.toContain('UnhandledRejection');
    } finally {
      page.close();
      await writeFile(file, valid);
    }
    // Valid again: the terminal says so, once, and a page that connects now is told nothing.
    await expect
      .poll(() => stripVTControlCharacters(output.slice(printed)), { timeout: 20_000 })
      .toContain('[site-snapshot] content/ is valid again; the open pages reload with it');
    expect(
      stripVTControlCharacters(output.slice(printed)).split('content/ is valid again').length - 1,
    ).toBe(1);
    await expect
      .poll(
        async () => {
          const fresh = await connectHmr(devUrl);
          const told = await fresh
            .next((message) => message.type === 'error', 500)
            .then(
              () => true,
              () => false,
            );
          fresh.close();
          return told;
        },
        { timeout: 20_000 },
      )
      .toBe(false);
  });

  it("should name a saved page's link to a path the site does not serve, in the build's words, and no other link", async () => {
    const file = join(project, 'content/pages/linking-while-running.md');
    const printed = output.length;
    const said = () => stripVTControlCharacters(output.slice(printed));
    await writeFile(
      file,
      [
        '---',
        'title: Linking while running',
        'description: A page written while the dev server runs, to see its dead links named at once.',
        'heading: Linking while running',
        '---',
        'Links written while the dev server runs.',
        '',
        "- [the developers' page](/developers)",
        '- [a page that is not](/no-such-page)',
        '- [this page, new to the data store](/linking-while-running)',
        '- [its Markdown version](/linking-while-running.md)',
        '- [a document](/llms.txt)',
        '- [a reference page](/docs)',
        // A part of a page is the build's to check: the dev server may still show a page as it
        // was before the save.
        '- [a part that is not](/developers#no-such-part)',
        '- [a Markdown version that is not](/old-notes.md)',
        '',
        '## One part',
        '',
        'One.',
        '',
        '## Another part',
        '',
        'Two.',
        '',
      ].join('\n'),
    );
    try {
      await expect
        .poll(said, { timeout: 30_000, interval: 250 })
        .toContain(
          'content/pages/linking-while-running.md: line 9: links to /no-such-page, which the site does not publish (no page or document of the site has that path',
        );
      await expect
        .poll(said, { timeout: 30_000, interval: 250 })
        .toContain('content/pages/linking-while-running.md: line 15: links to /old-notes.md,');
      expect(said().match(/linking-while-running\.md: line \d+: links to/g)).toHaveLength(2);
      // The check asks the dev server nothing that Astro's router would warn of before it.
      expect(said()).not.toMatch(
        /no matching static path was found for requested path `\/(no-such-page|old-notes\.md)`/,
      );
      expect(said()).not.toMatch(/\[404\] \/(no-such-page|old-notes\.md)/);
    } finally {
      await rm(file);
    }
  });
});

describe('npm run dev, on a port it cannot listen on', () => {
  // A copy of their own: these dev servers stop at their start, and never touch the files the one
  // above serves.
  let ownProject: string;
  beforeAll(async () => {
    ownProject = await copyProject({ prefix: 'dev-server-port-' });
  }, 60_000);
  afterAll(async () => {
    if (ownProject) await removeProjectCopy(ownProject);
  });

  /** `astro dev` as `npm run dev` starts it, with PORT (and no SITE_URL) and any other arguments. */
  const startDev = (port: number, args: readonly string[] = []) => {
    const env = withoutSiteAddress(withoutVitest(process.env));
    const child = spawn(NODE, [`${ownProject}node_modules/astro/bin/astro.mjs`, 'dev', ...args], {
      cwd: ownProject,
      env: { ...env, NODE_ENV: 'development', PORT: String(port), ASTRO_TELEMETRY_DISABLED: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let said = '';
    child.stdout?.on('data', (chunk: Buffer) => (said += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (said += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    return { child, exited, said: () => stripVTControlCharacters(said) };
  };

  /** The exit code of a dev server that should stop on its own, or a failure naming what it said. */
  const exitCodeOf = async (dev: ReturnType<typeof startDev>) => {
    const code = await Promise.race([
      dev.exited,
      new Promise<'running'>((resolve) => setTimeout(() => resolve('running'), 60_000)),
    ]);
    if (code === 'running') {
      await stopProcess(dev.child);
      throw new Error(`astro dev kept running:\n${dev.said()}`);
    }
    return code;
  };

  it('should stop with one line when PORT is taken, never moving to another port', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const address = taken.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      const dev = startDev(port);
      expect(await exitCodeOf(dev)).toBe(1);
      expect(dev.said()).toContain(
        `Port ${port} is already in use on 127.0.0.1 (another \`npm start\`, \`npm run serve\` or \`npm run dev\`?). Stop that server, or use another port: PORT=${port + 1} npm run dev\n`,
      );
      expect(dev.said()).not.toMatch(/trying another|publishing for/i);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  }, 90_000);

  it('should stop, naming PORT, when --port would listen elsewhere than the origin it publishes', async () => {
    const port = await findFreePort();
    let other = await findFreePort();
    while (other === port) other = await findFreePort();
    const dev = startDev(port, ['--port', String(other)]);
    expect(await exitCodeOf(dev)).toBe(1);
    expect(dev.said()).toContain(
      `--port ${other} would listen elsewhere than the site publishes, http://127.0.0.1:${port} (PORT): set the port with PORT instead: PORT=${other} npm run dev`,
    );
  }, 90_000);
});

interface HmrMessage {
  readonly type: string;
  readonly err?: Record<string, unknown>;
}

/** A connection to the dev server's HMR socket, as a page's Vite client opens it. */
async function connectHmr(url: string) {
  const client = await (await fetch(`${url}/@vite/client`)).text();
  const token = /const wsToken = "([^"]+)"/.exec(client)?.[1];
  if (!token) throw new Error('no HMR token in /@vite/client');
  const socket = new WebSocket(`${url.replace('http', 'ws')}/?token=${token}`, 'vite-hmr');
  const messages: HmrMessage[] = [];
  const waiting = new Set<() => void>();
  socket.addEventListener('message', (event) => {
    messages.push(JSON.parse(String(event.data)) as HmrMessage);
    for (const wake of waiting) wake();
  });
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve);
    socket.addEventListener('error', reject);
  });
  return {
    /** The first message (since the connection opened) that `matches`, within `ms`. */
    next: (matches: (message: HmrMessage) => boolean, ms = 15_000) =>
      new Promise<HmrMessage & { err: Record<string, unknown> }>((resolve, reject) => {
        const check = () => {
          const found = messages.find(matches);
          if (!found) return;
          clearTimeout(timer);
          waiting.delete(check);
          resolve(found as HmrMessage & { err: Record<string, unknown> });
        };
        const timer = setTimeout(() => {
          waiting.delete(check);
          reject(new Error(`no matching HMR message in ${ms} ms`));
        }, ms);
        waiting.add(check);
        check();
      }),
    close: () => socket.close(),
  };
}
