/**
 * MCP endpoint benchmark (loopback only, about two minutes): POST tools/list and tools/call
 * throughput and latency of the local server against a bare node:http server with a fixed JSON
 * body (the ceiling), in the same run; spawn-to-first-answer cold start of the bundled MCP
 * function against the bare server; and the function's minified bundle size.
 * Run: npm run bench:mcp
 */
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  buildSite,
  findFreePort,
  NODE,
  ROOT,
  startServer,
  stopProcess,
} from '../tests/support/processes.ts';
import { bundleFunction } from './bundle-function.ts';

const ROUNDS = 3;
const SECONDS = 5;
const CONNECTIONS = 32;
const COLD_STARTS = 11;

const toolsList = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} });
const search = JSON.stringify({
  jsonrpc: '2.0',
  id: 2,
  method: 'tools/call',
  params: { name: 'search_site_copy', arguments: { query: 'container ETA accuracy', limit: 3 } },
});
const mcpHeaders = { 'content-type': 'application/json', 'mcp-protocol-version': '2025-11-25' };

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

interface LoadResult {
  readonly rps: number;
  readonly p50: number;
  readonly p99: number;
  readonly errors: number;
}

async function load(url: string, body: string): Promise<LoadResult> {
  const result = await autocannon({
    url,
    method: 'POST',
    headers: mcpHeaders,
    body,
    connections: CONNECTIONS,
    duration: SECONDS,
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

async function waitForAnswer(url: string, body: string, deadline: number): Promise<void> {
  for (;;) {
    try {
      const response = await fetch(url, { method: 'POST', headers: mcpHeaders, body });
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    if (performance.now() > deadline) throw new Error(`no answer from ${url}`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

/** Spawns a server process and times spawn to first successful answer, in milliseconds. */
async function coldStart(script: string, env: NodeJS.ProcessEnv): Promise<number> {
  const port = await findFreePort();
  const started = performance.now();
  const child: ChildProcess = spawn(NODE, [script], {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: 'ignore',
  });
  await waitForAnswer(`http://127.0.0.1:${port}/mcp`, toolsList, started + 10_000);
  const elapsed = performance.now() - started;
  await stopProcess(child);
  return elapsed;
}

function startBare(port: number, body: string): ChildProcess {
  return spawn(NODE, [`${ROOT}bench/bare-server.ts`], {
    env: { ...process.env, PORT: String(port), BARE_BODY: body },
    stdio: 'ignore',
  });
}

const port = await findFreePort();
const siteUrl = `http://127.0.0.1:${port}`;
console.log(`Building for ${siteUrl} ...`);
const build = await buildSite(siteUrl);
if (build.code !== 0) throw new Error(build.stderr);

const outDir = await mkdtemp(join(tmpdir(), 'bench-mcp-'));
const bundle = join(outDir, 'mcp.mjs');
const bundleBytes = await bundleFunction(`${ROOT}api/mcp.ts`, bundle);

const server = await startServer({ SITE_URL: siteUrl, PORT: String(port), HOST: '127.0.0.1' });
const ours = `${siteUrl}/mcp`;
const toolsListBody = await (
  await fetch(ours, { method: 'POST', headers: mcpHeaders, body: toolsList })
).text();
const barePort = await findFreePort();
const bare = startBare(barePort, toolsListBody);
const bareUrl = `http://127.0.0.1:${barePort}/mcp`;
await waitForAnswer(bareUrl, toolsList, performance.now() + 5000);

console.log(`Load: ${ROUNDS} rounds of ${SECONDS} s, ${CONNECTIONS} connections, alternating ...`);
await load(ours, toolsList); // warm-up of both, not counted
await load(bareUrl, toolsList);
const runs: Record<'bare' | 'toolsList' | 'search', LoadResult[]> = {
  bare: [],
  toolsList: [],
  search: [],
};
for (let round = 0; round < ROUNDS; round += 1) {
  runs.bare.push(await load(bareUrl, toolsList));
  runs.toolsList.push(await load(ours, toolsList));
  runs.search.push(await load(ours, search));
}
await stopProcess(bare);
await stopProcess(server.child);

console.log(`Cold starts: ${COLD_STARTS} spawns of each ...`);
const bareBody = toolsListBody;
const coldBare: number[] = [];
const coldFunction: number[] = [];
for (let index = 0; index < COLD_STARTS; index += 1) {
  coldBare.push(await coldStart(`${ROOT}bench/bare-server.ts`, { BARE_BODY: bareBody }));
  coldFunction.push(await coldStart(`${ROOT}bench/function-host.ts`, { FUNCTION_BUNDLE: bundle }));
}

const summary = (results: LoadResult[]) => ({
  rps: median(results.map((result) => result.rps)),
  p50: median(results.map((result) => result.p50)),
  p99: median(results.map((result) => result.p99)),
  errors: results.reduce((sum, result) => sum + result.errors, 0),
});
const bareSummary = summary(runs.bare);
const listSummary = summary(runs.toolsList);
const searchSummary = summary(runs.search);
const coldBareMs = median(coldBare);
const coldFunctionMs = median(coldFunction);
const rows = [
  ['bare node:http, fixed body (ceiling)', bareSummary],
  ['local server, POST tools/list', listSummary],
  ['local server, POST tools/call search_site_copy', searchSummary],
] as const;
const percent = (value: number) => `${(value * 100).toFixed(1)}%`;

const report = [
  `Machine: ${process.platform} ${process.arch}, Node ${process.version}, ${(await import('node:os')).cpus().length} cores`,
  '',
  '| target | req/s (median of 3) | p50 ms | p99 ms | errors |',
  '| --- | ---: | ---: | ---: | ---: |',
  ...rows.map(
    ([name, s]) => `| ${name} | ${Math.round(s.rps)} | ${s.p50} | ${s.p99} | ${s.errors} |`,
  ),
  '',
  `tools/list throughput: ${percent(listSummary.rps / bareSummary.rps)} of the bare server (target at least 40%).`,
  `Cold start, spawn to first answer (median of ${COLD_STARTS}): bare ${coldBareMs.toFixed(1)} ms, MCP function ${coldFunctionMs.toFixed(1)} ms, ratio ${(coldFunctionMs / coldBareMs).toFixed(2)} (target at most 1.3).`,
  `MCP function bundle (esbuild, minified, all dependencies and data): ${(bundleBytes / 1024).toFixed(1)} KB (target under 200 KB).`,
].join('\n');
console.log(`\n${report}`);
