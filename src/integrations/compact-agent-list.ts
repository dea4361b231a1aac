import type { Plugin } from 'esbuild';
import { readFile } from 'node:fs/promises';
import { brotliCompressSync, constants } from 'node:zlib';
import { memoizeUntilFailure } from '../http/memoize.ts';
import { readAgentName } from '../insight/agent-catalogue.ts';

/** The host of a documentation URL, or '' (the operator of an agent the kind table does not name). */
function readHost(url: string | undefined): string {
  try {
    return url ? new URL(url).hostname : '';
  } catch {
    return '';
  }
}

/** The module that stands for the list: its rows, packed, and the lines that unpack them. */
async function compactModule(path: string): Promise<string> {
  const list = JSON.parse(await readFile(path, 'utf8')) as {
    pattern: string;
    url?: string;
    tags?: string[];
    instances?: string[];
  }[];
  // Rows of [pattern, documentation host, tags, name], rebuilt into the package's shape on
  // load; the name stands in for the examples, which the catalogue reads only to name it.
  const compact = list.map(({ pattern, url, tags, instances }) => [
    pattern,
    readHost(url),
    (tags ?? []).join(','),
    readAgentName(new RegExp(pattern), pattern, instances ?? []),
  ]);
  const packed = brotliCompressSync(JSON.stringify(compact), {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
  }).toString('base64');
  return [
    "import { brotliDecompressSync } from 'node:zlib';",
    `const rows = JSON.parse(brotliDecompressSync(Buffer.from('${packed}', 'base64')).toString('utf8'));`,
    "export default rows.map(([pattern, host, tags, name]) => ({ pattern, url: host ? 'https://' + host + '/' : undefined, tags: tags ? tags.split(',') : [], name }));",
  ].join('\n');
}

/**
 * The packed module of each list file, made once per process: every function's bundle imports
 * the list, and Brotli at quality 11 took about 0.14 s per bundle (1.4 s of a build's 12 s of
 * CPU for ten bundles, profiled).
 */
const modules = new Map<string, () => Promise<string>>();

/**
 * An esbuild plugin that ships `crawler-user-agents`' list (540 KB of JSON, mostly example
 * User-Agents) as only what classification reads (pattern, the documentation's host, tags, and the agent's name in place of the examples), Brotli-compressed into one base64
 * string and unpacked with node:zlib when the module loads: about 33 KB in each function instead
 * of 540 KB, under the 300 KB budget of a `.func` (tests/build/vercel-build.test.ts).
 */
export const compactAgentList: Plugin = {
  name: 'compact-agent-list',
  setup(build) {
    build.onLoad({ filter: /crawler-user-agents[\\/]crawler-user-agents\.json$/ }, async (args) => {
      let load = modules.get(args.path);
      if (!load) {
        // A failed read is not kept: the next bundle tries again.
        load = memoizeUntilFailure(() => compactModule(args.path));
        modules.set(args.path, load);
      }
      return { loader: 'js', contents: await load() };
    });
  },
};
