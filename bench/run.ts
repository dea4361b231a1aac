/**
 * The benchmark suite (npm run bench; not part of npm test). Loopback only, about ten minutes:
 * builds the site in a temporary copy of the project (never in the work tree, so a site served
 * from this checkout keeps its origin), then measures, each against references in the same run
 * (servers pinned to one CPU and the load generator to the other where there are two; rounds
 * alternate their order),
 *   mcp     POST tools/list and tools/call at 10 and 32 connections: the local server, a bare
 *           node:http server replaying its answer (the ceiling) and the peers (MCP SDK 1.x
 *           stateless, SDK v2 createMcpHandler, mcp-handler 2.x), bench/mcp-throughput.ts;
 *   vercel  the MCP function's web-standard entry in-process against a bare Web-API handler
 *           returning the same answer, bench/vercel-path.ts;
 *   cold    vercel build, then spawn to first answer and size of each .func it ships, against a
 *           bare function doing the same Web API work (and the SDK peer, bundled);
 *   oauth   registrations and tokens per second, and the cost of verifying an access token
 *           against a bare ECDSA signature check;
 *   static  a prerendered document from the local server against bare servers sending the same
 *           file with the same headers, bench/static-documents.ts;
 *   store   the Redis store's per-request cost against the memory store (bench/store-cost.ts);
 *   profile CPU profiles of the local server under tools/list and tools/call, bench/cpu-profile.ts;
 *   build   build time and output size for the sample content and content 10 and 100 times larger;
 *   middleware  counting agent documents in the middleware (INSIGHT_COUNT_DOCUMENTS) off and on:
 *           two vercel builds, their middleware routes, cold starts and latency of middleware.func,
 *           bench/middleware-cost.ts;
 *   insight a million distinct User-Agents classified and a hundred thousand distinct search
 *           queries tallied, against one repeated visitor, bench/insight-flood.ts.
 * Prints a report and writes docs/benchmarks.md: the whole of it when every section ran, else the
 * sections that ran (each then names its own date and machine) and the notes.
 * Run: npm run bench [-- mcp vercel cold oauth static store profile build middleware insight]
 */
import { mkdtemp } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  buildSite,
  findFreePort,
  ROOT,
  startServer,
  stopProcess,
} from '../tests/support/processes.ts';
import { copyProject, removeProjectCopy } from '../tests/support/project-copy.ts';
import { bundleFunctions } from '../src/integrations/bundle-functions.ts';
import { generateSigningKey } from '../src/oauth/keys.ts';
import { formatBuildScaleTable, measureBuildScale, type BuildScaleRow } from './build-scale.ts';
import { measureShippedFunctions } from './cold-start.ts';
import { formatStoreCost, measureStoreCost } from './store-cost.ts';
import { profileMcp } from './cpu-profile.ts';
import { formatMachine, readLoadAverage, readMachine } from './machine.ts';
import { writeBenchReport } from './report-file.ts';
import { measureTokenVerification } from './token-verification.ts';
import { measureStaticDocuments } from './static-documents.ts';
import { measureVercelPath } from './vercel-path.ts';
import { measureMiddlewareCost } from './middleware-cost.ts';
import { measureInsightFlood } from './insight-flood.ts';
import { MCP_HEADERS, measureMcpThroughput, TOOLS_LIST as toolsList } from './mcp-throughput.ts';
import {
  compareColdStarts,
  compareLoads,
  kib,
  pinProcess,
  type LoadResult,
  type LoadTarget,
} from './lib.ts';

const SECTIONS = [
  'mcp',
  'vercel',
  'cold',
  'oauth',
  'static',
  'store',
  'profile',
  'build',
  'middleware',
  'insight',
] as const;
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
/**
 * The MCP loads: five rounds, as 3 s rounds of one unchanged server ranged from 6,300 to 11,400
 * requests per second on a 2-core virtual machine, and a warm-up of 8 s per target, as an SDK
 * peer answers tools/call at about half its speed in its first 3 s of load and settles only
 * after about 10 s (bench/notes.md).
 */
const MCP_THROUGHPUT = { ...THROUGHPUT, rounds: 5, warmupSeconds: 8 };
const COLD_STARTS = 11;
const VERIFICATIONS = 3000;

const mcpTarget = (url: string, body: string): LoadTarget => ({
  url,
  headers: MCP_HEADERS,
  body,
});

const started = performance.now();
// Read before the build: how busy the machine was before this run added its own work.
const machine = readMachine();
const loadAtStart = readLoadAverage();
const report: string[] = [];
const say = (line = '') => {
  report.push(line);
  console.log(line);
};
/** Where each section's lines start in the report, for a run of some sections only. */
const sectionStarts = new Map<Section, number>();
/** Whether a section was asked for; if so, its lines start here. */
const beginSection = (name: Section): boolean => {
  if (!sections.has(name)) return false;
  sectionStarts.set(name, report.length);
  return true;
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
// The cold section bundles the SDK peer, which imports the build's snapshot.
const needsSite = ['mcp', 'vercel', 'cold', 'oauth', 'static', 'store', 'profile'].some((name) =>
  sections.has(name as Section),
);
// The site is built and served from a temporary copy of the project, so a site the owner serves
// from this checkout (`npm start`) keeps its build and origin.
const projectDir = needsSite ? await copyProject({ prefix: 'bench-project-' }) : ROOT;
let server: Awaited<ReturnType<typeof startServer>> | undefined;
let stoppingServer = false;
const serverEnv = {
  OAUTH_SIGNING_KEYS: signingKeys,
  // The limiter runs (its cost is part of every answer) but never refuses the load generator.
  RATE_LIMIT_MAX: '1000000000',
};
if (needsSite) {
  console.log(`Building for ${siteUrl} ...`);
  const build = await buildSite(projectDir, siteUrl);
  if (build.code !== 0) throw new Error(build.stderr);
  server = await startServer(projectDir, {
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
  `Measured ${new Date().toISOString().slice(0, 10)} on ${process.platform} ${process.arch}, ${machine.cores} cores (${[machine.model, machine.identity].filter(Boolean).join(', ')}), Node ${process.version}; load average (1 min) ${loadAtStart.toFixed(2)} before the build; loads by autocannon over loopback (OAuth: ${LOAD.connections} connections, ${LOAD.seconds} s, median of ${LOAD.rounds} rounds run in turn). ${pinned ? `Servers pinned to CPU ${SERVER_CPUS}, the load generator to CPU 1.` : 'Servers and load generator not pinned.'}`,
);
say();

if (beginSection('mcp')) {
  console.log('MCP throughput ...');
  for (const line of await measureMcpThroughput({
    projectDir,
    siteUrl,
    serverPid: server?.child.pid,
    serverCpus: pinned ? SERVER_CPUS : undefined,
    ...MCP_THROUGHPUT,
  }))
    say(line);
}

if (beginSection('vercel')) {
  console.log('The Vercel path, in-process ...');
  for (const line of await measureVercelPath({
    projectDir,
    env: { ...serverEnv, SITE_URL: siteUrl },
    serverCpus: pinned ? SERVER_CPUS : undefined,
  }))
    say(line);
}

if (beginSection('cold')) {
  console.log('vercel build, then cold starts of what it ships ...');
  const shipped = await measureShippedFunctions({
    siteUrl,
    signingKeys,
    toolsList,
    count: COLD_STARTS,
  });
  // The SDK peer has no .func: bundled as our functions are (the build's own bundler), hosted by
  // its own server, for scale.
  const [peer] = await bundleFunctions(
    [{ name: 'sdk-peer-server', source: `${projectDir}bench/sdk-peer-server.ts` }],
    join(workDir, 'peer'),
  );
  if (!peer) throw new Error('the SDK peer was not bundled');
  const peerTimes = await compareColdStarts(
    {
      'sdk-peer-server': {
        script: peer.entryFile,
        env: { OAUTH_SIGNING_KEYS: signingKeys, SITE_URL: siteUrl },
        request: (port: number) => mcpTarget(`http://127.0.0.1:${port}/mcp`, toolsList),
      },
    },
    COLD_STARTS,
  );
  say('## Cold start and size of what Vercel ships');
  say();
  say(
    `\`vercel build\` (Vercel's CLI, offline) on a fresh copy of the repository; each \`.vercel/output/functions/**/*.func\` is copied out of the project and its handler imported alone by tests/support/func-host.ts, which builds a WHATWG Request and calls the handler's method export (the middleware's default export) as Vercel's Node runtime does. Spawn to first answer, median of ${COLD_STARTS} spawns each, in turn. The reference ("bare") is a .func whose handler answers a fixed Response, hosted the same way: the same Web API work and nothing else. Size: every file of the .func but its .vc-config.json.`,
  );
  say();
  say(
    'Targets (issue 15): at most 1.5× the bare function for MCP, 1.3× for the others; 300 KB per function.',
  );
  say();
  table(
    ['function', 'files', 'size', 'cold start ms', 'vs bare', 'target'],
    [
      ['bare (fixed Response)', '1', '-', shipped.bareMs.toFixed(1), '1.00×', ''],
      ...shipped.functions.map((fn) => [
        `${fn.name}.func`,
        String(fn.files),
        kib(fn.bytes),
        fn.coldMs.toFixed(1),
        `${fn.ratio.toFixed(2)}×`,
        `${fn.ratio <= fn.target ? 'within' : 'OVER'} ${fn.target}×`,
      ]),
      [
        'MCP SDK peer (esbuild bundle, its own server)',
        '',
        kib(peer.totalBytes),
        (peerTimes['sdk-peer-server'] ?? NaN).toFixed(1),
        `${((peerTimes['sdk-peer-server'] ?? NaN) / shipped.bareMs).toFixed(2)}×`,
        '',
      ],
    ],
  );
}

if (beginSection('oauth')) {
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
  const { rawMicros, fullMicros } = await measureTokenVerification(
    signingKeys,
    siteUrl,
    clientId,
    VERIFICATIONS,
  );
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

if (beginSection('static')) {
  console.log('Static documents ...');
  for (const line of await measureStaticDocuments({
    projectDir,
    siteUrl,
    serverPid: server?.child.pid,
    serverCpus: pinned ? SERVER_CPUS : undefined,
    ...THROUGHPUT,
  }))
    say(line);
}

if (beginSection('store')) {
  console.log('Shared store ...');
  for (const line of formatStoreCost(await measureStoreCost(projectDir, siteUrl, LOAD))) say(line);
}

stoppingServer = true;
if (server) await stopProcess(server.child);

if (beginSection('profile')) {
  console.log('CPU profiles ...');
  for (const line of await profileMcp({
    projectDir,
    siteUrl,
    serverEnv,
    serverCpus: pinned ? SERVER_CPUS : undefined,
    seconds: 5,
    connections: 32,
    top: 12,
  }))
    say(line);
}
if (needsSite) await removeProjectCopy(projectDir);
// The build section uses both cores again.
if (pinned) pinProcess(process.pid, `0-${availableParallelism() - 1}`);

let scale: BuildScaleRow[] = [];
if (beginSection('build')) {
  console.log('Build scale (a few minutes) ...');
  scale = await measureBuildScale();
  say('## Build scale');
  say();
  say(formatBuildScaleTable(scale));
  say();
}

if (beginSection('middleware')) {
  console.log(
    'Counting agent documents in the middleware: two vercel builds (several minutes) ...',
  );
  for (const line of await measureMiddlewareCost({
    siteUrl,
    signingKeys,
    coldStarts: COLD_STARTS,
    load: { rounds: LOAD.rounds, connections: 10, seconds: LOAD.seconds },
  }))
    say(line);
}

if (beginSection('insight')) {
  console.log('Agent insight under a flood ...');
  for (const line of await measureInsightFlood()) say(line);
}

const sectionsEnd = report.length;
const minutes = ((performance.now() - started) / 60_000).toFixed(1);
const machineLine = formatMachine(machine, { start: loadAtStart, end: readLoadAverage() });
say(`Whole run: ${minutes} minutes. ${machineLine}`);

await writeBenchReport({
  report,
  sectionStarts,
  sectionsEnd,
  whole: sections.size === SECTIONS.length,
  asked,
  machineLine,
});
