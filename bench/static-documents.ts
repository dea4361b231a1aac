// The static section of npm run bench: GET /llms-full.txt from the local server against a bare
// static server streaming the same file with the same headers (the reference of the target) and a
// bare node:http server sending the same bytes from memory (the ceiling).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { findFreePort, NODE, ROOT, stopProcess } from '../tests/support/processes.ts';
import {
  captureAnswer,
  compareLoads,
  formatCpu,
  formatRate,
  formatTable,
  kib,
  pinProcess,
  waitForAnswer,
  type LoadResult,
} from './lib.ts';

export interface StaticSectionOptions {
  /** The built project copy the local server serves (tests/support/project-copy.ts). */
  readonly projectDir: string;
  readonly siteUrl: string;
  readonly serverPid: number | undefined;
  readonly serverCpus: string | undefined;
  readonly rounds: number;
  readonly seconds: number;
  readonly concurrencies: readonly number[];
}

type Key = 'stream' | 'memory' | 'ours';

/** Measures the section and returns its report, in Markdown lines. */
export async function measureStaticDocuments(options: StaticSectionOptions): Promise<string[]> {
  const file = join(options.projectDir, '.vercel/output/static/llms-full.txt');
  const ours = { url: `${options.siteUrl}/llms-full.txt`, method: 'GET' as const };
  // What the local server sends (no Accept-Encoding, as the load generator asks): the references
  // send the same file with the same headers.
  const answer = await captureAnswer(ours);
  const startReference = async (mode: 'stream' | 'memory') => {
    const port = await findFreePort();
    const child = spawn(NODE, [`${ROOT}bench/bare-static-server.ts`], {
      env: {
        ...process.env,
        PORT: String(port),
        STATIC_FILE: file,
        STATIC_MODE: mode,
        STATIC_HEADERS: JSON.stringify(answer.headers),
      },
      stdio: 'ignore',
    });
    if (options.serverCpus && child.pid) pinProcess(child.pid, options.serverCpus);
    const url = `http://127.0.0.1:${port}/llms-full.txt`;
    await waitForAnswer({ url, method: 'GET' }, performance.now() + 10_000);
    return { child, target: { url, method: 'GET' as const, serverPid: child.pid } };
  };
  const streaming = await startReference('stream');
  const memory = await startReference('memory');
  const byLevel = new Map<number, Record<Key, LoadResult>>();
  try {
    for (const connections of options.concurrencies) {
      byLevel.set(
        connections,
        await compareLoads(
          {
            stream: streaming.target,
            memory: memory.target,
            ours: { ...ours, serverPid: options.serverPid },
          },
          { rounds: options.rounds, seconds: options.seconds, connections },
        ),
      );
    }
  } finally {
    await stopProcess(streaming.child);
    await stopProcess(memory.child);
  }
  const levels = [...byLevel.keys()];
  const get = (connections: number, key: Key) => byLevel.get(connections)?.[key];
  const ratio = (connections: number, under: Key) =>
    (get(connections, 'ours')?.rps ?? NaN) / (get(connections, under)?.rps ?? NaN);
  /** Requests per second of server CPU time: what a request costs, whatever CPU it was given. */
  const perCpu = (connections: number, key: Key) => {
    const result = get(connections, key);
    return result ? result.rps / result.serverCpu : NaN;
  };
  const cpuRatio = (connections: number, under: Key) =>
    perCpu(connections, 'ours') / perCpu(connections, under);
  const measure = (label: string, value: (connections: number) => number, target?: number) => {
    const values = levels.map(value);
    return [
      label,
      ...values.map((entry) => entry.toFixed(2)),
      target === undefined ? '-' : `≥ ${target.toFixed(2)}`,
      target === undefined ? '-' : values.every((entry) => entry >= target) ? 'met' : 'missed',
    ];
  };
  const rows: ReadonlyArray<readonly [Key, string]> = [
    ['stream', 'bare static server streaming the file from disk (reference)'],
    ['memory', 'bare node:http sending the same bytes from memory (ceiling)'],
    ['ours', 'local server (vercel.json routing, headers, ETag)'],
  ];
  return [
    '## Static documents',
    '',
    `GET /llms-full.txt (${kib(readFileSync(file).byteLength)}), the largest prerendered text document, uncompressed (the load generator sends no Accept-Encoding). Both references send the same file with the headers the local server sent in this run (${Object.keys(answer.headers).length} of them: security, caching, CORS, ETag, Last-Modified); ${options.rounds} rounds of ${options.seconds} s, the order alternating.`,
    '',
    ...formatTable(
      [
        'target',
        ...levels.flatMap((connections) => [
          `req/s at ${connections} (median, low–high)`,
          `server CPU at ${connections}`,
        ]),
      ],
      rows.map(([key, label]) => [
        label,
        ...levels.flatMap((connections) => {
          const result = get(connections, key);
          return result ? [formatRate(result), formatCpu(result.serverCpu)] : ['', ''];
        }),
      ]),
    ),
    ...formatTable(
      ['measure', ...levels.map((connections) => `at ${connections}`), 'target', 'verdict'],
      [
        measure(
          'local server vs the streaming reference',
          (connections) => ratio(connections, 'stream'),
          0.9,
        ),
        measure('local server vs the in-memory ceiling', (connections) =>
          ratio(connections, 'memory'),
        ),
        measure('local server vs the streaming reference, per CPU-second', (connections) =>
          cpuRatio(connections, 'stream'),
        ),
        measure('local server vs the in-memory ceiling, per CPU-second', (connections) =>
          cpuRatio(connections, 'memory'),
        ),
      ],
    ),
  ];
}
