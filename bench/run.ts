/**
 * The benchmark suite (npm run bench; not part of npm test). Loopback only, about ten minutes:
 * builds the site, then measures, each against references in the same run (servers pinned to one
 * CPU and the load generator to the other where there are two; rounds alternate their order),
 *   mcp     POST tools/list and tools/call at 10 and 32 connections: the local server, a bare
 *           node:http server replaying its answer (the ceiling) and the peers (MCP SDK 1.x
 *           stateless, SDK v2 createMcpHandler, mcp-handler 2.x), bench/mcp-throughput.ts;
 *   vercel  the MCP function's web-standard entry in-process against a bare Web-API handler
 *           returning the same answer, bench/vercel-path.ts;
 *   cold    spawn to first answer of each bundled function, the bare server and the SDK peer, and
 *           each one's minified bundle size;
 *   oauth   registrations and tokens per second, and the cost of verifying an access token
 *           against a bare ECDSA signature check;
 *   static  a prerendered document from the local server against bare servers sending the same
 *           file with the same headers, bench/static-documents.ts;
 *   store   the Redis store's per-request cost against the memory store (bench/store-cost.ts);
 *   profile CPU profiles of the local server under tools/list and tools/call, bench/cpu-profile.ts;
 *   build   build time and output size for the sample content and content 10 and 100 times larger.
 * Prints a report and, when every section ran, writes docs/benchmarks.md.
 * Run: npm run bench [-- mcp vercel cold oauth static store profile build]
 */
import { createHash, createPublicKey, verify } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { format, resolveConfig } from 'prettier';
import {
  buildSite,
  findFreePort,
  ROOT,
  startServer,
  stopProcess,
} from '../tests/support/processes.ts';
import { buildOAuthKeys, generateSigningKey } from '../src/oauth/keys.ts';
import { issueAccessToken, verifyAccessToken } from '../src/oauth/tokens.ts';
import { buildServiceUrls } from '../src/service/urls.ts';
import { formatBuildScaleTable, measureBuildScale, type BuildScaleRow } from './build-scale.ts';
import { bundleFunction, type FunctionBundle } from './bundle-function.ts';
import { formatStoreCost, measureStoreCost } from './store-cost.ts';
import { profileMcp } from './cpu-profile.ts';
import { measureStaticDocuments } from './static-documents.ts';
import { measureVercelPath } from './vercel-path.ts';
import { MCP_HEADERS, measureMcpThroughput, TOOLS_LIST as toolsList } from './mcp-throughput.ts';
import {
  compareColdStarts,
  compareLoads,
  kib,
  median,
  pinProcess,
  type LoadResult,
  type LoadTarget,
} from './lib.ts';

const SECTIONS = ['mcp', 'vercel', 'cold', 'oauth', 'static', 'store', 'profile', 'build'] as const;
type Section = (typeof SECTIONS)[number];
const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !(SECTIONS as readonly string[]).includes(name));
if (unknown.length > 0) {
  console.error(`Unknown section ${unknown.join(', ')}; choose from ${SECTIONS.join(', ')}.`);
  process.exit(2);
}
const sections = new Set<Section>(asked.length > 0 ? (asked as Section[]) : SECTIONS);

const LOAD = { rounds: 3, connections: 32, seconds: 4 };
/** The MCP and static loads: both concurrencies, shorter rounds. */
const THROUGHPUT = { rounds: 3, seconds: 3, concurrencies: [10, 32] };
const COLD_STARTS = 11;
const VERIFICATIONS = 3000;

const mcpTarget = (url: string, body: string): LoadTarget => ({
  url,
  headers: MCP_HEADERS,
  body,
});

const started = performance.now();
const report: string[] = [];
const say = (line = '') => {
  report.push(line);
  console.log(line);
};
const table = (header: readonly string[], rows: readonly (readonly string[])[]) => {
  say(`| ${header.join(' | ')} |`);
  say(`| ${header.map((_, index) => (index === 0 ? '---' : '---:')).join(' | ')} |`);
  for (const row of rows) say(`| ${row.join(' | ')} |`);
  say();
};
const loadRow = (name: string, result: LoadResult) => [
  name,
  String(Math.round(result.rps)),
  String(result.p50),
  String(result.p99),
  String(result.errors),
];
const LOAD_HEADER = ['target', 'req/s (median)', 'p50 ms', 'p99 ms', 'errors'] as const;

const signingKeys = JSON.stringify([await generateSigningKey('bench')]);
const workDir = await mkdtemp(join(tmpdir(), 'bench-'));
const port = await findFreePort();
const siteUrl = `http://127.0.0.1:${port}`;
const needsSite = ['mcp', 'vercel', 'cold', 'oauth', 'static', 'store', 'profile'].some((name) =>
  sections.has(name as Section),
);
let server: Awaited<ReturnType<typeof startServer>> | undefined;
let stoppingServer = false;
const serverEnv = {
  OAUTH_SIGNING_KEYS: signingKeys,
  // The limiter runs (its cost is part of every answer) but never refuses the load generator.
  RATE_LIMIT_MAX: '1000000000',
};
if (needsSite) {
  console.log(`Building for ${siteUrl} ...`);
  const build = await buildSite(siteUrl);
  if (build.code !== 0) throw new Error(build.stderr);
  server = await startServer({
    SITE_URL: siteUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    ...serverEnv,
  });
  const { child, output } = server;
  child.once('exit', (code, signal) => {
    if (!stoppingServer)
      console.error(`The local server stopped (${code ?? signal}):\n${output()}`);
  });
}

// Servers on one CPU, the load generator (this process) on the other, where there are two.
const SERVER_CPUS = '0';
const pinned =
  server?.child.pid !== undefined &&
  availableParallelism() >= 2 &&
  pinProcess(server.child.pid, SERVER_CPUS) &&
  pinProcess(process.pid, '1');

say(
  `Measured ${new Date().toISOString().slice(0, 10)} on ${process.platform} ${process.arch}, ${cpus().length} cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'}), Node ${process.version}; loads by autocannon over loopback (OAuth: ${LOAD.connections} connections, ${LOAD.seconds} s, median of ${LOAD.rounds} rounds run in turn). ${pinned ? `Servers pinned to CPU ${SERVER_CPUS}, the load generator to CPU 1.` : 'Servers and load generator not pinned.'}`,
);
say();

if (sections.has('mcp')) {
  console.log('MCP throughput ...');
  for (const line of await measureMcpThroughput({
    siteUrl,
    serverPid: server?.child.pid,
    serverCpus: pinned ? SERVER_CPUS : undefined,
    ...THROUGHPUT,
  }))
    say(line);
}

if (sections.has('vercel')) {
  console.log('The Vercel path, in-process ...');
  for (const line of await measureVercelPath({
    env: { ...serverEnv, SITE_URL: siteUrl },
    serverCpus: pinned ? SERVER_CPUS : undefined,
  }))
    say(line);
}

if (sections.has('cold')) {
  console.log('Bundles and cold starts ...');
  const functions = [
    'mcp',
    'oauth-register',
    'oauth-token',
    'oauth-jwks',
    'oauth-authorize',
    'not-found',
  ];
  const bundles: Record<string, FunctionBundle> = {};
  for (const name of [...functions, 'sdk-peer-server']) {
    const entry = name === 'sdk-peer-server' ? `${ROOT}bench/${name}.ts` : `${ROOT}api/${name}.ts`;
    bundles[name] = await bundleFunction(entry, join(workDir, name));
  }
  const entryOf = (name: string) => bundles[name]?.entryFile ?? '';
  const requestFor = (name: string) => (port: number) => {
    const base = `http://127.0.0.1:${port}`;
    switch (name) {
      case 'mcp':
      case 'bare':
      case 'sdk-peer-server':
        return mcpTarget(`${base}/mcp`, toolsList);
      case 'oauth-register':
        return {
          url: `${base}/oauth/register`,
          headers: { 'content-type': 'application/json' },
          body: '{"client_name":"bench"}',
        };
      case 'oauth-token':
        return {
          url: `${base}/oauth/token`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: 'grant_type=client_credentials&client_id=x',
        };
      default:
        return { url: `${base}/oauth/jwks`, method: 'GET' as const };
    }
  };
  const env = { OAUTH_SIGNING_KEYS: signingKeys, SITE_URL: siteUrl };
  const times = await compareColdStarts(
    {
      bare: {
        script: `${ROOT}bench/bare-server.ts`,
        env: { BARE_BODY: '{}' },
        request: requestFor('bare'),
      },
      'sdk-peer-server': {
        script: entryOf('sdk-peer-server'),
        env,
        request: requestFor('sdk-peer-server'),
      },
      ...Object.fromEntries(
        functions.flatMap((name) =>
          (['plain', 'web'] as const).map((mode) => [
            `${name} ${mode}`,
            {
              script: `${ROOT}bench/function-host.ts`,
              env: { ...env, FUNCTION_BUNDLE: entryOf(name), FUNCTION_MODE: mode },
              request: requestFor(name),
            },
          ]),
        ),
      ),
    },
    COLD_STARTS,
  );
  const bareMs = times.bare ?? NaN;
  say('## Cold start and bundle size');
  say();
  say(
    `Spawn to first answer, median of ${COLD_STARTS} spawns each. Functions are bundled by esbuild (minified, with their dependencies and data; code behind a dynamic import goes to chunks loaded on first use, as Vercel loads modules) and hosted by the thinnest node:http glue (bench/function-host.ts); the SDK peer is bundled the same way. Bundle sizes count every chunk; the start-up part is the entry chunk.`,
  );
  say();
  say(
    'Targets: within 1.3× of the bare server, and under 200 KB. "plain" calls the function as the local server does (`npm start`); "web Request" builds a WHATWG Request and Response and calls the method export, as Vercel\'s runtime does (the first such object loads Node\'s fetch implementation, undici).',
  );
  say();
  const row = (label: string, plainMs: number | undefined, webMs: number, name: string) => [
    label,
    plainMs === undefined ? '' : plainMs.toFixed(1),
    plainMs === undefined ? '' : `${(plainMs / bareMs).toFixed(2)}×`,
    webMs.toFixed(1),
    `${(webMs / bareMs).toFixed(2)}×`,
    kib(bundles[name]?.totalBytes ?? NaN),
    kib(bundles[name]?.entryBytes ?? NaN),
  ];
  const timeOf = (key: string) => (times as Record<string, number>)[key] ?? NaN;
  table(
    [
      'process',
      'cold start ms, plain',
      'vs bare',
      'cold start ms, web Request',
      'vs bare',
      'bundle (minified, all chunks)',
      'loaded at start',
    ],
    [
      ['bare node:http', bareMs.toFixed(1), '1.00×', '', '', '-', '-'],
      ...functions.map((name) =>
        row(`api/${name}.ts`, timeOf(`${name} plain`), timeOf(`${name} web`), name),
      ),
      row('MCP SDK peer (its own server)', undefined, timeOf('sdk-peer-server'), 'sdk-peer-server'),
    ],
  );
}

if (sections.has('oauth')) {
  console.log('OAuth ...');
  const register = await fetch(`${siteUrl}/oauth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"client_name":"bench"}',
  });
  const { client_id: clientId } = (await register.json()) as { client_id: string };
  const results = await compareLoads(
    {
      register: {
        url: `${siteUrl}/oauth/register`,
        headers: { 'content-type': 'application/json' },
        body: '{"client_name":"bench agent","grant_types":["client_credentials"]}',
      },
      token: {
        url: `${siteUrl}/oauth/token`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `grant_type=client_credentials&client_id=${clientId}&scope=mcp%3Aread`,
      },
    },
    LOAD,
  );
  const keys = await buildOAuthKeys(JSON.parse(signingKeys) as never);
  const urls = buildServiceUrls(siteUrl);
  const now = Math.floor(Date.now() / 1000);
  const token = await issueAccessToken(
    { clientId, scope: 'mcp:read', audience: [urls.mcp], now },
    keys,
    urls,
  );
  const [header, payload, signature] = token.split('.');
  const publicKey = createPublicKey({
    key: keys.jwks.keys[0] as never,
    format: 'jwk',
  });
  const signed = Buffer.from(`${header}.${payload}`);
  const signatureBytes = Buffer.from(signature ?? '', 'base64url');
  const timeIt = async (run: () => unknown) => {
    const rounds: number[] = [];
    for (let round = 0; round < 5; round += 1) {
      const start = performance.now();
      for (let index = 0; index < VERIFICATIONS; index += 1) await run();
      rounds.push(((performance.now() - start) * 1000) / VERIFICATIONS);
    }
    return median(rounds);
  };
  const rawMicros = await timeIt(() =>
    verify('sha256', signed, { key: publicKey, dsaEncoding: 'ieee-p1363' }, signatureBytes),
  );
  const fullMicros = await timeIt(() => verifyAccessToken(token, keys, urls, [urls.mcp], now));
  say('## OAuth');
  say();
  table(LOAD_HEADER, [
    loadRow('POST /oauth/register', results.register),
    loadRow('POST /oauth/token (client_credentials)', results.token),
  ]);
  table(
    ['access token verification', 'µs per token (median of 5 × 3000)', 'vs bare ECDSA'],
    [
      ['bare ES256 signature check (node:crypto)', rawMicros.toFixed(1), '1.00×'],
      [
        'full RFC 9068 check (jose: signature, typ, iss, aud, exp)',
        fullMicros.toFixed(1),
        `${(fullMicros / rawMicros).toFixed(2)}×`,
      ],
    ],
  );
}

if (sections.has('static')) {
  console.log('Static documents ...');
  for (const line of await measureStaticDocuments({
    siteUrl,
    serverPid: server?.child.pid,
    serverCpus: pinned ? SERVER_CPUS : undefined,
    ...THROUGHPUT,
  }))
    say(line);
}

if (sections.has('store')) {
  console.log('Shared store ...');
  for (const line of formatStoreCost(await measureStoreCost(siteUrl, LOAD))) say(line);
}

stoppingServer = true;
if (server) await stopProcess(server.child);

if (sections.has('profile')) {
  console.log('CPU profiles ...');
  for (const line of await profileMcp({
    siteUrl,
    serverEnv,
    serverCpus: pinned ? SERVER_CPUS : undefined,
    seconds: 5,
    connections: 32,
    top: 12,
  }))
    say(line);
}
// The build section uses both cores again.
if (pinned) pinProcess(process.pid, `0-${availableParallelism() - 1}`);

let scale: BuildScaleRow[] = [];
if (sections.has('build')) {
  console.log('Build scale (a few minutes) ...');
  scale = await measureBuildScale();
  say('## Build scale');
  say();
  say(formatBuildScaleTable(scale));
  say();
}

const minutes = ((performance.now() - started) / 60_000).toFixed(1);
say(`Whole run: ${minutes} minutes.`);

if (sections.size === SECTIONS.length) {
  const versions = JSON.parse(readFileSync(`${ROOT}package-lock.json`, 'utf8')) as {
    packages: Record<string, { version?: string }>;
  };
  const version = (name: string) => versions.packages[`node_modules/${name}`]?.version ?? '?';
  const digest = createHash('sha256').update(report.join('\n')).digest('hex').slice(0, 12);
  const markdown = `# Benchmarks

Written by \`npm run bench\` (bench/run.ts); do not edit by hand. Every figure is a ratio to a
reference measured in the same run, because the machines are noisy; loads run over loopback.
Versions: astro ${version('astro')}, @modelcontextprotocol/sdk ${version('@modelcontextprotocol/sdk')}, jose ${version('jose')}, autocannon ${version('autocannon')}, esbuild ${version('esbuild')}. Report ${digest}.

${report.join('\n')}

${readFileSync(`${ROOT}bench/notes.md`, 'utf8')}`;
  // Formatted as the repository's prettier check expects.
  const formatted = await format(markdown, {
    ...((await resolveConfig(`${ROOT}docs/benchmarks.md`)) ?? {}),
    parser: 'markdown',
  });
  await writeFile(`${ROOT}docs/benchmarks.md`, formatted);
  console.log('Wrote docs/benchmarks.md');
}
