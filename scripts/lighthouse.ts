/**
 * Runs Lighthouse on every page of the site (the main pages, the content pages of content/, the
 * glossary and the error pages), mobile and desktop, and prints the four category scores, the transferred bytes and the
 * request count.
 *   npm run lighthouse                          # serves the last build itself, then audits it
 *   npm run lighthouse -- --main                # only /, /developers and /docs (a quicker run)
 *   npm run lighthouse -- --kinds               # one page of each kind (main, content, docs, errors)
 *   npm run lighthouse -- http://127.0.0.1:4321 # audits a server that is already running
 *   npm run lighthouse -- --strict              # exits 1 when any score is below 100
 *   npm run lighthouse -- --keep-held           # counts runs whose first paint Chromium held back
 * Chromium comes from CHROME_PATH (default /usr/bin/chromium); nothing is downloaded. Beside the
 * scores it prints the lab metrics (FCP, LCP, speed index, TBT, CLS) and the machine's load
 * average at the start and the end: on a shared machine the performance score follows the load,
 * the metrics say what the page did. A run whose first paint headless Chromium held back after the
 * page had loaded (held-first-paint.ts) is run again (five runs at most) and counted in the table.
 */
import { launch } from 'chrome-launcher';
import { findHeldFirstPaint, type HeldFirstPaint, type TraceEvent } from './held-first-paint.ts';
import { readProjectToolNames } from '../src/integrations/mcp-tool-modules.ts';
import lighthouse, { type Flags } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { buildSiteRoutes } from '../src/documents/site-routes.ts';
import { resolveContentDir } from '../src/site-content/content-dir.ts';
import { readSiteContent } from '../src/site-content/read-site-content.ts';
import { MAIN_PAGES } from '../src/service/site-pages.ts';

const FORM_FACTORS = ['mobile', 'desktop'] as const;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const ROOT = fileURLToPath(new URL('../', import.meta.url));

const args = process.argv.slice(2);
const strict = args.includes('--strict');
const verbose = args.includes('--verbose');
const keepHeld = args.includes('--keep-held');
/** Runs of one page and form factor at most, while Chromium holds back the first paint. */
const MAX_ATTEMPTS = keepHeld ? 1 : 5;
const { pages } = buildSiteRoutes(
  await readSiteContent(resolveContentDir(process.env)),
  readProjectToolNames(process.cwd()),
);
/**
 * One page of each kind: each main page, then the first of each family of paths in a section
 * (`/docs/api/*`, `/docs/mcp/tools/*`, `/docs/schemas/*`, `/errors/*`, the content pages...).
 */
function listPageKinds(all: typeof pages): typeof pages {
  const kinds = new Map<string, (typeof pages)[number]>();
  for (const page of all) {
    const family = page.section === 'main' ? page.path : page.path.replace(/\/[^/]+$/, '/*');
    const key = `${page.section} ${family}`;
    if (!kinds.has(key)) kinds.set(key, page);
  }
  return [...kinds.values()];
}

const PAGES = (
  args.includes('--main') ? MAIN_PAGES : args.includes('--kinds') ? listPageKinds(pages) : pages
).map((page) => page.path);
const unknown = args.filter(
  (argument) =>
    !['--strict', '--verbose', '--main', '--kinds', '--keep-held'].includes(argument) &&
    !/^https?:\/\//.test(argument),
);
if (unknown.length > 0) {
  console.error(
    `Unknown argument ${unknown.join(' ')}. Usage: npm run lighthouse -- [base URL] [--main | --kinds] [--strict] [--verbose] [--keep-held]`,
  );
  process.exit(2);
}

/** Serves the last build on the origin it was built for, as `npm run serve` does. */
async function serveLastBuild(): Promise<{ baseUrl: string; server: ChildProcess }> {
  const built = (await import('../src/generated/site-origin.ts').catch(() => {
    console.error(
      'No build found: run `npm run build` first, or pass the URL of a running server.',
    );
    process.exit(1);
  })) as { siteUrl: string };
  const origin = new URL(built.siteUrl);
  const server = spawn(process.execPath, ['src/server/serve.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      SITE_URL: built.siteUrl,
      HOST: origin.hostname,
      PORT: origin.port || '80',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [line] = (await Promise.race([
    once(server.stdout!, 'data'),
    once(server, 'exit').then(() => {
      throw new Error(`the local server for ${built.siteUrl} did not start (is the port in use?)`);
    }),
  ])) as [Buffer];
  if (!line.toString().startsWith('Serving')) throw new Error(line.toString());
  // Keep reading its output: a full pipe would stall the server.
  server.stdout!.resume();
  server.on('exit', (code, signal) => {
    if (!finished) console.error(`The local server stopped early (${signal ?? code}).`);
  });
  return { baseUrl: built.siteUrl, server };
}

interface Row {
  readonly page: string;
  readonly formFactor: string;
  readonly scores: readonly number[];
  readonly bytes: number;
  readonly requests: number;
  /**
   * First and largest contentful paint, speed index and total blocking time (ms), cumulative
   * layout shift.
   */
  readonly metrics: readonly number[];
  /** Runs whose first paint Chromium held back after load, the counted one included if it was. */
  readonly held: readonly HeldFirstPaint[];
}

const METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'speed-index',
  'total-blocking-time',
  'cumulative-layout-shift',
] as const;

/** The load average over 1, 5 and 15 minutes, as `uptime` prints it. */
const formatLoad = () =>
  loadavg()
    .map((load) => load.toFixed(2))
    .join(', ');

/** One Lighthouse run of a page, and whether Chromium held its first paint back. */
async function auditPage(page: string, formFactor: (typeof FORM_FACTORS)[number]) {
  const flags: Flags = { port: chrome.port, output: 'json', logLevel: 'error' };
  const result = await lighthouse(
    `${baseUrl}${page}`,
    flags,
    formFactor === 'desktop' ? desktopConfig : undefined,
  );
  if (!result) throw new Error(`Lighthouse returned nothing for ${page}`);
  const { lhr, artifacts } = result;
  if (lhr.runtimeError) throw new Error(`${page}: ${lhr.runtimeError.message}`);
  const metrics = (lhr.audits.metrics?.details as { items?: object[] } | undefined)?.items?.[0];
  const trace = (artifacts as { Trace?: { traceEvents: TraceEvent[] } }).Trace?.traceEvents ?? [];
  return { lhr, held: metrics ? findHeldFirstPaint(metrics, trace) : undefined };
}

const given = args.find((argument) => /^https?:\/\//.test(argument));
const { baseUrl, server } = given
  ? { baseUrl: given.replace(/\/$/, ''), server: undefined }
  : await serveLastBuild();
const chrome = await launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
const rows: Row[] = [];
const loadAtStart = formatLoad();
let finished = false;
try {
  // The first audit in a fresh browser against a fresh server paid their start-up (the server's
  // first answers and the browser's caches cold: an observed first paint of 2.3 s against 1.2 s,
  // and 2 to 3 points of performance). Pages on Vercel come from a warm CDN, so every page is
  // fetched once and one audit is run and dropped before any is counted.
  for (const page of PAGES) await (await fetch(`${baseUrl}${page}`)).arrayBuffer();
  await lighthouse(`${baseUrl}${PAGES[0] ?? '/'}`, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
  });
  for (const page of PAGES) {
    for (const formFactor of FORM_FACTORS) {
      const held: HeldFirstPaint[] = [];
      let lhr: Awaited<ReturnType<typeof auditPage>>['lhr'];
      for (let attempt = 1; ; attempt += 1) {
        const run = await auditPage(page, formFactor);
        lhr = run.lhr;
        if (!run.held) break;
        held.push(run.held);
        const again = attempt < MAX_ATTEMPTS;
        console.error(
          `${page} (${formFactor}): first paint held ${Math.round(run.held.gapMs)} ms after load with the page idle (${Math.round(run.held.busyMs)} ms of tasks; Chromium's paint holding, GoogleChrome/lighthouse#17148)${again ? ': run again' : ''}`,
        );
        if (!again) break;
      }
      const requests = lhr.audits['network-requests']?.details as { items?: unknown[] } | undefined;
      rows.push({
        page,
        formFactor,
        scores: CATEGORIES.map((category) =>
          Math.round((lhr.categories[category]?.score ?? 0) * 100),
        ),
        bytes: lhr.audits['total-byte-weight']?.numericValue ?? 0,
        requests: requests?.items?.length ?? 0,
        metrics: METRICS.map((id) => lhr.audits[id]?.numericValue ?? Number.NaN),
        held,
      });
      const failing = Object.values(lhr.audits).filter(
        (audit) =>
          audit.score !== null &&
          audit.score < 1 &&
          audit.scoreDisplayMode !== 'informative' &&
          audit.scoreDisplayMode !== 'manual',
      );
      // Audits below full marks, scored or not: what to look at when a score drops.
      for (const audit of failing) {
        const found = (audit.details as { items?: unknown } | undefined)?.items;
        const items = Array.isArray(found) ? found : [];
        console.error(
          `${page} (${formFactor}): ${audit.id}: ${audit.displayValue || audit.title}`,
          verbose ? JSON.stringify(items.slice(0, 3)) : '',
        );
      }
    }
  }
} finally {
  finished = true;
  chrome.kill();
  server?.kill('SIGTERM');
}

console.log(
  `Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version} on ${baseUrl}`,
);
console.log(
  `${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}; load average ${loadAtStart} at the start, ${formatLoad()} at the end\n`,
);
console.log(
  '| Page | Form factor | Performance | Accessibility | Best practices | SEO | FCP | LCP | SI | TBT | CLS | Transferred | Requests | Held runs |',
);
console.log(
  '| --- | --- | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: |',
);
for (const row of rows) {
  const [fcp, lcp, si, tbt, cls] = row.metrics;
  const ms = (value: number | undefined) => `${Math.round(value ?? Number.NaN)} ms`;
  console.log(
    `| \`${row.page}\` | ${row.formFactor} | ${row.scores.join(' | ')} | ${ms(fcp)} | ${ms(lcp)} | ${ms(si)} | ${ms(tbt)} | ${(cls ?? Number.NaN).toFixed(3)} | ${(row.bytes / 1024).toFixed(1)} KiB | ${row.requests} | ${row.held.length} |`,
  );
}
const heldRuns = rows.reduce((sum, row) => sum + row.held.length, 0);
// A row whose every run was held counts its last, held run.
const heldCounted = rows.filter((row) => row.held.length === MAX_ATTEMPTS).length;
console.log(
  `\n${rows.length + heldRuns - heldCounted} runs, ${heldRuns} of them with a first paint held back after load; ${heldCounted} of the ${rows.length} rows count a held run${keepHeld ? ' (--keep-held: none was run again)' : ''}.`,
);
if (strict && rows.some((row) => row.scores.some((score) => score < 100))) process.exit(1);
