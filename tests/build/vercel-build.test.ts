import type { ChildProcess } from 'node:child_process';
import { readProjectToolNames } from '../../src/integrations/mcp-tool-modules.ts';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { getTransformedRoutes } from '@vercel/routing-utils';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { formatContentUsage } from '../../src/documents/robots-txt.ts';
import { buildSiteVercelConfig } from '../../src/documents/site-vercel-config.ts';
import type { SiteContent } from '../../src/schemas/site-content.ts';
import { listRulePaths } from '../../src/service/routes.ts';
import { countMarkdownTokens } from '../../src/documents/markdown-token-count.ts';
import {
  carriesMarkdownTokens,
  MARKDOWN_TOKENS_HEADER,
} from '../../src/service/markdown-tokens.ts';
import { readSiteContent } from '../../src/site-content/read-site-content.ts';
import { findFreePort, ROOT, startServer, stopProcess } from '../support/processes.ts';
import { listFilesSync } from '../support/list-files.ts';
import { startOtlpReceiver } from '../support/otlp-receiver.ts';
import { startTestRedis } from '../support/redis-server.ts';
import { waitForSite } from '../support/site-ready.ts';
import {
  listFunctions,
  measureFunction,
  startFunctionHost,
  type FunctionHost,
} from '../support/vercel-build.ts';
import {
  routeOutput,
  type OutputRoute,
  type RouteRequest,
} from '../support/vercel-output-routes.ts';
import { initialize as initializeRequest } from '../support/mcp-requests.ts';
import { loadSampleRoutes } from '../support/sample-content.ts';

/** The route table of the built content, its own content pages included. */
const ROUTES = await loadSampleRoutes();
const { surfaces: SURFACES, pages: SITE_PAGES } = ROUTES;

/** Headers compared between the local server and Vercel's routes (HSTS: see below). */
const COMPARED_HEADERS = [
  'cache-control',
  'link',
  'access-control-allow-origin',
  'access-control-expose-headers',
  'access-control-allow-methods',
  'access-control-allow-headers',
  'access-control-max-age',
  'x-content-type-options',
  'content-security-policy',
  'x-frame-options',
  'referrer-policy',
  'permissions-policy',
  'www-authenticate',
  'allow',
  'x-markdown-tokens',
];

/** Media types Vercel gives a static file by its extension (no header rule naming one). */
const EXTENSION_TYPES: Record<string, string> = {
  html: 'text/html',
  css: 'text/css',
  js: 'text/javascript',
  svg: 'image/svg+xml',
  md: 'text/markdown',
  txt: 'text/plain',
  json: 'application/json',
  xml: 'application/xml',
};

/**
 * What a function loads when it starts (its entry module and the modules that imports, statically)
 * is held to 300 KB: that is what a cold start pays. Code behind `import()`, loaded only when a
 * feature is first used (the token verifier, the Redis client, the search index of search_site,
 * the insight counters), counts only towards the bound on the whole `.func` directory. The
 * OpenTelemetry SDK (@vercel/otel and the OTLP metrics exporter) is a chunk of its own, loaded only
 * where export is on (docs/insight.md): it has a bound of its own and is left out of the other.
 */
const MAX_START_BYTES = 300_000;
const MAX_FUNCTION_BYTES = 450_000;
const MAX_TELEMETRY_BYTES = 450_000;
/**
 * The OpenTelemetry chunk and the chunks only it imports (the machine-id readers among them): the
 * build bundles it once, naming each of its files after it (src/integrations/bundle-functions.ts).
 */
const TELEMETRY_CHUNK = /^otel-export-[\w-]+\.mjs$/;
/**
 * The MCP function's copy of the site search's sections (search_site), packed: data whose size
 * follows content/ (38 KB for one company, 35 KB for another), so it is measured apart from the
 * code, or a few more pages of an owner's would fail the bound on the code. Loaded on the first
 * search only.
 */
const SEARCH_INDEX_CHUNK = /^page-sections-\w+\.mjs$/;

const siteUrl = inject('baseUrl');
const keys = inject('buildSecrets').OAUTH_SIGNING_KEYS;
/** The run's one `vercel build` (tests/support/server-setup.ts), of a temporary project copy. */
const build = inject('siteBuild');
let localUrl: string;
/** Everything the build printed. */
let buildLog: string;
/** The content the build was given (the copy's content/), as the reader returns it. */
let content: { value: SiteContent };
let routes: OutputRoute[];
let functionDirs: Map<string, string>;
const hosts = new Map<string, FunctionHost>();
let local: ChildProcess;

beforeAll(async () => {
  buildLog = await waitForSite();
  content = { value: await readSiteContent(join(build.dir, 'content')) };
  routes = (
    JSON.parse(readFileSync(join(build.outputDir, 'config.json'), 'utf8')) as {
      routes: OutputRoute[];
    }
  ).routes;
  functionDirs = await listFunctions(build.outputDir);
  const runtimeEnv = { OAUTH_SIGNING_KEYS: keys, RATE_LIMIT_MAX: '0', PUBLIC_ORIGIN: siteUrl };
  for (const [name, dir] of functionDirs) hosts.set(name, await startFunctionHost(dir, runtimeEnv));
  // The local server of the same copy, for the same origin (on a port of its own: the served
  // tests' server holds the origin's port).
  const port = await findFreePort();
  localUrl = `http://127.0.0.1:${port}`;
  ({ child: local } = await startServer(build.dir, {
    SITE_URL: siteUrl,
    PORT: String(port),
    OAUTH_SIGNING_KEYS: keys,
    RATE_LIMIT_MAX: '0',
  }));
  // The wait for the run's one build (site-ready.ts) has its own limit.
}, 20 * 60_000);

afterAll(async () => {
  for (const host of hosts.values()) await stopProcess(host.child);
  if (local) await stopProcess(local);
});

/** A request to the function host of `name` (the path as the client sent it). */
async function callFunction(
  name: string,
  request: RouteRequest & { body?: string },
): Promise<Response> {
  const host = hosts.get(name);
  if (!host) throw new Error(`no function ${name}`);
  return fetch(`${host.origin}${request.path}`, {
    method: request.method,
    headers: request.headers,
    ...(request.body === undefined ? {} : { body: request.body }),
  });
}

/** The answer Vercel's routes give: status, headers and body, with headers two sources disagree on. */
async function answerOnVercel(request: RouteRequest & { body?: string }) {
  const outcome = await routeOutput(
    routes,
    build.outputDir,
    new Set(functionDirs.keys()),
    request,
    (routed) => callFunction('middleware', routed),
  );
  const conflicts: string[] = [];
  const headers: Record<string, string> = {};
  let status: number;
  let body: string;
  const { target } = outcome;
  if (target.kind === 'function') {
    const response = await callFunction(target.name, request);
    status = response.status;
    body = await response.text();
    for (const [name, value] of response.headers) headers[name] = value;
  } else if (target.kind === 'file') {
    status = 200;
    body = readFileSync(join(build.outputDir, 'static', target.file), 'utf8');
    const type = EXTENSION_TYPES[target.file.split('.').pop() ?? ''];
    headers['content-type'] = type ?? 'application/octet-stream';
  } else {
    status = 404;
    body = '';
  }
  status = outcome.status ?? status;
  for (const [source, extra] of [
    ['route', outcome.routeHeaders],
    ['middleware', outcome.middlewareHeaders],
  ] as const) {
    for (const [name, value] of Object.entries(extra)) {
      const current = headers[name];
      const fromFile = target.kind === 'file' && name === 'content-type';
      if (current !== undefined && current !== value && !fromFile) {
        conflicts.push(`${name}: ${current} (before) vs ${value} (${source})`);
      }
      headers[name] = value;
    }
  }
  return { outcome, status, headers, body, conflicts };
}

const essence = (type: string | null | undefined) =>
  (type ?? '').split(';')[0]?.trim().toLowerCase();
const varyTokens = (vary: string | null | undefined) =>
  (vary ?? '')
    .split(',')
    .map((token) => token.trim().toLowerCase())
    .filter((token) => token && token !== 'accept-encoding')
    .sort();

interface Case {
  readonly label: string;
  readonly method: string;
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body?: string;
}

/** Every surface's literal paths and sample, negotiated pages, and unknown paths. */
function listCases(): Case[] {
  const cases: Case[] = [];
  const get = (path: string, headers: Record<string, string> = {}): Case => ({
    label: `GET ${path}${headers.accept ? ` (Accept: ${headers.accept})` : ''}`,
    method: 'GET',
    path,
    headers,
  });
  for (const surface of SURFACES) {
    const paths = new Set([
      ...surface.paths.filter((path) => !path.includes('*')),
      surface.sample.path,
    ]);
    for (const path of paths) if (!path.startsWith('/_astro/')) cases.push(get(path));
    // A page's other spellings (`/docs/`, `/docs/index.html`) carry its headers on both.
    for (const path of surface.spellings ?? []) cases.push(get(path));
    if (surface.markdownMirror) {
      for (const path of surface.paths) cases.push(get(path, { accept: 'text/markdown' }));
    }
  }
  cases.push(get('/developers/', { accept: 'text/markdown' }));
  cases.push({
    label: 'POST /mcp initialize',
    method: 'POST',
    path: '/mcp',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: '2025-06-18',
        capabilities: {},
        clientInfo: { name: 't', version: '1' },
      },
    }),
  });
  cases.push({
    label: 'OPTIONS /mcp (CORS preflight)',
    method: 'OPTIONS',
    path: '/mcp',
    headers: { origin: 'https://agent.example', 'access-control-request-method': 'POST' },
  });
  return cases;
}

describe('vercel build', () => {
  it('should build with no error and no deprecation', () => {
    const lines = buildLog.split('\n').filter((line) => !line.includes('/errors/'));
    expect(lines.filter((line) => /\berror\b|ERR!/i.test(line))).toEqual([]);
    expect(lines.filter((line) => /deprecat/i.test(line))).toEqual([]);
  });

  it('should run the middleware on the Node.js runtime, not the edge', () => {
    const config = JSON.parse(
      readFileSync(join(functionDirs.get('middleware') ?? '', '.vc-config.json'), 'utf8'),
    ) as { runtime: string };
    expect(config.runtime).toBe('nodejs24.x');
  });

  it('should compile no TypeScript: each function and the middleware ship as the module they are', () => {
    // For a .ts entry the Node builder type-checks the whole project first, and says so once per
    // entry (docs/architecture.md, "What Vercel ships").
    expect(buildLog).not.toMatch(/Using (?:built-in )?TypeScript/);
    for (const [name, dir] of functionDirs) {
      const config = JSON.parse(readFileSync(join(dir, '.vc-config.json'), 'utf8')) as {
        handler: string;
        shouldAddSourcemapSupport: boolean;
      };
      expect(config.handler, name).toBe(`${name}.js`);
      expect(config.shouldAddSourcemapSupport, name).toBe(false);
    }
  });

  it('should ship each function as its bundle alone: no node_modules, 300 KB loaded at start, 450 KB in all', async () => {
    expect([...functionDirs.keys()].sort()).toEqual(
      [
        'middleware',
        ...readdirSync(join(ROOT, 'api')).map((file) => `api/${file.replace(/\.js$/, '')}`),
      ].sort(),
    );
    for (const [name, dir] of functionDirs) {
      const { files, bytes, handler } = await measureFunction(dir);
      const bundle = `src/generated/functions/${name.replace(/^api\//, '')}/`;
      const others = files.filter(
        (file) =>
          !file.startsWith(bundle) &&
          file !== 'package.json' &&
          !file.startsWith(handler.replace(/\.js$/, '')),
      );
      expect(others, name).toEqual([]);
      expect(
        files.filter((file) => file.includes('node_modules')),
        name,
      ).toEqual([]);
      // Every file Vercel ships in the .func, its .vc-config.json included.
      const sizes = listFilesSync(dir).map((file) => ({
        part: TELEMETRY_CHUNK.test(basename(file))
          ? 'telemetry'
          : SEARCH_INDEX_CHUNK.test(basename(file))
            ? 'search index'
            : 'code',
        size: statSync(file).size,
      }));
      const sum = (part: string) =>
        sizes.filter((file) => file.part === part).reduce((all, f) => all + f.size, 0);
      expect(sum('code'), name).toBeLessThanOrEqual(MAX_FUNCTION_BYTES);
      expect(sum('telemetry'), name).toBeLessThanOrEqual(MAX_TELEMETRY_BYTES);
      expect(sum('code') + sum('telemetry') + sum('search index'), name).toBeGreaterThan(bytes);
      if (name === 'api/mcp') expect(sum('search index'), name).toBeGreaterThan(0);
      // The index is loaded behind import() alone: no module of the function imports it statically.
      const chunks = listFilesSync(dir).filter((file) => file.endsWith('.mjs'));
      for (const index of chunks.filter((file) => SEARCH_INDEX_CHUNK.test(basename(file)))) {
        for (const file of chunks) {
          expect(readFileSync(file, 'utf8'), `${name}: ${basename(file)}`).not.toMatch(
            new RegExp(`(?:from|import)\\s*"\\./${basename(index).replace('.', '\\.')}"`),
          );
        }
      }
      const entry = join(dir, bundle, `${name.replace(/^api\//, '')}.mjs`);
      expect(measureStartBytes(entry), name).toBeLessThanOrEqual(MAX_START_BYTES);
    }
  });

  it('should load the Redis client only on first use, never when a function starts', () => {
    for (const [name, dir] of functionDirs) {
      const bundle = join(dir, `src/generated/functions/${name.replace(/^api\//, '')}`);
      const modules = readdirSync(bundle).filter((file) => file.endsWith('.mjs'));
      const clients = modules.filter(
        (file) =>
          !TELEMETRY_CHUNK.test(file) &&
          readFileSync(join(bundle, file), 'utf8').includes('"node:tls"'),
      );
      // The middleware counts agent documents only when asked (INSIGHT_COUNT_DOCUMENTS), through
      // the same store as the functions.
      expect(clients, name).toEqual([expect.stringMatching(/^redis-connection-\w+\.mjs$/)]);
      for (const file of modules) {
        const text = readFileSync(join(bundle, file), 'utf8');
        expect(
          text.includes(`from"./${clients[0]}"`),
          `${name}: ${file} imports the client at start`,
        ).toBe(false);
        if (text.includes(clients[0] ?? '')) expect(text).toContain(`import("./${clients[0]}")`);
      }
    }
  });

  it('should load the OpenTelemetry SDK only behind import(), never when a function starts', () => {
    for (const [name, dir] of functionDirs) {
      const bundle = join(dir, `src/generated/functions/${name.replace(/^api\//, '')}`);
      const modules = readdirSync(bundle).filter((file) => file.endsWith('.mjs'));
      const [chunk, ...more] = modules.filter((file) => /^otel-export-\w+\.mjs$/.test(file));
      if (name === 'api/mcp-registry-auth') {
        expect(chunk, name).toBeUndefined();
        continue;
      }
      expect(more, name).toEqual([]);
      expect(readFileSync(join(bundle, chunk ?? ''), 'utf8')).toContain('@vercel/otel');
      for (const file of modules) {
        const text = readFileSync(join(bundle, file), 'utf8');
        expect(text.includes(`from"./${chunk}"`), `${name}: ${file} imports the SDK at start`).toBe(
          false,
        );
        // No module but the chunk itself carries the SDK's code.
        if (file !== chunk) expect(text, `${name}: ${file}`).not.toContain('@vercel/otel');
      }
      const entry = join(bundle, `${name.replace(/^api\//, '')}.mjs`);
      expect(measureStartBytes(entry), name).toBeLessThanOrEqual(MAX_START_BYTES);
    }
  });
});

describe('a .func directory imported alone', () => {
  /** tools/list, posted to an MCP function host. */
  const listTools = (origin: string) =>
    fetch(`${origin}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
  const mcp = (body: object) =>
    callFunction('api/mcp', {
      method: 'POST',
      path: '/mcp',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify(body),
    });

  it('should export its requests over OTLP from the OpenTelemetry chunk it ships, when an endpoint is named', async () => {
    // The local server exports from src/ (otel-export.ts as it is); this is the bundle's copy,
    // loaded behind import() from the chunk beside it, as a deployment loads it.
    const receiver = await startOtlpReceiver();
    const env = {
      OAUTH_SIGNING_KEYS: keys,
      PUBLIC_ORIGIN: siteUrl,
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
      OTEL_BSP_SCHEDULE_DELAY: '50',
    };
    const hosts: FunctionHost[] = [];
    try {
      const mcpHost = await startFunctionHost(functionDirs.get('api/mcp') ?? '', env);
      hosts.push(mcpHost);
      const jwksHost = await startFunctionHost(functionDirs.get('api/oauth-jwks') ?? '', env);
      hosts.push(jwksHost);
      expect((await listTools(mcpHost.origin)).status).toBe(200);
      expect((await fetch(`${jwksHost.origin}/oauth/jwks`)).status).toBe(200);
      const names = () => receiver.spans().map((span) => span.name);
      for (const deadline = Date.now() + 20_000; Date.now() < deadline;) {
        if (names().includes('POST /mcp') && names().includes('GET /oauth/jwks')) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(names()).toEqual(expect.arrayContaining(['POST /mcp', 'GET /oauth/jwks']));
    } finally {
      await Promise.all(hosts.map((host) => stopProcess(host.child)));
      await receiver.close();
    }
  });

  it('should count its rate limit in Redis when REDIS_URL is set', async () => {
    const redis = await startTestRedis();
    const host = await startFunctionHost(functionDirs.get('api/mcp') ?? '', {
      OAUTH_SIGNING_KEYS: keys,
      PUBLIC_ORIGIN: siteUrl,
      REDIS_URL: redis.url,
    });
    try {
      const answer = await listTools(host.origin);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('ratelimit')).toMatch(/r=\d+/);
      expect(await redis.command('KEYS', 'agent-facts:*')).not.toEqual([]);
    } finally {
      await stopProcess(host.child);
      await redis.stop();
    }
  });

  it('should count agent documents through the middleware when asked, in /insight.json', async () => {
    const redis = await startTestRedis();
    const env = { PUBLIC_ORIGIN: siteUrl, REDIS_URL: redis.url, OAUTH_SIGNING_KEYS: keys };
    const token = 'vercel-build-insight-token';
    const middleware = await startFunctionHost(functionDirs.get('middleware') ?? '', {
      ...env,
      INSIGHT_COUNT_DOCUMENTS: 'on',
    });
    const insight = await startFunctionHost(functionDirs.get('api/insight') ?? '', {
      ...env,
      INSIGHT_TOKEN: token,
    });
    const gptBot = 'Mozilla/5.0 (compatible; GPTBot/1.2; +https://openai.com/gptbot)';
    try {
      const read = await fetch(`${middleware.origin}/llms.txt`, {
        headers: { 'user-agent': gptBot },
      });
      // Passed on to the file, as Vercel's CDN then serves it.
      expect(read.headers.get('x-middleware-next')).toBe('1');
      const negotiated = await fetch(`${middleware.origin}/`, {
        headers: { 'user-agent': gptBot, accept: 'text/markdown' },
      });
      expect(negotiated.headers.get('x-middleware-rewrite')).toMatch(/\/index\.md$/);
      let report: { surfaces: unknown[]; agents: unknown[] } = { surfaces: [], agents: [] };
      for (const deadline = Date.now() + 15_000; Date.now() < deadline;) {
        const answer = await fetch(`${insight.origin}/insight.json`, {
          headers: { authorization: `Bearer ${token}` },
        });
        expect(answer.status).toBe(200);
        report = (await answer.json()) as typeof report;
        if (report.surfaces.length >= 2) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(report.surfaces).toEqual(
        expect.arrayContaining([
          { surface: 'llms-txt', agents: 1, people: 0 },
          { surface: 'mirror-home', agents: 1, people: 0 },
        ]),
      );
      expect(report.agents).toEqual([
        { name: 'GPTBot', operator: 'OpenAI', kind: 'training-crawler', requests: 2 },
      ]);
    } finally {
      await Promise.all([stopProcess(middleware.child), stopProcess(insight.child)]);
      await redis.stop();
    }
  });

  it('should answer MCP initialize and tools/list', async () => {
    const initialize = await mcp(initializeRequest('2025-11-25'));
    expect(initialize.status).toBe(200);
    const init = (await initialize.json()) as { result: { protocolVersion: string } };
    expect(init.result.protocolVersion).toBe('2025-11-25');
    const list = await mcp({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
    const tools = (await list.json()) as { result: { tools: { name: string }[] } };
    expect(tools.result.tools.length).toBeGreaterThan(0);
  });

  it('should answer A2A SendMessage at /a2a through the routes of config.json, from the a2a function', async () => {
    const send = (method: string, params: object) =>
      answerOnVercel({
        method: 'POST',
        path: '/a2a',
        headers: { 'content-type': 'application/json', 'a2a-version': '1.0' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      });
    const message = { messageId: 'm-1', role: 'ROLE_USER', parts: [{ text: 'product' }] };
    const sent = await send('SendMessage', { message });
    expect(sent.outcome.target).toEqual({ kind: 'function', name: 'api/a2a' });
    expect(sent.status).toBe(200);
    const answer = JSON.parse(sent.body) as {
      result: { message: { role: string; parts: { data?: object; text?: string }[] } };
    };
    expect(answer.result.message.role).toBe('ROLE_AGENT');
    expect(answer.result.message.parts.map((part) => Object.keys(part)[0])).toEqual([
      'data',
      'text',
    ]);
    const task = JSON.parse((await send('GetTask', { id: 'task-1' })).body) as {
      error: { code: number };
    };
    expect(task.error.code).toBe(-32001);
  });

  it('should register a client, issue it a token and publish the JWKS', async () => {
    const registered = await callFunction('api/oauth-register', {
      method: 'POST',
      path: '/oauth/register',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        client_name: 'vercel build test',
        grant_types: ['client_credentials'],
        token_endpoint_auth_method: 'none',
      }),
    });
    expect(registered.status).toBe(201);
    const { client_id } = (await registered.json()) as { client_id: string };
    const token = await callFunction('api/oauth-token', {
      method: 'POST',
      path: '/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id }).toString(),
    });
    expect(token.status).toBe(200);
    expect(((await token.json()) as { access_token: string }).access_token).toMatch(/^ey/);
    const jwks = await callFunction('api/oauth-jwks', {
      method: 'GET',
      path: '/oauth/jwks',
      headers: {},
    });
    expect(((await jwks.json()) as { keys: unknown[] }).keys.length).toBeGreaterThan(0);
  });

  it('should answer an unknown API path with a 404 problem', async () => {
    const answer = await callFunction('api/not-found', {
      method: 'GET',
      path: '/api/v9/nothing',
      headers: {},
    });
    expect(answer.status).toBe(404);
    expect(answer.headers.get('content-type')).toBe('application/problem+json');
    expect(((await answer.json()) as { instance: string }).instance).toBe('/api/v9/nothing');
  });
});

/**
 * Asks Vercel's routes and the local server the same request and holds their answers equal, but
 * for the headers named in `unlike`.
 */
async function expectSameAnswer(request: Case, unlike: readonly string[] = []): Promise<void> {
  const vercel = await answerOnVercel(request);
  const response = await fetch(`${localUrl}${request.path}`, {
    method: request.method,
    headers: request.headers,
    ...(request.body === undefined ? {} : { body: request.body }),
  });
  const localBody = await response.text();
  expect(vercel.conflicts).toEqual([]);
  expect(vercel.status).toBe(response.status);
  if (!unlike.includes('content-type')) {
    expect(essence(vercel.headers['content-type']), 'content-type').toBe(
      essence(response.headers.get('content-type')),
    );
  }
  for (const name of COMPARED_HEADERS.filter((header) => !unlike.includes(header))) {
    expect(vercel.headers[name] ?? null, name).toBe(response.headers.get(name));
  }
  expect(varyTokens(vercel.headers.vary), 'vary').toEqual(varyTokens(response.headers.get('vary')));
  // The local server leaves HSTS out over http; Vercel's global rule sends it on every answer.
  expect(vercel.headers['strict-transport-security']).toMatch(/^max-age=/);
  if (vercel.outcome.target.kind === 'file' && request.method === 'GET') {
    expect(vercel.body).toBe(localBody);
    // A Markdown answer names its size, counted from the bytes it serves (a page's URL included);
    // the 404 page answered for a missing Markdown path names none.
    const counted =
      vercel.status === 200 && carriesMarkdownTokens(ROUTES.findSurface(vercel.outcome.path));
    expect(vercel.headers[MARKDOWN_TOKENS_HEADER] ?? null, MARKDOWN_TOKENS_HEADER).toBe(
      counted ? String(countMarkdownTokens(vercel.body)) : null,
    );
  }
}

describe('the Vercel configuration vercel.ts computes', () => {
  const computed = () => buildSiteVercelConfig(content.value, readProjectToolNames(process.cwd()));

  it('should be compiled by the CLI from the route table and the content, with no vercel.json', () => {
    expect(existsSync(join(build.dir, 'vercel.json'))).toBe(false);
    const compiled = JSON.parse(readFileSync(join(build.dir, '.vercel', 'vercel.json'), 'utf8'));
    expect(compiled).toEqual(JSON.parse(JSON.stringify(computed())));
  });

  it("should put every rewrite and header rule into config.json's routes, in order", () => {
    const { routes: expected } = getTransformedRoutes(
      JSON.parse(JSON.stringify(computed())) as Parameters<typeof getTransformedRoutes>[0],
    );
    const rules = (expected ?? []).flatMap((route) =>
      'src' in route ? [route as OutputRoute] : [],
    );
    const positions = rules.map((rule) =>
      routes.findIndex(
        (route) =>
          route.src === rule.src &&
          JSON.stringify(route.headers) === JSON.stringify(rule.headers) &&
          route.dest === rule.dest,
      ),
    );
    expect(positions.filter((position) => position < 0)).toEqual([]);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });

  it("should send the content's usage preferences, changed in content/ alone, with each page and each spelling of its file", () => {
    const usage = formatContentUsage(content.value);
    expect(usage).toContain(
      content.value.agents.contentSignals.aiTrain ? 'train-ai=y' : 'train-ai=n',
    );
    const lastPage = SITE_PAGES.at(-1);
    for (const path of [
      '/',
      '/index.html',
      '/docs/',
      `${lastPage?.path ?? ''}/index.html`,
      '/llms.txt',
      lastPage?.markdownPath ?? '/index.md',
    ]) {
      const matching = routes.filter(
        (route) => route.headers && route.src && new RegExp(route.src).test(path),
      );
      const values = matching.flatMap((route) => route.headers?.['Content-Usage'] ?? []);
      expect(values, path).toEqual([usage]);
    }
  });
});

describe("the middleware's matcher, as config.json holds it", () => {
  const middlewareSrc = () => {
    const route = routes.find((candidate) => candidate.middlewarePath === 'middleware');
    return new RegExp(route?.src ?? '^$');
  };

  it('should match every page of the site and its trailing-slash spelling', () => {
    const pattern = middlewareSrc();
    const missed = SITE_PAGES.flatMap((page) => [
      page.path,
      `${page.path}/`.replace('//', '/'),
    ]).filter((path) => !pattern.test(path));
    expect(missed).toEqual([]);
  });

  it('should match no other path of the route table: no document, mirror, asset or API path', () => {
    const pattern = middlewareSrc();
    // A page's trailing-slash spelling is negotiated as the page; its `/index.html` is not.
    const pages = new Set(
      SITE_PAGES.flatMap((page) => [page.path, `${page.path}/`.replace('//', '/')]),
    );
    const others = SURFACES.flatMap((surface) => [
      ...listRulePaths(surface).filter((path) => !path.includes('*')),
      surface.sample.path,
    ]).filter((path) => !pages.has(path));
    const assets = readdirSync(join(build.outputDir, 'static', '_astro')).map(
      (file) => `/_astro/${file}`,
    );
    expect([...others, ...assets].filter((path) => pattern.test(path))).toEqual([]);
  });
});

describe("config.json's routes", () => {
  it.each(listCases())('should answer $label as the local server does', async (request) => {
    await expectSameAnswer(request);
  });

  // Open (issue 15): on Vercel a missing file gets the 404 page with the header rules of the path
  // asked for (revalidate, and a Markdown type under `*.md` families); the local server sends it
  // as text/html, no-store. Status, body and every other header agree.
  it.each(['/no-such-page', '/no-such-page.md', '/copy/no-such-copy.md'])(
    'should answer the missing %s with the 404 page',
    async (path) => {
      await expectSameAnswer({ label: path, method: 'GET', path, headers: {} }, [
        'content-type',
        'cache-control',
      ]);
    },
  );

  it('should give every Markdown file of the output its o200k_base token count, and no other file a count', async () => {
    const staticDir = join(build.outputDir, 'static');
    const files = listFilesSync(staticDir)
      .map((file) => `/${relative(staticDir, file)}`)
      .filter((path) => !path.startsWith('/_astro/'));
    const wrong: string[] = [];
    let counted = 0;
    for (const path of files) {
      // Header routes only: files answer before the middleware could matter (it skips dotted paths).
      const { routeHeaders } = await routeOutput(
        routes,
        build.outputDir,
        new Set(functionDirs.keys()),
        { method: 'GET', path, headers: {} },
        () => Promise.reject(new Error(`the middleware ran for ${path}`)),
      );
      const expected = carriesMarkdownTokens(ROUTES.findSurface(path))
        ? String(countMarkdownTokens(readFileSync(join(staticDir, path), 'utf8')))
        : undefined;
      if (expected !== undefined) counted++;
      if (routeHeaders[MARKDOWN_TOKENS_HEADER] !== expected) {
        wrong.push(
          `${path}: ${routeHeaders[MARKDOWN_TOKENS_HEADER] ?? 'none'} (expected ${expected ?? 'none'})`,
        );
      }
    }
    expect(wrong).toEqual([]);
    // Every page's Markdown version, llms.txt and llms-full.txt at least.
    expect(counted).toBeGreaterThanOrEqual(SITE_PAGES.length + 2);
  });

  it('should answer a hashed asset as the local server does', async () => {
    const [asset] = readdirSync(join(build.outputDir, 'static', '_astro'));
    const path = `/_astro/${asset ?? ''}`;
    await expectSameAnswer({ label: path, method: 'GET', path, headers: {} });
  });
});

/** The bytes of a bundled module and of every module it imports statically, each counted once. */
function measureStartBytes(entry: string, seen = new Set<string>()): number {
  if (seen.has(entry)) return 0;
  seen.add(entry);
  const text = readFileSync(entry, 'utf8');
  // esbuild writes static imports as `from"./x.mjs"` or `import"./x.mjs"`; `import("./x.mjs")`
  // (a dynamic import) does not match, since a parenthesis precedes its quote.
  const imports = [...text.matchAll(/(?:from|import)\s*"(\.\/[^"]+\.mjs)"/g)].map((match) =>
    join(dirname(entry), match[1] ?? ''),
  );
  return (
    Buffer.byteLength(text) + imports.reduce((sum, file) => sum + measureStartBytes(file, seen), 0)
  );
}
