// Shared pieces of the benchmark scripts: load runs, cold starts, medians. Loopback only.
import autocannon from 'autocannon';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { findFreePort, NODE, stopProcess } from '../tests/support/processes.ts';

export const median = (values: readonly number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

export interface LoadResult {
  /** Requests per second: the median of the rounds, and the lowest and highest round. */
  readonly rps: number;
  readonly rpsLow: number;
  readonly rpsHigh: number;
  readonly p50: number;
  readonly p99: number;
  readonly errors: number;
  /** Share of one core the load generator used (median of the rounds). */
  readonly loaderCpu: number;
  /** Share of one core the server used, when its pid is known (median of the rounds). */
  readonly serverCpu: number;
}

export interface LoadTarget {
  readonly url: string;
  readonly method?: 'GET' | 'POST';
  readonly headers?: Record<string, string>;
  readonly body?: string;
  /** Bodies sent in turn, one per request, instead of `body` (each connection cycles through them). */
  readonly bodies?: readonly string[];
  /** The serving process, whose CPU time is read from /proc (Linux) around each run. */
  readonly serverPid?: number | undefined;
}

/** CPU seconds a process has used (user + system, every thread), or NaN when unreadable. */
export function readProcessCpuSeconds(pid: number): number {
  try {
    // Fields after the command name (which may hold spaces): utime and stime are 12th and 13th.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return NaN;
  }
}
/** Linux's USER_HZ, 100 on every common build. */
const CLOCK_TICKS = 100;

/** One autocannon run: requests per second and latency; any non-2xx answer counts as an error. */
export async function load(
  target: LoadTarget,
  settings: { connections: number; seconds: number },
): Promise<LoadResult> {
  const loaderBefore = process.cpuUsage();
  const serverBefore = target.serverPid ? readProcessCpuSeconds(target.serverPid) : NaN;
  const started = performance.now();
  const result = await autocannon({
    url: target.url,
    method: target.method ?? 'POST',
    headers: target.headers ?? {},
    ...(target.body === undefined ? {} : { body: target.body }),
    ...(target.bodies === undefined ? {} : { requests: [cycleBodies(target.bodies)] }),
    connections: settings.connections,
    duration: settings.seconds,
  });
  const seconds = (performance.now() - started) / 1000;
  const loader = process.cpuUsage(loaderBefore);
  const serverAfter = target.serverPid ? readProcessCpuSeconds(target.serverPid) : NaN;
  return {
    rps: result.requests.average,
    rpsLow: result.requests.average,
    rpsHigh: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    loaderCpu: (loader.user + loader.system) / 1e6 / seconds,
    serverCpu: (serverAfter - serverBefore) / seconds,
  };
}

/** An autocannon request that sends the next of `bodies` each time (a shared turn). */
function cycleBodies(bodies: readonly string[]): autocannon.Request {
  let next = 0;
  return {
    setupRequest: (request) => {
      const body = bodies[next % bodies.length] ?? '';
      next += 1;
      return { ...request, body };
    },
  };
}

/** Median requests per second, latency and CPU over several runs, with the spread; errors summed. */
export function summarize(results: readonly LoadResult[]): LoadResult {
  const rates = results.map((result) => result.rps);
  return {
    rps: median(rates),
    rpsLow: Math.min(...rates),
    rpsHigh: Math.max(...rates),
    p50: median(results.map((result) => result.p50)),
    p99: median(results.map((result) => result.p99)),
    errors: results.reduce((sum, result) => sum + result.errors, 0),
    loaderCpu: median(results.map((result) => result.loaderCpu)),
    serverCpu: median(results.map((result) => result.serverCpu)),
  };
}

/** The unmeasured load, in seconds, each target of compareLoads takes unless told otherwise. */
export const DEFAULT_WARMUP_SECONDS = 1;

/**
 * Runs every target once per round, alternating the order (forwards, then backwards), so that
 * slow drifts of the machine and a target's place in the round touch every target alike; returns
 * the summary of each. Each target first takes an unmeasured load of `warmupSeconds`
 * (DEFAULT_WARMUP_SECONDS unless given), so that a round measures code the JIT has compiled
 * rather than a server still warming.
 */
export async function compareLoads<Name extends string>(
  targets: Readonly<Record<Name, LoadTarget>>,
  settings: { rounds: number; connections: number; seconds: number; warmupSeconds?: number },
): Promise<Record<Name, LoadResult>> {
  const names = Object.keys(targets) as Name[];
  const runs = Object.fromEntries(names.map((name) => [name, [] as LoadResult[]])) as Record<
    Name,
    LoadResult[]
  >;
  const warmup = { ...settings, seconds: settings.warmupSeconds ?? DEFAULT_WARMUP_SECONDS };
  for (const name of names) await load(targets[name], warmup);
  for (let round = 0; round < settings.rounds; round += 1) {
    const order = round % 2 === 0 ? names : [...names].reverse();
    for (const name of order) runs[name].push(await load(targets[name], settings));
  }
  return Object.fromEntries(names.map((name) => [name, summarize(runs[name])])) as Record<
    Name,
    LoadResult
  >;
}

/**
 * Pins a process and all its threads to the given CPUs with taskset (util-linux); false when it
 * cannot (no taskset, or not Linux), and the caller reports the run as unpinned.
 */
export function pinProcess(pid: number, cpus: string): boolean {
  try {
    execFileSync('taskset', ['-a', '-p', '-c', cpus, String(pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Polls until a request gets an answer below 500, or throws after the deadline. */
export async function waitForAnswer(target: LoadTarget, deadline: number): Promise<void> {
  for (;;) {
    try {
      const response = await fetch(target.url, {
        method: target.method ?? 'POST',
        headers: target.headers ?? {},
        ...(target.body === undefined ? {} : { body: target.body }),
      });
      await response.arrayBuffer();
      if (response.status < 500) return;
    } catch {
      // not listening yet
    }
    if (performance.now() > deadline) throw new Error(`no answer from ${target.url}`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

/** Spawns a server script and times spawn to first answer, in milliseconds. */
export async function coldStart(
  script: string,
  env: NodeJS.ProcessEnv,
  request: (port: number) => LoadTarget,
): Promise<number> {
  const port = await findFreePort();
  const started = performance.now();
  const child: ChildProcess = spawn(NODE, [script], {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: 'ignore',
  });
  try {
    await waitForAnswer(request(port), started + 15_000);
    return performance.now() - started;
  } finally {
    await stopProcess(child);
  }
}

/** Median spawn-to-first-answer of each script, spawned in turn `count` times. */
export async function compareColdStarts<Name extends string>(
  scripts: Readonly<
    Record<Name, { script: string; env: NodeJS.ProcessEnv; request: (port: number) => LoadTarget }>
  >,
  count: number,
): Promise<Record<Name, number>> {
  const names = Object.keys(scripts) as Name[];
  const times = Object.fromEntries(names.map((name) => [name, [] as number[]])) as Record<
    Name,
    number[]
  >;
  for (let index = 0; index < count; index += 1) {
    for (const name of names) {
      const { script, env, request } = scripts[name];
      times[name].push(await coldStart(script, env, request));
    }
  }
  return Object.fromEntries(names.map((name) => [name, median(times[name])])) as Record<
    Name,
    number
  >;
}

export const percent = (value: number): string => `${(value * 100).toFixed(1)}%`;
export const kib = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;

/** One answer as the wire carries it: status, headers (as sent, by name) and body. */
export interface CapturedAnswer {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: string;
}

/**
 * Headers node:http writes for every server itself (framing, connection, date): a reference
 * server sends its own, so they are left out of the copy it replays.
 */
const TRANSPORT_HEADERS = new Set([
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
]);

/** Sends one request and keeps the answer with its headers as sent, for a reference to replay. */
export async function captureAnswer(target: LoadTarget): Promise<CapturedAnswer> {
  const url = new URL(target.url);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      { method: target.method ?? 'POST', headers: target.headers ?? {} },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () => {
          const headers: Record<string, string> = {};
          const raw = incoming.rawHeaders;
          for (let index = 0; index + 1 < raw.length; index += 2) {
            const name = raw[index] ?? '';
            if (!TRANSPORT_HEADERS.has(name.toLowerCase())) headers[name] = raw[index + 1] ?? '';
          }
          resolve({
            status: incoming.statusCode ?? 0,
            headers,
            body: Buffer.concat(chunks).toString(),
          });
        });
        incoming.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(target.body);
  });
}

/** A Markdown table: the first column left-aligned, the others right-aligned. */
export function formatTable(
  header: readonly string[],
  rows: readonly (readonly string[])[],
): string[] {
  return [
    `| ${header.join(' | ')} |`,
    `| ${header.map((_, index) => (index === 0 ? '---' : '---:')).join(' | ')} |`,
    ...rows.map((row) => `| ${row.join(' | ')} |`),
    '',
  ];
}

/** A median rate with its spread over the rounds: "26308 (25110-27050)". */
export const formatRate = (result: LoadResult): string =>
  `${Math.round(result.rps)} (${Math.round(result.rpsLow)}–${Math.round(result.rpsHigh)})`;

/** A share of one core, as a percentage; blank when unknown. */
export const formatCpu = (share: number): string =>
  Number.isFinite(share) ? `${Math.round(share * 100)}%` : '';
