// The vercel section of npm run bench: the MCP function's web-standard entry, in-process, against a
// bare Web-API handler returning the same answer (bench/web-entry.ts does the measuring, in its
// own process so that it can be pinned and starts clean).
import { spawn } from 'node:child_process';
import { collect, NODE } from '../tests/support/processes.ts';
import { formatTable, pinProcess } from './lib.ts';

export interface VercelSectionOptions {
  /** The built project copy whose api/mcp.js is measured (tests/support/project-copy.ts). */
  readonly projectDir: string;
  /** The function's environment (SITE_URL of the build, keys, rate limit). */
  readonly env: NodeJS.ProcessEnv;
  readonly serverCpus: string | undefined;
}

type Rates = Record<string, { rps: number; low: number; high: number }>;

/** Measures the section and returns its report, in Markdown lines. */
export async function measureVercelPath(options: VercelSectionOptions): Promise<string[]> {
  const child = spawn(NODE, [`${options.projectDir}bench/web-entry.ts`], {
    cwd: options.projectDir,
    env: { ...process.env, ...options.env },
    stdio: 'pipe',
  });
  if (options.serverCpus && child.pid) pinProcess(child.pid, options.serverCpus);
  const output = await collect(child);
  if (output.code !== 0) throw new Error(`bench/web-entry.ts failed: ${output.stderr}`);
  const rates = JSON.parse(output.stdout.trim().split('\n').at(-1) ?? '{}') as Rates;
  const rate = (key: string) => {
    const entry = rates[key];
    return entry
      ? `${Math.round(entry.rps)} (${Math.round(entry.low)}–${Math.round(entry.high)})`
      : '';
  };
  const ratio = (over: string, under: string) =>
    ((rates[over]?.rps ?? NaN) / (rates[under]?.rps ?? NaN)).toFixed(2);
  return [
    '## The Vercel path (web-standard entry, in-process)',
    '',
    "`api/mcp.js`'s `POST` export called as Vercel's Node runtime calls it: a WHATWG `Request` in, a `Response` out, its body read whole; one request at a time, 5 rounds of 1 s per handler, the order alternating. The reference is a bare Web-API handler that reads the body and returns the function's own answer (same bytes, same headers). \"plain\" calls the same function through its plain handler with no web objects, as the local server does; the peers' rows are their own web-standard entries. HTTP itself is not part of this measure.",
    '',
    ...formatTable(
      ['handler', 'tools/list req/s (median, low–high)', 'tools/call req/s (median, low–high)'],
      [
        ['bare Web-API handler, same answer (reference)', rate('bareList'), rate('bareCall')],
        ['api/mcp.js POST (web Request, Response)', rate('webList'), rate('webCall')],
        ['api/mcp.js plain (no web objects)', rate('plainList'), rate('plainCall')],
        ['MCP SDK v2 createMcpHandler fetch', rate('sdk2List'), rate('sdk2Call')],
        ['mcp-handler 2.x handler', rate('handlerList'), rate('handlerCall')],
      ],
    ),
    ...formatTable(
      ['measure', 'tools/list', 'tools/call', 'target'],
      [
        [
          'web entry vs the bare Web-API handler',
          ratio('webList', 'bareList'),
          ratio('webCall', 'bareCall'),
          '≥ 0.60 (tools/list)',
        ],
        ['web entry vs plain', ratio('webList', 'plainList'), ratio('webCall', 'plainCall'), '-'],
        [
          'web entry vs SDK v2',
          `${ratio('webList', 'sdk2List')}×`,
          `${ratio('webCall', 'sdk2Call')}×`,
          '-',
        ],
        [
          'web entry vs mcp-handler',
          `${ratio('webList', 'handlerList')}×`,
          `${ratio('webCall', 'handlerCall')}×`,
          '-',
        ],
      ],
    ),
  ];
}
