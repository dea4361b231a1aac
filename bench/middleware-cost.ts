// The middleware section of npm run bench: what counting the agent documents in the Routing
// Middleware (INSIGHT_COUNT_DOCUMENTS=on, docs/insight.md) costs, on `vercel build`'s own output.
// Two builds of fresh copies, the option off and on: their config.json's middleware routes are
// compared (which paths run the middleware), a counted read is followed into /insight.json, and
// the middleware's .func is timed as Vercel's Node runtime would run it (tests/support/func-host.ts):
// spawn to first answer, and answers under load.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, stopProcess } from '../tests/support/processes.ts';
import { startTestRedis } from '../tests/support/redis-server.ts';
import {
  buildWithVercel,
  listFunctions,
  measureFunction,
  startFunctionHost,
  type VercelBuild,
} from '../tests/support/vercel-build.ts';
import type { OutputRoute } from '../tests/support/vercel-output-routes.ts';
import { compareColdStarts, compareLoads, formatTable, kib, type LoadTarget } from './lib.ts';

const HOST = `${ROOT}tests/support/func-host.ts`;
const GPTBOT = 'Mozilla/5.0 (compatible; GPTBot/1.2; +https://openai.com/gptbot)';
/** Paths whose routing is compared between the two builds. */
const ROUTED_PATHS = [
  '/',
  '/developers/',
  '/llms.txt',
  '/llms-full.txt',
  '/index.md',
  '/copy/product.md',
  '/.well-known/api-catalog',
  '/.well-known/agent-card.json',
  '/robots.txt',
  '/openapi.json',
  '/mcp',
];

export interface MiddlewareCostOptions {
  readonly siteUrl: string;
  readonly signingKeys: string;
  /** Spawns per cold-start figure. */
  readonly coldStarts: number;
  readonly load: {
    readonly rounds: number;
    readonly connections: number;
    readonly seconds: number;
  };
}

/** The regular expression of the middleware's route in a build's config.json. */
async function readMiddlewareRoute(build: VercelBuild): Promise<RegExp> {
  const config = JSON.parse(await readFile(join(build.outputDir, 'config.json'), 'utf8')) as {
    routes: OutputRoute[];
  };
  const route = config.routes.find((candidate) => candidate.middlewarePath === 'middleware');
  if (!route?.src) throw new Error('config.json has no middleware route');
  return new RegExp(route.src);
}

/** Follows one counted read from the middleware into /insight.json, through a shared Redis. */
async function followCountedRead(middlewareDir: string, insightDir: string): Promise<number> {
  const redis = await startTestRedis();
  const env = { REDIS_URL: redis.url, INSIGHT_TOKEN: 'bench-token' };
  const middleware = await startFunctionHost(middlewareDir, {
    ...env,
    INSIGHT_COUNT_DOCUMENTS: 'on',
  });
  const insight = await startFunctionHost(insightDir, env);
  try {
    await (
      await fetch(`${middleware.origin}/llms.txt`, { headers: { 'user-agent': GPTBOT } })
    ).text();
    for (const deadline = Date.now() + 15_000; Date.now() < deadline;) {
      const report = (await (
        await fetch(`${insight.origin}/insight.json`, {
          headers: { authorization: 'Bearer bench-token' },
        })
      ).json()) as { surfaces: { surface: string; agents: number }[] };
      const read = report.surfaces.find((row) => row.surface === 'llms-txt');
      if (read) return read.agents;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the read counted by the middleware never reached /insight.json');
  } finally {
    await Promise.all([stopProcess(middleware.child), stopProcess(insight.child)]);
    await redis.stop();
  }
}

/** A .func that answers a fixed Response: the reference for the cold starts. */
async function writeBareFunction(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, '.vc-config.json'), JSON.stringify({ handler: 'index.mjs' }));
  await writeFile(
    join(dir, 'index.mjs'),
    "export default () => new Response(null, { headers: { 'x-middleware-next': '1' } });\n",
  );
}

/** Measures the section and returns its report, in Markdown lines. */
export async function measureMiddlewareCost(options: MiddlewareCostOptions): Promise<string[]> {
  const env = { SITE_URL: options.siteUrl, OAUTH_SIGNING_KEYS: options.signingKeys };
  const off = await buildWithVercel(env);
  if (off.code !== 0) throw new Error(`vercel build failed:\n${off.log}`);
  const on = await buildWithVercel({ ...env, INSIGHT_COUNT_DOCUMENTS: 'on' });
  if (on.code !== 0) throw new Error(`vercel build (counting on) failed:\n${on.log}`);
  const scratch = await mkdtemp(join(tmpdir(), 'bench-middleware-'));
  try {
    const routes = { off: await readMiddlewareRoute(off), on: await readMiddlewareRoute(on) };
    const runs = (build: 'off' | 'on', path: string) => (routes[build].test(path) ? 'yes' : 'no');
    for (const path of ['/llms.txt', '/index.md', '/.well-known/api-catalog']) {
      if (runs('off', path) !== 'no' || runs('on', path) !== 'yes') {
        throw new Error(`the option did not change the middleware's route for ${path}`);
      }
    }
    const functions = {
      off: await listFunctions(off.outputDir),
      on: await listFunctions(on.outputDir),
    };
    const middlewareOff = functions.off.get('middleware') ?? '';
    const middlewareOn = functions.on.get('middleware') ?? '';
    const counted = await followCountedRead(middlewareOn, functions.on.get('api/insight') ?? '');
    const sizes = {
      off: await measureFunction(middlewareOff),
      on: await measureFunction(middlewareOn),
    };

    const bare = join(scratch, 'bare.func');
    await writeBareFunction(bare);
    const get =
      (path: string, headers: Record<string, string> = {}) =>
      (port: number): LoadTarget => ({
        url: `http://127.0.0.1:${port}${path}`,
        method: 'GET',
        headers: { 'user-agent': GPTBOT, ...headers },
      });
    const colds = await compareColdStarts(
      {
        bare: { script: HOST, env: { FUNC_DIR: bare }, request: get('/llms.txt') },
        pageOff: { script: HOST, env: { FUNC_DIR: middlewareOff }, request: get('/') },
        pageOn: {
          script: HOST,
          env: { FUNC_DIR: middlewareOn, INSIGHT_COUNT_DOCUMENTS: 'on' },
          request: get('/'),
        },
        documentOn: {
          script: HOST,
          env: { FUNC_DIR: middlewareOn, INSIGHT_COUNT_DOCUMENTS: 'on' },
          request: get('/llms.txt'),
        },
      },
      options.coldStarts,
    );

    const hostOff = await startFunctionHost(middlewareOff, {});
    const hostOn = await startFunctionHost(middlewareOn, { INSIGHT_COUNT_DOCUMENTS: 'on' });
    let loads;
    try {
      const target = (origin: string, path: string): LoadTarget => ({
        url: `${origin}${path}`,
        method: 'GET',
        headers: { 'user-agent': GPTBOT },
        serverPid: undefined,
      });
      loads = await compareLoads(
        {
          pageOff: { ...target(hostOff.origin, '/'), serverPid: hostOff.child.pid },
          pageOn: { ...target(hostOn.origin, '/'), serverPid: hostOn.child.pid },
          documentOn: { ...target(hostOn.origin, '/llms.txt'), serverPid: hostOn.child.pid },
        },
        options.load,
      );
    } finally {
      await Promise.all([stopProcess(hostOff.child), stopProcess(hostOn.child)]);
    }
    const ms = (value: number | undefined) => (value === undefined ? '' : value.toFixed(1));
    const latency = (name: 'pageOff' | 'pageOn' | 'documentOn') => {
      const result = loads[name];
      return `${result.p50} / ${result.p99}`;
    };
    return [
      '## Counting agent documents in the middleware (INSIGHT_COUNT_DOCUMENTS)',
      '',
      `Two \`vercel build\`s of fresh copies, the option off and on (\`vercel.ts\` writes the computed matcher into \`middleware.js\`); which paths run the middleware is read from each build's \`.vercel/output/config.json\`. A read of \`/llms.txt\` by GPTBot, counted by the \`on\` build's \`middleware.func\` into a local \`redis-server\`, appeared in \`/insight.json\` of its \`api/insight.func\` with ${counted} agent read. The \`.func\` is hosted by tests/support/func-host.ts as Vercel's Node runtime calls it; cold start is spawn to first answer (median of ${options.coldStarts}), the loads are autocannon over loopback (${options.load.connections} connections, ${options.load.seconds} s, median of ${options.load.rounds} rounds), counts in the function's memory (the Redis write would come after the answer too).`,
      '',
      ...formatTable(
        ['path', 'runs the middleware (off)', 'runs the middleware (on)'],
        ROUTED_PATHS.map((path) => [`\`${path}\``, runs('off', path), runs('on', path)]),
      ),
      ...formatTable(
        ['measure', 'off', 'on'],
        [
          [
            'an agent document (`/llms.txt`): what runs before the CDN answers',
            'nothing (a static file)',
            '`middleware.func`',
          ],
          [
            'cold start, `/llms.txt`, ms (bare .func: ' + ms(colds.bare) + ')',
            '0 (no function)',
            ms(colds.documentOn),
          ],
          ['cold start, a page (`/`), ms', ms(colds.pageOff), ms(colds.pageOn)],
          ['warm latency p50 / p99, `/llms.txt`, ms', '0 (no function)', latency('documentOn')],
          ['warm latency p50 / p99, a page, ms', latency('pageOff'), latency('pageOn')],
          [
            'answers per second, a page (`/llms.txt` on: ' + Math.round(loads.documentOn.rps) + ')',
            String(Math.round(loads.pageOff.rps)),
            String(Math.round(loads.pageOn.rps)),
          ],
          ['`middleware.func` size', kib(sizes.off.bytes), kib(sizes.on.bytes)],
        ],
      ),
      '',
    ];
  } finally {
    await rm(scratch, { recursive: true, force: true });
    await Promise.all([
      rm(off.dir, { recursive: true, force: true }),
      rm(on.dir, { recursive: true, force: true }),
    ]);
  }
}
