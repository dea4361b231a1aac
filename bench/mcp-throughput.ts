// The MCP section of npm run bench: POST tools/list and tools/call search_site_copy on the local
// server, against a bare node:http server replaying our very answer (same bytes, same headers:
// the ceiling) and today's peers, each serving our six tools over the same runners: the MCP SDK
// 1.x stateless server, the SDK v2 `createMcpHandler` and `mcp-handler` 2.x.
import { spawn, type ChildProcess } from 'node:child_process';
import { findFreePort, NODE, stopProcess } from '../tests/support/processes.ts';
import { buildSampleQuery, loadSampleContent } from '../tests/support/sample-content.ts';
import {
  captureAnswer,
  compareLoads,
  DEFAULT_WARMUP_SECONDS,
  formatCpu,
  formatRate,
  formatTable,
  pinProcess,
  waitForAnswer,
  type LoadResult,
  type LoadTarget,
} from './lib.ts';
import { formatMachine, readLoadAverage, readMachine } from './machine.ts';

/** The request every target gets: the headers an SDK client sends at protocol 2025-11-25. */
export const MCP_HEADERS = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  'mcp-protocol-version': '2025-11-25',
};
export const TOOLS_LIST = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/list',
  params: {},
});
/** A query the site copy answers, whatever company content/ holds. */
const QUERY = buildSampleQuery(await loadSampleContent());

export const TOOLS_CALL = JSON.stringify({
  jsonrpc: '2.0',
  id: 2,
  method: 'tools/call',
  params: { name: 'search_site_copy', arguments: { query: QUERY, limit: 3 } },
});

/**
 * tools/call with a query no request repeats within the server's kept results (4096 in turn, more
 * than it keeps): every call is searched and serialized afresh, so this row shows the cost of a
 * new query, where the one above answers a repeated one from the kept encoded result.
 */
export const TOOLS_CALL_FRESH = Array.from({ length: 4096 }, (_, index) =>
  JSON.stringify({
    jsonrpc: '2.0',
    id: 2,
    method: 'tools/call',
    params: {
      name: 'search_site_copy',
      arguments: { query: `${QUERY} ${index}`, limit: 3 },
    },
  }),
);

const PEERS = [
  { key: 'sdk1', script: 'sdk-peer-server.ts', label: 'MCP SDK 1.x stateless server' },
  { key: 'sdk2', script: 'sdk-v2-peer-server.ts', label: 'MCP SDK v2 createMcpHandler' },
  { key: 'handler', script: 'mcp-handler-peer-server.ts', label: 'mcp-handler 2.x' },
] as const;

export interface McpSectionOptions {
  /** The built project copy: the peers import its generated snapshot. */
  readonly projectDir: string;
  readonly siteUrl: string;
  /** The local server's pid, for its CPU time. */
  readonly serverPid: number | undefined;
  /** CPUs the servers are pinned to, or undefined when unpinned. */
  readonly serverCpus: string | undefined;
  readonly rounds: number;
  readonly seconds: number;
  readonly concurrencies: readonly number[];
  /**
   * The unmeasured load each target takes before the first concurrency's rounds (the default of
   * compareLoads before each later one), so that every server is measured warm.
   */
  readonly warmupSeconds: number;
}

/** Measures the section and returns its report, in Markdown lines. */
export async function measureMcpThroughput(options: McpSectionOptions): Promise<string[]> {
  const loadAtStart = readLoadAverage();
  const ours = `${options.siteUrl}/mcp`;
  const target = (url: string, body: string, serverPid: number | undefined): LoadTarget => ({
    url,
    headers: MCP_HEADERS,
    body,
    serverPid,
  });
  const children: ChildProcess[] = [];
  const start = async (script: string, env: NodeJS.ProcessEnv) => {
    const port = await findFreePort();
    const child = spawn(NODE, [`${options.projectDir}bench/${script}`], {
      cwd: options.projectDir,
      env: { ...process.env, ...env, PORT: String(port) },
      stdio: 'ignore',
    });
    children.push(child);
    if (options.serverCpus && child.pid) pinProcess(child.pid, options.serverCpus);
    const url = `http://127.0.0.1:${port}/mcp`;
    await waitForAnswer(target(url, TOOLS_LIST, undefined), performance.now() + 15_000);
    return { url, pid: child.pid };
  };
  try {
    const replay = async (body: string) => {
      const answer = await captureAnswer(target(ours, body, undefined));
      if (answer.status !== 200) throw new Error(`local server answered ${answer.status}`);
      return start('bare-server.ts', {
        BARE_BODY: answer.body,
        BARE_HEADERS: JSON.stringify(answer.headers),
      });
    };
    const ceilingList = await replay(TOOLS_LIST);
    const ceilingCall = await replay(TOOLS_CALL);
    const peers = await Promise.all(
      PEERS.map(async (peer) => ({
        ...peer,
        ...(await start(peer.script, { SITE_URL: options.siteUrl })),
      })),
    );
    const targets: Record<string, LoadTarget> = {
      ceilingList: target(ceilingList.url, TOOLS_LIST, ceilingList.pid),
      oursList: target(ours, TOOLS_LIST, options.serverPid),
      ceilingCall: target(ceilingCall.url, TOOLS_CALL, ceilingCall.pid),
      oursCall: target(ours, TOOLS_CALL, options.serverPid),
      oursFreshCall: { ...target(ours, TOOLS_CALL, options.serverPid), bodies: TOOLS_CALL_FRESH },
    };
    for (const peer of peers) {
      targets[`${peer.key}List`] = target(peer.url, TOOLS_LIST, peer.pid);
      targets[`${peer.key}Call`] = target(peer.url, TOOLS_CALL, peer.pid);
    }
    const results = new Map<number, Record<string, LoadResult>>();
    for (const [level, connections] of options.concurrencies.entries()) {
      console.log(`  ${connections} connections ...`);
      results.set(
        connections,
        await compareLoads(targets, {
          rounds: options.rounds,
          seconds: options.seconds,
          connections,
          ...(level === 0 ? { warmupSeconds: options.warmupSeconds } : {}),
        }),
      );
    }
    const machine = formatMachine(readMachine(), { start: loadAtStart, end: readLoadAverage() });
    return formatMcpReport(results, options, machine);
  } finally {
    for (const child of children) await stopProcess(child);
  }
}

function formatMcpReport(
  results: ReadonlyMap<number, Record<string, LoadResult>>,
  options: McpSectionOptions,
  machine: string,
): string[] {
  const levels = [...results.keys()];
  const rows: Array<[string, string]> = [
    ['ceilingList', 'bare node:http replaying our tools/list answer (ceiling)'],
    ['oursList', 'local server, tools/list'],
    ...PEERS.map((peer): [string, string] => [`${peer.key}List`, `${peer.label}, tools/list`]),
    ['ceilingCall', 'bare node:http replaying our tools/call answer'],
    ['oursCall', 'local server, tools/call search_site_copy'],
    ['oursFreshCall', 'local server, tools/call, a new query each request'],
    ...PEERS.map((peer): [string, string] => [`${peer.key}Call`, `${peer.label}, tools/call`]),
  ];
  const get = (connections: number, key: string) => results.get(connections)?.[key];
  const table = formatTable(
    [
      'target',
      ...levels.flatMap((connections) => [
        `req/s at ${connections} (median, low–high)`,
        `p99 ms at ${connections}`,
        `server CPU at ${connections}`,
      ]),
      'errors',
    ],
    rows.map(([key, label]) => [
      label,
      ...levels.flatMap((connections) => {
        const result = get(connections, key);
        return result
          ? [formatRate(result), String(result.p99), formatCpu(result.serverCpu)]
          : ['', '', ''];
      }),
      String(levels.reduce((sum, connections) => sum + (get(connections, key)?.errors ?? 0), 0)),
    ]),
  );
  const ratio = (connections: number, over: string, under: string) =>
    (get(connections, over)?.rps ?? NaN) / (get(connections, under)?.rps ?? NaN);
  /** Requests per second of server CPU: what a request costs, however much CPU the server got. */
  const perCpu = (connections: number, key: string) => {
    const result = get(connections, key);
    return result ? result.rps / result.serverCpu : NaN;
  };
  const cpuRatio = (connections: number, over: string, under: string) =>
    perCpu(connections, over) / perCpu(connections, under);
  type Measure = readonly [label: string, value: (connections: number) => number, unit: string];
  const measure = ([label, value, unit]: Measure, target?: number): string[] => {
    const values = levels.map(value);
    const shown = values.map((entry) => (unit === '×' ? `${entry.toFixed(1)}×` : entry.toFixed(2)));
    return target === undefined
      ? [label, ...shown, '-', '-']
      : [
          label,
          ...shown,
          unit === '×' ? `≥ ${target}×` : `≥ ${target.toFixed(2)}`,
          values.every((entry) => entry >= target) ? 'met' : 'missed',
        ];
  };
  const measures = formatTable(
    ['measure', ...levels.map((connections) => `at ${connections}`), 'target', 'verdict'],
    [
      measure(
        [
          'tools/list vs the same-bytes ceiling',
          (connections) => ratio(connections, 'oursList', 'ceilingList'),
          '',
        ],
        0.6,
      ),
      measure([
        'tools/list vs the ceiling, per CPU-second',
        (connections) => cpuRatio(connections, 'oursList', 'ceilingList'),
        '',
      ]),
      measure([
        'tools/call vs its same-bytes ceiling',
        (connections) => ratio(connections, 'oursCall', 'ceilingCall'),
        '',
      ]),
      ...PEERS.map((peer) =>
        measure(
          [
            `tools/call vs ${peer.label}`,
            (connections) => ratio(connections, 'oursCall', `${peer.key}Call`),
            '×',
          ],
          10,
        ),
      ),
      // The bound on any node:http server: the bare server sending our answer's bytes, against
      // each peer. Where it is below 10x, no per-request work of ours can reach the target.
      ...PEERS.map((peer) =>
        measure([
          `bound: the same-bytes ceiling vs ${peer.label}, tools/call`,
          (connections) => ratio(connections, 'ceilingCall', `${peer.key}Call`),
          '×',
        ]),
      ),
      ...PEERS.map((peer) =>
        measure([
          `tools/call, a new query each request, vs ${peer.label}`,
          (connections) => ratio(connections, 'oursFreshCall', `${peer.key}Call`),
          '×',
        ]),
      ),
      ...PEERS.map((peer) =>
        measure([
          `tools/call vs ${peer.label}, per CPU-second`,
          (connections) => cpuRatio(connections, 'oursCall', `${peer.key}Call`),
          '×',
        ]),
      ),
      ...PEERS.map((peer) =>
        measure([
          `tools/list vs ${peer.label}`,
          (connections) => ratio(connections, 'oursList', `${peer.key}List`),
          '×',
        ]),
      ),
    ],
  );
  const loaderCpu = Math.max(
    ...[...results.values()].flatMap((byKey) =>
      Object.values(byKey).map((result) => result.loaderCpu),
    ),
  );
  return [
    '## MCP endpoint',
    '',
    `${machine} The measured servers and the load generator themselves keep about two processes busy.`,
    '',
    `The same request to every target (protocol 2025-11-25, \`Accept: application/json, text/event-stream\`), ${options.rounds} rounds of ${options.seconds} s per target and concurrency, the order alternating each round, after an unmeasured load of ${options.warmupSeconds} s per target (${DEFAULT_WARMUP_SECONDS} s before the second concurrency) so that every server is measured warm. ${options.serverCpus ? `Servers pinned to CPU ${options.serverCpus}, the load generator to the other.` : 'Not pinned (taskset missing or one CPU): servers and load generator share the cores.'} The ceiling replays the local server's own answer (body and headers, taken from it in this run). Each peer serves our six tools with our runners (so the same search), validated by its SDK; the SDK v2 peers answer 2025-era requests through \`createMcpHandler\`'s stateless legacy leg, as an event stream. Server CPU is the share of one core the server used (below 100%, the server waited for the network or another process held its core); "per CPU-second" compares requests per second of server CPU time, what a request costs whatever CPU the server was given; a "bound" row divides the ceiling's rate by a peer's, the most that any server on node:http could show against that peer in this run; the load generator used at most ${formatCpu(loaderCpu)} of its core.`,
    '',
    ...table,
    ...measures,
  ];
}
