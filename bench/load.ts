/**
 * The sustained load test (npm run load [-- --seconds 40]; not part of npm test). Loopback only.
 * Builds the site, starts a local redis-server and two instances of the real local server sharing
 * it (REDIS_URL), as two instances of one deployment, and sends a steady mix to both for the given
 * time (at least 30 s): pages and agent documents, MCP tools/list and tools/call, and OAuth token
 * requests, each from one of 50,000 client addresses (a trusted proxy header), so the rate
 * limiter keeps counting many clients in Redis without refusing any. It samples each instance's
 * resident memory every second, then checks: no error and no answer other than 2xx (429 would be
 * the only intended one), the counters in Redis, and memory that stops growing (the last third of
 * the run at most 10% above the middle third, on each instance). Prints a report, writes
 * docs/load-test.md, and exits non-zero if a check fails. Each server also samples its own memory
 * (bench/memory-probe.ts) so the report can say what holds it; LOAD_NODE_FLAGS adds Node or V8
 * flags to the servers (such as --max-semi-space-size=8, to compare V8's heap sizing).
 */
import autocannon from 'autocannon';
import { readFile, writeFile, mkdtemp } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { format, resolveConfig } from 'prettier';
import {
  buildSite,
  findFreePort,
  ROOT,
  startServer,
  stopProcess,
} from '../tests/support/processes.ts';
import { copyProject, removeProjectCopy } from '../tests/support/project-copy.ts';
import { startTestRedis } from '../tests/support/redis-server.ts';
import { buildSampleQuery, loadSampleContent } from '../tests/support/sample-content.ts';

const secondsArgument = process.argv.indexOf('--seconds');
const SECONDS = secondsArgument > 0 ? Number(process.argv[secondsArgument + 1]) : 40;
if (!Number.isInteger(SECONDS) || SECONDS < 5) {
  console.error('--seconds must be a whole number of at least 5');
  process.exit(1);
}
const CONNECTIONS = 16;
const CLIENTS = 50_000;

const port = await findFreePort();
const siteUrl = `http://127.0.0.1:${port}`;
console.log(`Building for ${siteUrl} ...`);
// Built and served from a temporary copy: a site served from this checkout keeps its build.
const projectDir = await copyProject({ prefix: 'load-project-' });
const build = await buildSite(projectDir, siteUrl);
if (build.code !== 0) throw new Error(build.stderr);
const redis = await startTestRedis();
const keysFile = join(await mkdtemp(join(tmpdir(), 'load-')), 'keys.json');
const ports = [port, await findFreePort()];
const instanceUrls = ports.map((instancePort) => `http://127.0.0.1:${instancePort}`);
const probeFiles = ports.map((instancePort) => join(tmpdir(), `memory-${instancePort}.jsonl`));
const servers = [];
for (const [index, instancePort] of ports.entries()) {
  servers.push(
    await startServer(projectDir, {
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${join(ROOT, 'bench/memory-probe.ts')} ${process.env.LOAD_NODE_FLAGS ?? ''}`,
      MEMORY_PROBE_FILE: probeFiles[index],
      SITE_URL: siteUrl,
      PORT: String(instancePort),
      HOST: '127.0.0.1',
      OAUTH_SIGNING_KEYS: '',
      OAUTH_KEYS_FILE: keysFile,
      RATE_LIMIT_MAX: '100000',
      CLIENT_ADDRESS_HEADER: 'X-Forwarded-For',
      REDIS_URL: redis.url,
    }),
  );
}
const pids = servers.map(({ child }) => {
  if (child.pid === undefined) throw new Error('a server has no pid');
  return child.pid;
});

const registration = await fetch(`${siteUrl}/oauth/register`, {
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify({ client_name: 'load test' }),
});
const { client_id: clientId } = (await registration.json()) as { client_id: string };

const mcpHeaders = {
  'Content-Type': 'application/json',
  Accept: 'application/json, text/event-stream',
  'Mcp-Protocol-Version': '2025-11-25',
};
const rpc = (method: string, params: object) =>
  JSON.stringify({ jsonrpc: '2.0', id: 1, method, params });
const MIX: Array<{
  label: string;
  method: 'GET' | 'POST';
  path: string;
  headers?: object;
  body?: string;
}> = [
  { label: 'GET /', method: 'GET', path: '/' },
  { label: 'GET /llms-full.txt', method: 'GET', path: '/llms-full.txt' },
  { label: 'GET /openapi.json', method: 'GET', path: '/openapi.json' },
  { label: 'GET /api/v1/overview', method: 'GET', path: '/api/v1/overview' },
  {
    label: 'MCP tools/list',
    method: 'POST',
    path: '/mcp',
    headers: mcpHeaders,
    body: rpc('tools/list', {}),
  },
  {
    label: 'MCP tools/call search',
    method: 'POST',
    path: '/mcp',
    headers: mcpHeaders,
    body: rpc('tools/call', {
      name: 'search_site_copy',
      arguments: { query: buildSampleQuery(await loadSampleContent()) },
    }),
  },
  {
    label: 'POST /oauth/token',
    method: 'POST',
    path: '/oauth/token',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId }).toString(),
  },
];

async function readRssKiB(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
}

const rss: number[][] = await Promise.all(pids.map(async (pid) => [await readRssKiB(pid)]));
const sampler = setInterval(() => {
  pids.forEach((pid, index) => {
    readRssKiB(pid).then(
      (value) => rss[index]?.push(value),
      () => {},
    );
  });
}, 1000);

console.log(
  `Sending the mix for ${SECONDS} s over ${CONNECTIONS} connections, half to each instance ...`,
);
let next = 0;
const results = await Promise.all(
  instanceUrls.map((url) =>
    autocannon({
      url,
      connections: CONNECTIONS / 2,
      duration: SECONDS,
      requests: MIX.map((entry) => ({
        method: entry.method,
        path: entry.path,
        headers: { ...(entry.headers ?? {}) },
        ...(entry.body === undefined ? {} : { body: entry.body }),
        setupRequest: (request: autocannon.Request) => {
          next = (next + 7919) % CLIENTS;
          const client = `10.${next >> 16}.${(next >> 8) & 255}.${next & 255}`;
          return { ...request, headers: { ...request.headers, 'X-Forwarded-For': client } };
        },
      })),
    }),
  ),
);
clearInterval(sampler);
const rssAfter = await Promise.all(pids.map(readRssKiB));
const alive = await Promise.all(
  instanceUrls.map(async (url) => (await fetch(`${url}/mcp`)).status === 200),
);
const counters = Number(await redis.command('DBSIZE'));
await Promise.all(servers.map(({ child }) => stopProcess(child)));
await removeProjectCopy(projectDir);
await redis.stop();

const sum = (pick: (result: autocannon.Result) => number) =>
  results.reduce((total, result) => total + pick(result), 0);
const statusCounts = new Map<string, number>();
for (const result of results) {
  for (const [status, { count }] of Object.entries(
    result.statusCodeStats as Record<string, { count: number }>,
  )) {
    statusCounts.set(status, (statusCounts.get(status) ?? 0) + count);
  }
}
const statuses = [...statusCounts]
  .map(([status, count]) => `${status}: ${count.toLocaleString('en-US')}`)
  .join(', ');
const unintended = [...statusCounts]
  .filter(([status]) => !status.startsWith('2') && status !== '429')
  .reduce((total, [, count]) => total + count, 0);
const memory = rss.map((samples) => {
  const third = Math.floor(samples.length / 3);
  const middle = Math.max(...samples.slice(third, 2 * third));
  const last = Math.max(...samples.slice(2 * third));
  return { samples, middle, last, growth: last / middle - 1 };
});
const errors = sum((result) => result.errors);
const timeouts = sum((result) => result.timeouts);
const checks = [
  ['no connection errors or time-outs', errors === 0 && timeouts === 0],
  ['no answer other than 2xx or an intended 429', unintended === 0],
  ['the rate-limit counters are in Redis', counters > 0],
  [
    'memory stops growing on each instance (last third within 10% of the middle third)',
    memory.every(({ growth }) => growth <= 0.1),
  ],
  [
    'resident memory stays within 2× of the idle server on each instance (issue 16)',
    memory.every(({ samples, last }) => last <= 2 * (samples[0] ?? NaN)),
  ],
  ['both instances still answer', alive.every(Boolean)],
] as const;

const mib = (kib: number) => `${(kib / 1024).toFixed(1)} MiB`;
/** What each instance's memory was made of at the end, as its probe (bench/memory-probe.ts) saw it. */
interface ProbeSample {
  readonly rss: number;
  readonly heapTotal: number;
  readonly heapUsed: number;
  readonly external: number;
  readonly arrayBuffers: number;
  readonly spaces: Record<string, number>;
}
const probes = await Promise.all(
  probeFiles.map(async (probeFile) => {
    const lines = (await readFile(probeFile ?? '', 'utf8').catch(() => '')).trim().split('\n');
    return JSON.parse(lines.at(-1) || '{}') as Partial<ProbeSample>;
  }),
);
const bytes = (value: number | undefined) => mib((value ?? NaN) / 1024);
const breakdown = probes.map((probe, index) => {
  const spaces = probe.spaces ?? {};
  const other = (probe.rss ?? NaN) - (probe.heapTotal ?? NaN) - (probe.external ?? NaN);
  return `| instance ${index + 1} | ${bytes(probe.rss)} | ${bytes(probe.heapTotal)} (${bytes(probe.heapUsed)} live) | ${bytes(spaces.new_space)} | ${bytes(spaces.old_space)} | ${bytes(probe.external)} (${bytes(probe.arrayBuffers)} array buffers) | ${bytes(other)} |`;
});
const nodeFlags = process.env.LOAD_NODE_FLAGS?.trim();
const report = [
  '# Load test',
  '',
  `Measured ${new Date().toISOString().slice(0, 10)} by \`${nodeFlags ? `LOAD_NODE_FLAGS=${nodeFlags} ` : ''}npm run load -- --seconds ${SECONDS}\` (bench/load.ts) on ${cpus().length} cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'}), Node ${process.version}, loopback, the load generator and a local redis-server on the same cores. Two instances of the local server share the redis-server (\`REDIS_URL\`), as two instances of one deployment; ${CONNECTIONS} connections, half to each, cycle through the mix below; each request comes from one of ${CLIENTS.toLocaleString('en-US')} client addresses (a trusted \`X-Forwarded-For\`), with the limit at 100,000 requests per client per minute, so the limiter counts every request in Redis and refuses none.`,
  '',
  ...MIX.map((entry) => `- ${entry.label}`),
  '',
  '| measure | result |',
  '|---|---|',
  `| duration | ${SECONDS} s |`,
  `| requests | ${sum((result) => result.requests.total).toLocaleString('en-US')} (${Math.round(sum((result) => result.requests.average)).toLocaleString('en-US')} per second on average, both instances) |`,
  ...results.map(
    (result, index) =>
      `| latency, instance ${index + 1} | p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms |`,
  ),
  `| answers by status | ${statuses} |`,
  `| errors, time-outs | ${errors}, ${timeouts} |`,
  `| keys in Redis at the end | ${counters.toLocaleString('en-US')} |`,
  ...memory.map(
    ({ samples, middle, last, growth }, index) =>
      `| resident memory, instance ${index + 1} | ${mib(samples[0] ?? NaN)} at start, ${mib(middle)} peak of the middle third, ${mib(last)} peak of the last third (${(growth * 100).toFixed(1)}%), ${mib(rssAfter[index] ?? NaN)} at the end |`,
  ),
  '',
  ...memory.map(
    ({ samples }, index) =>
      `Memory of instance ${index + 1}, one sample per second (MiB): ${samples.map((value) => (value / 1024).toFixed(0)).join(' ')}`,
  ),
  '',
  `What held it at the end (\`process.memoryUsage()\` and V8's heap spaces, sampled each second by bench/memory-probe.ts; "native" is the rest of the resident set: the Node binary's pages, compiled code, thread stacks and malloc's arenas)${nodeFlags ? `, with the servers started with \`${nodeFlags}\`` : ''}:`,
  '',
  "The idle figure is taken once the server listens; under load V8 grows its young generation (new objects, collected by scavenges) up to its limit, 64 MiB in Node 24 by default, to scavenge less often, and keeps it; the old generation holds the long-lived data (documents, kept results, compiled code), and outside the heap are the buffers of sockets and answers. See bench/notes.md for what is ours and what is V8's.",
  '',
  '| instance | resident | V8 heap | young generation | old generation | outside the heap | native |',
  '|---|---:|---:|---:|---:|---:|---:|',
  ...breakdown,
  '',
  '| check | result |',
  '|---|---|',
  ...checks.map(([name, ok]) => `| ${name} | ${ok ? 'pass' : '**fail**'} |`),
  '',
].join('\n');

console.log(`\n${report}`);
const file = join(ROOT, 'docs/load-test.md');
await writeFile(file, await format(report, { ...(await resolveConfig(file)), filepath: file }));
console.log(`Wrote ${file}`);
process.exit(checks.every(([, ok]) => ok) ? 0 : 1);
