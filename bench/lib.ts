// Shared pieces of the benchmark scripts: load runs, cold starts, medians. Loopback only.
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { findFreePort, NODE, stopProcess } from '../tests/support/processes.ts';

export const median = (values: readonly number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

export interface LoadResult {
  readonly rps: number;
  readonly p50: number;
  readonly p99: number;
  readonly errors: number;
}

export interface LoadTarget {
  readonly url: string;
  readonly method?: 'GET' | 'POST';
  readonly headers?: Record<string, string>;
  readonly body?: string;
}

/** One autocannon run: requests per second and latency; any non-2xx answer counts as an error. */
export async function load(
  target: LoadTarget,
  settings: { connections: number; seconds: number },
): Promise<LoadResult> {
  const result = await autocannon({
    url: target.url,
    method: target.method ?? 'POST',
    headers: target.headers ?? {},
    ...(target.body === undefined ? {} : { body: target.body }),
    connections: settings.connections,
    duration: settings.seconds,
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

/** Median requests per second and latency over several runs; errors summed. */
export function summarize(results: readonly LoadResult[]): LoadResult {
  return {
    rps: median(results.map((result) => result.rps)),
    p50: median(results.map((result) => result.p50)),
    p99: median(results.map((result) => result.p99)),
    errors: results.reduce((sum, result) => sum + result.errors, 0),
  };
}

/**
 * Runs every target once per round, in the same order each round, so that slow drifts of the
 * machine touch every target alike; returns the summary of each.
 */
export async function compareLoads<Name extends string>(
  targets: Readonly<Record<Name, LoadTarget>>,
  settings: { rounds: number; connections: number; seconds: number },
): Promise<Record<Name, LoadResult>> {
  const names = Object.keys(targets) as Name[];
  const runs = Object.fromEntries(names.map((name) => [name, [] as LoadResult[]])) as Record<
    Name,
    LoadResult[]
  >;
  for (const name of names) await load(targets[name], { ...settings, seconds: 1 }); // warm-up
  for (let round = 0; round < settings.rounds; round += 1) {
    for (const name of names) runs[name].push(await load(targets[name], settings));
  }
  return Object.fromEntries(names.map((name) => [name, summarize(runs[name])])) as Record<
    Name,
    LoadResult
  >;
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
