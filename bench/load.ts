/**
 * The sustained load test (npm run load [-- --seconds 40]; not part of npm test). Loopback only.
 * Builds the site, starts the real local server, and sends a steady mix for the given time (at
 * least 30 s): pages and agent documents, MCP tools/list and tools/call, and OAuth token requests,
 * each from one of 50,000 client addresses (a trusted proxy header), so the rate limiter keeps
 * counting many clients without refusing any. It samples the server's resident memory every
 * second, then checks: no error and no answer other than 2xx (429 would be the only intended
 * one), and memory that stops growing (the last third of the run at most 10% above the middle
 * third). Prints a report, writes docs/load-test.md, and exits non-zero if a check fails.
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
const build = await buildSite(siteUrl);
if (build.code !== 0) throw new Error(build.stderr);
const server = await startServer({
  SITE_URL: siteUrl,
  PORT: String(port),
  HOST: '127.0.0.1',
  OAUTH_SIGNING_KEYS: '',
  OAUTH_KEYS_FILE: join(await mkdtemp(join(tmpdir(), 'load-')), 'keys.json'),
  RATE_LIMIT_MAX: '100000',
  CLIENT_ADDRESS_HEADER: 'X-Forwarded-For',
});
const pid = server.child.pid;
if (pid === undefined) throw new Error('the server has no pid');

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
    body: rpc('tools/call', { name: 'search_site', arguments: { query: 'container arrival' } }),
  },
  {
    label: 'POST /oauth/token',
    method: 'POST',
    path: '/oauth/token',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId }).toString(),
  },
];

async function readRssKiB(): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
}

const rss: number[] = [await readRssKiB()];
const sampler = setInterval(() => {
  readRssKiB().then(
    (value) => rss.push(value),
    () => {},
  );
}, 1000);

console.log(`Sending the mix for ${SECONDS} s over ${CONNECTIONS} connections ...`);
let next = 0;
const result = await autocannon({
  url: siteUrl,
  connections: CONNECTIONS,
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
});
clearInterval(sampler);
const rssAfter = await readRssKiB();
const alive = (await fetch(`${siteUrl}/`)).status === 200;
await stopProcess(server.child);

const third = Math.floor(rss.length / 3);
const middle = Math.max(...rss.slice(third, 2 * third));
const last = Math.max(...rss.slice(2 * third));
const growth = last / middle - 1;
const statuses = Object.entries(result.statusCodeStats as Record<string, { count: number }>)
  .map(([status, { count }]) => `${status}: ${count.toLocaleString('en-US')}`)
  .join(', ');
const unintended = Object.entries(result.statusCodeStats as Record<string, { count: number }>)
  .filter(([status]) => !status.startsWith('2') && status !== '429')
  .reduce((sum, [, { count }]) => sum + count, 0);
const checks = [
  ['no connection errors or time-outs', result.errors === 0 && result.timeouts === 0],
  ['no answer other than 2xx or an intended 429', unintended === 0],
  ['memory stops growing (last third within 10% of the middle third)', growth <= 0.1],
  ['the server still answers', alive],
] as const;

const mib = (kib: number) => `${(kib / 1024).toFixed(1)} MiB`;
const report = [
  '# Load test',
  '',
  `Measured ${new Date().toISOString().slice(0, 10)} by \`npm run load -- --seconds ${SECONDS}\` (bench/load.ts) on ${cpus().length} cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'}), Node ${process.version}, loopback, the load generator on the same cores. ${CONNECTIONS} connections cycle through the mix below; each request comes from one of ${CLIENTS.toLocaleString('en-US')} client addresses (a trusted \`X-Forwarded-For\`), with the limit at 100,000 requests per client per minute, so the limiter counts every request and refuses none.`,
  '',
  ...MIX.map((entry) => `- ${entry.label}`),
  '',
  '| measure | result |',
  '|---|---|',
  `| duration | ${SECONDS} s |`,
  `| requests | ${result.requests.total.toLocaleString('en-US')} (${Math.round(result.requests.average).toLocaleString('en-US')} per second on average) |`,
  `| latency | p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms |`,
  `| answers by status | ${statuses} |`,
  `| errors, time-outs | ${result.errors}, ${result.timeouts} |`,
  `| resident memory | ${mib(rss[0] ?? NaN)} at start, ${mib(middle)} peak of the middle third, ${mib(last)} peak of the last third (${(growth * 100).toFixed(1)}%), ${mib(rssAfter)} at the end |`,
  '',
  `Memory, one sample per second (MiB): ${rss.map((value) => (value / 1024).toFixed(0)).join(' ')}`,
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
