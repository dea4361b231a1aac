// The profile section of npm run bench: where the local server's time goes under load. A second
// local server runs with V8's sampling profiler (node --cpu-prof), takes one load of tools/list
// and then, in a fresh process, one of tools/call; each profile is summed by function (self time:
// samples whose top frame is that function) and the largest costs are reported.
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROOT, startServer, stopProcess } from '../tests/support/processes.ts';
import { formatTable, load, pinProcess } from './lib.ts';
import { MCP_HEADERS, TOOLS_CALL, TOOLS_LIST } from './mcp-throughput.ts';

interface ProfileNode {
  readonly id: number;
  readonly callFrame: {
    readonly functionName: string;
    readonly url: string;
    readonly lineNumber: number;
  };
}
interface CpuProfile {
  readonly nodes: readonly ProfileNode[];
  readonly samples: readonly number[];
}

/** One function's share of the samples. */
export interface ProfileCost {
  readonly name: string;
  readonly where: string;
  readonly selfShare: number;
}

export interface ProfileOptions {
  /** The built project copy whose local server is profiled. */
  readonly projectDir: string;
  readonly siteUrl: string;
  /** The environment the measured server runs with (keys, rate limit). */
  readonly serverEnv: NodeJS.ProcessEnv;
  readonly serverCpus: string | undefined;
  readonly seconds: number;
  readonly connections: number;
  readonly top: number;
}

/**
 * Sums a V8 CPU profile's busy samples by function (name and place, relative to the profiled
 * project's root), largest first.
 */
export function summarizeProfile(profile: CpuProfile, root: string = ROOT): ProfileCost[] {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const counts = new Map<string, { name: string; where: string; samples: number }>();
  let busy = 0;
  for (const id of profile.samples) {
    const frame = byId.get(id)?.callFrame;
    // Idle samples (the server waiting for the network) are no cost of serving.
    if (!frame || frame.functionName === '(idle)') continue;
    busy += 1;
    const name = frame.functionName || '(anonymous)';
    const where = readPlace(root, frame.url, frame.lineNumber);
    const key = `${name} ${where}`;
    const entry = counts.get(key) ?? { name, where, samples: 0 };
    entry.samples += 1;
    counts.set(key, entry);
  }
  const total = Math.max(1, busy);
  return [...counts.values()]
    .sort((a, b) => b.samples - a.samples)
    .map(({ name, where, samples }) => ({ name, where, selfShare: samples / total }));
}

/** A frame's place: a path under the repository (node_modules shortened), or the runtime. */
function readPlace(root: string, url: string, line: number): string {
  if (!url) return '(V8 / native)';
  // Decoded: the project copies live in folders whose names hold spaces and accents.
  const path = url.startsWith('file://') ? fileURLToPath(url) : url;
  const local = relative(root, path);
  const shown = local.startsWith('..') ? path : local.replace(/^.*node_modules\//, '');
  return `${shown}:${line + 1}`;
}

/**
 * Profiles the local server under one load per method (the main server stopped first: a build
 * answers only on its own origin); the report, in Markdown lines.
 */
export async function profileMcp(options: ProfileOptions): Promise<string[]> {
  const lines = [
    '## Where the time goes',
    '',
    `CPU profiles of the local server (\`node --cpu-prof\`, V8's sampling profiler) under ${options.seconds} s of load at ${options.connections} connections, one fresh server per method. Self time: the share of the busy samples (idle ones, when the server waited for the network, left out) in which the function itself was running; start-up (module compilation) is part of the profile. The ${options.top} largest:`,
    '',
  ];
  for (const [label, body] of [
    ['tools/list', TOOLS_LIST],
    ['tools/call search_site_copy', TOOLS_CALL],
  ] as const) {
    const costs = await profileOne(body, options);
    lines.push(
      `### ${label}`,
      '',
      ...formatTable(
        ['function', 'where', 'self time'],
        costs
          .slice(0, options.top)
          .map((cost) => [`\`${cost.name}\``, cost.where, `${(cost.selfShare * 100).toFixed(1)}%`]),
      ),
    );
  }
  return lines;
}

async function profileOne(body: string, options: ProfileOptions): Promise<ProfileCost[]> {
  const directory = await mkdtemp(join(tmpdir(), 'bench-profile-'));
  // The build serves only its own origin: the main server must be stopped, its port is reused.
  const { port } = new URL(options.siteUrl);
  const server = await startServer(options.projectDir, {
    ...options.serverEnv,
    SITE_URL: options.siteUrl,
    PORT: port,
    HOST: '127.0.0.1',
    NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${directory}`,
  });
  if (options.serverCpus && server.child.pid) pinProcess(server.child.pid, options.serverCpus);
  const url = `${options.siteUrl}/mcp`;
  const headers = MCP_HEADERS;
  await load({ url, headers, body }, { connections: options.connections, seconds: 1 });
  await load(
    { url, headers, body },
    { connections: options.connections, seconds: options.seconds },
  );
  await stopProcess(server.child);
  const [file] = (await readdir(directory)).filter((name) => name.endsWith('.cpuprofile'));
  if (!file) throw new Error('the profiled server wrote no profile');
  return summarizeProfile(
    JSON.parse(await readFile(join(directory, file), 'utf8')) as CpuProfile,
    options.projectDir,
  );
}
