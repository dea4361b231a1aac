/**
 * Build-scale benchmark (about half a minute): wall time and static output size of `astro build`
 * for the sample content (factor 1) and for generated content 10 and 100 times larger, to show how
 * build cost grows with content size. Each factor builds in its own temporary copy of the project,
 * so /work/main's .vercel/output, src/generated and Astro caches are never touched.
 * Run: node bench/build-scale.ts [--factors=1,10,100] [--runs=N]
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import {
  cp,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rm,
  stat,
  symlink,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { performance } from 'node:perf_hooks';
import { stringify as stringifyYaml } from 'yaml';
import { readSiteContent } from '../src/site-content/read-site-content.ts';
import type { CallToAction, CopySection } from '../src/schemas/site-content.ts';
import { parseCommandLine } from '../scripts/command-line.ts';
import { collect, NODE, ROOT } from '../tests/support/processes.ts';

/** One measured content size. Ratios compare against the smallest factor measured (normally 1). */
export interface BuildScaleRow {
  /** How many times the sample content was multiplied (1 = the sample content as is). */
  readonly factor: number;
  /** Total bytes of every file in the content folder the build read. */
  readonly contentBytes: number;
  /** contentBytes divided by the base row's. */
  readonly contentGrowth: number;
  /** Copy sections (content/copy/*.md) and calls to action, as the project's reader counts them. */
  readonly copySections: number;
  readonly callsToAction: number;
  /** Wall time of every build run, in milliseconds, and their median. */
  readonly buildRunsMs: readonly number[];
  readonly buildMs: number;
  /** buildMs divided by the base row's. */
  readonly timeGrowth: number;
  /** Build time per content byte relative to the base row: below 1 means better than linear. */
  readonly timePerByteRatio: number;
  /**
   * Build time added per KiB of content added since the base row (null for the base row): the
   * content-dependent cost once the fixed start-up cost is taken out.
   */
  readonly marginalMsPerKiB: number | null;
  /** Sum of file sizes and number of files under .vercel/output/static (of the last run). */
  readonly staticBytes: number;
  readonly staticFiles: number;
}

export interface BuildScaleOptions {
  /** Content multipliers, built in ascending order (default 1, 10 and 100). */
  readonly factors?: readonly number[];
  /** Builds per factor (default 3; the median is reported). */
  readonly runs?: number;
}

const DEFAULT_FACTORS = [1, 10, 100] as const;
/** Factor 100 builds in about 5 s on a 2-core machine, so three runs each fit well in a minute. */
const DEFAULT_RUNS = 3;
/** The largest build must finish within this time; a slower one is killed and fails the run. */
const BUILD_TIMEOUT_MS = 120_000;
/** What the copy needs besides content/ (which is written per factor) and node_modules/. */
const PROJECT_ENTRIES = [
  'src',
  'public',
  'api',
  'astro.config.mjs',
  'package.json',
  'tsconfig.json',
  'vercel.ts',
] as const;
/** Build outputs and caches, deleted before every run so each build starts cold. */
const BUILD_ARTIFACTS = [
  '.vercel',
  'dist',
  '.astro',
  'src/generated',
  'node_modules/.astro',
  'node_modules/.vite',
] as const;

/**
 * Measures build time and output size for each factor, each in a fresh temporary project copy
 * (removed at the end). The unmodified sample content is always built first, so a broken project
 * fails before any generated content is blamed.
 */
export async function measureBuildScale(options: BuildScaleOptions = {}): Promise<BuildScaleRow[]> {
  const factors = [...new Set(options.factors ?? DEFAULT_FACTORS)].sort((a, b) => a - b);
  for (const factor of factors) {
    if (!Number.isInteger(factor) || factor < 1) {
      throw new Error(`factors must be whole numbers >= 1, got ${factor}`);
    }
  }
  if (options.runs !== undefined && (!Number.isInteger(options.runs) || options.runs < 1)) {
    throw new Error(`runs must be a whole number >= 1, got ${options.runs}`);
  }
  const tempRoot = await mkdtemp(join(tmpdir(), 'build-scale-'));
  try {
    if (factors[0] !== 1) {
      const project = await prepareProject(join(tempRoot, 'preflight'), 1);
      await buildProject(project);
      log('preflight: the unmodified sample content builds');
    }
    const measured: Omit<
      BuildScaleRow,
      'contentGrowth' | 'timeGrowth' | 'timePerByteRatio' | 'marginalMsPerKiB'
    >[] = [];
    for (const factor of factors) {
      const project = await prepareProject(join(tempRoot, `factor-${factor}`), factor);
      const content = await readSiteContent(project.contentDir);
      const contentBytes = (await sumFiles(project.contentDir)).bytes;
      const runs = options.runs ?? DEFAULT_RUNS;
      const buildRunsMs: number[] = [];
      for (let run = 1; run <= runs; run++) {
        buildRunsMs.push(await buildProject(project));
        log(`factor ${factor}: run ${run}/${runs} took ${formatSeconds(buildRunsMs.at(-1) ?? 0)}`);
      }
      const output = await sumFiles(join(project.dir, '.vercel', 'output', 'static'));
      measured.push({
        factor,
        contentBytes,
        copySections: content.copy.length,
        callsToAction: content.callsToAction.length,
        buildRunsMs,
        buildMs: median(buildRunsMs),
        staticBytes: output.bytes,
        staticFiles: output.files,
      });
      // Each copy is only needed for its own factor; free the disk before the next one.
      await rm(project.dir, { recursive: true, force: true });
    }
    const [base] = measured;
    if (!base) return [];
    return measured.map((row) => {
      const contentGrowth = row.contentBytes / base.contentBytes;
      const timeGrowth = row.buildMs / base.buildMs;
      const addedKiB = (row.contentBytes - base.contentBytes) / 1024;
      return {
        ...row,
        contentGrowth,
        timeGrowth,
        timePerByteRatio: timeGrowth / contentGrowth,
        marginalMsPerKiB: row === base ? null : (row.buildMs - base.buildMs) / addedKiB,
      };
    });
  } finally {
    await rm(tempRoot, { recursive: true, force: true });
  }
}

/** Renders rows as a Markdown table. */
export function formatBuildScaleTable(rows: readonly BuildScaleRow[]): string {
  const header = [
    'Factor',
    'Content',
    'Content ×',
    'Copy sections',
    'Calls to action',
    'Build (median)',
    'Runs',
    'Build ×',
    'Time/byte vs base',
    'Added ms per added KiB',
    'Static output',
    'Static files',
  ];
  const lines = rows.map((row) => [
    `${row.factor}`,
    formatKiB(row.contentBytes),
    row.contentGrowth.toFixed(1),
    `${row.copySections}`,
    `${row.callsToAction}`,
    formatSeconds(row.buildMs),
    row.buildRunsMs.map(formatSeconds).join(', '),
    row.timeGrowth.toFixed(2),
    row.timePerByteRatio.toFixed(3),
    row.marginalMsPerKiB === null ? '–' : row.marginalMsPerKiB.toFixed(2),
    formatKiB(row.staticBytes),
    `${row.staticFiles}`,
  ]);
  return [header, header.map(() => '---'), ...lines]
    .map((cells) => `| ${cells.join(' | ')} |`)
    .join('\n');
}

interface ProjectCopy {
  readonly dir: string;
  readonly contentDir: string;
}

/** Copies the project (without its build outputs and caches) and writes the scaled content. */
async function prepareProject(dir: string, factor: number): Promise<ProjectCopy> {
  const generated = join(ROOT, 'src', 'generated');
  for (const entry of PROJECT_ENTRIES) {
    // public/ is optional (the project has none today: the favicon comes from content/).
    if (!existsSync(join(ROOT, entry))) continue;
    await cp(join(ROOT, entry), join(dir, entry), {
      recursive: true,
      // The build writes src/generated; another process may be rewriting the original right now.
      filter: (source) => source !== generated && !source.startsWith(generated + sep),
    });
  }
  await linkNodeModules(join(dir, 'node_modules'));
  const contentDir = join(dir, 'content');
  await writeScaledContent(join(ROOT, 'content'), contentDir, factor);
  return { dir, contentDir };
}

/**
 * Links every package of the project's node_modules into the copy. node_modules itself is a real
 * folder, not one symlink: Astro keeps its cacheDir (content data store, incremental build cache)
 * and Vite its cache in node_modules/.astro and node_modules/.vite, which a symlinked folder would
 * share with /work/main and with the other runs, making builds warm and the main project's cache
 * depend on the benchmark. So dot entries other than .bin are left out.
 */
async function linkNodeModules(target: string): Promise<void> {
  const source = join(ROOT, 'node_modules');
  await mkdir(target);
  for (const name of await readdir(source)) {
    if (name.startsWith('.') && name !== '.bin') continue;
    await symlink(join(source, name), join(target, name));
  }
}

/** Removes build outputs and caches, runs one build in the copy and returns its wall time in ms. */
async function buildProject(project: ProjectCopy): Promise<number> {
  for (const artifact of BUILD_ARTIFACTS) {
    await rm(join(project.dir, artifact), { recursive: true, force: true });
  }
  const { VERCEL: _vercel, ...env } = process.env; // a Vercel build would demand signing keys
  const started = performance.now();
  const child = spawn(NODE, ['node_modules/astro/bin/astro.mjs', 'build'], {
    cwd: project.dir,
    env: {
      ...env,
      SITE_URL: 'http://127.0.0.1:4321',
      ASTRO_TELEMETRY_DISABLED: '1',
      CONTENT_DIR: project.contentDir,
    },
    stdio: 'pipe',
    timeout: BUILD_TIMEOUT_MS,
    killSignal: 'SIGKILL',
  });
  const result = await collect(child);
  const elapsed = performance.now() - started;
  if (result.code !== 0) {
    const reason =
      result.code === null
        ? `was killed after ${BUILD_TIMEOUT_MS / 1000} s (the limit)`
        : `exited with ${result.code}`;
    const output = `${result.stdout}\n${result.stderr}`.trim().split('\n').slice(-30).join('\n');
    throw new Error(`astro build in ${project.dir} ${reason}:\n${output}`);
  }
  return elapsed;
}

/**
 * Writes the sample content multiplied by `factor` (factor 1 is the sample content unchanged):
 * `factor` times the calls to action and copy sections (each new one a variant of an original:
 * new id or slug, reordered body, numbered headings), and product and page bodies `factor` times
 * longer. Company and agent text are single records whose fields the schema caps, so they stay as
 * they are. The result is validated with the project's own reader, as the build will do.
 */
export async function writeScaledContent(
  source: string,
  target: string,
  factor: number,
): Promise<void> {
  await cp(source, target, { recursive: true });
  if (factor === 1) return;
  const sample = await readSiteContent(source);
  const variants = Array.from({ length: factor - 1 }, (_, index) => index + 2);

  const callsToAction = [
    ...sample.callsToAction,
    ...variants.flatMap((variant) => sample.callsToAction.map((cta) => ctaVariant(cta, variant))),
  ];
  await writeFile(
    join(target, 'calls-to-action.yaml'),
    stringifyYaml(callsToAction, { lineWidth: 0 }),
  );

  // Variants sort after every original, one round of the sample's sections at a time.
  const orderStep = Math.max(0, ...sample.copy.map((section) => section.order)) + 1;
  for (const variant of variants) {
    for (const section of sample.copy) {
      await writeFile(
        join(target, 'copy', `${section.slug}-${variant}.md`),
        copySectionVariant(section, variant, orderStep),
      );
    }
  }

  for (const file of ['product.md', 'pages/home.md', 'pages/developers.md', 'pages/docs.md']) {
    await lengthenBody(join(target, file), factor);
  }

  const scaled = await readSiteContent(target);
  const expected = { copy: sample.copy.length * factor, cta: sample.callsToAction.length * factor };
  if (scaled.copy.length !== expected.copy || scaled.callsToAction.length !== expected.cta) {
    throw new Error(
      `factor ${factor}: expected ${expected.copy} copy sections and ${expected.cta} calls to ` +
        `action, read ${scaled.copy.length} and ${scaled.callsToAction.length}`,
    );
  }
}

function ctaVariant(cta: CallToAction, variant: number): CallToAction {
  const url = new URL(cta.url);
  url.searchParams.set('variant', `${variant}`);
  return {
    ...cta,
    id: `${cta.id}-${variant}`,
    label: `${cta.label} (${variant})`, // at most 60 characters; the reader checks it
    url: url.href,
  };
}

function copySectionVariant(section: CopySection, variant: number, orderStep: number): string {
  const frontMatter = {
    title: `${section.title} (part ${variant})`,
    description: section.description,
    order: section.order + (variant - 1) * orderStep,
  };
  const yaml = stringifyYaml(frontMatter, { lineWidth: 0 });
  return `---\n${yaml}---\n${varyMarkdown(section.body, variant)}\n`;
}

const FRONT_MATTER = /^(---\r?\n[\s\S]*?\r?\n---(?:\r?\n|$))([\s\S]*)$/;

/** Replaces a Markdown file's body with `factor` variants of it, keeping its front matter. */
async function lengthenBody(file: string, factor: number): Promise<void> {
  const match = FRONT_MATTER.exec(await readFile(file, 'utf8'));
  if (!match) throw new Error(`${file} has no front matter`);
  const [, frontMatter = '', body = ''] = match;
  const parts = Array.from({ length: factor }, (_, index) =>
    index === 0 ? body.trim() : varyMarkdown(body.trim(), index + 1),
  );
  await writeFile(file, `${frontMatter}${parts.join('\n\n')}\n`);
}

/**
 * A variant of a Markdown body: its chunks (the parts under each heading, or its paragraphs when
 * it has no headings) rotated by `variant` places, and every heading numbered, so no two variants
 * read the same and heading anchors stay unique on the home page.
 */
function varyMarkdown(body: string, variant: number): string {
  const lines = body.split('\n');
  const chunks: string[][] = [];
  let inFence = false;
  for (const line of lines) {
    const isHeading = !inFence && /^#{1,6} /.test(line);
    if (/^(```|~~~)/.test(line)) inFence = !inFence;
    if (isHeading || chunks.length === 0) chunks.push([]);
    chunks.at(-1)?.push(isHeading ? `${line} (${variant})` : line);
  }
  const blocks =
    chunks.length > 1
      ? chunks.map((chunk) => chunk.join('\n').trim())
      : (chunks[0] ?? []).join('\n').split(/\n{2,}/);
  const shift = variant % blocks.length;
  return [...blocks.slice(shift), ...blocks.slice(0, shift)].join('\n\n');
}

/** Total size and count of the regular files under a folder (symlinks are not followed). */
async function sumFiles(dir: string): Promise<{ bytes: number; files: number }> {
  let bytes = 0;
  let files = 0;
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    bytes += (await stat(join(entry.parentPath, entry.name))).size;
    files++;
  }
  return { bytes, files };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? NaN)
    : ((sorted[middle - 1] ?? NaN) + (sorted[middle] ?? NaN)) / 2;
}

const formatSeconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const formatKiB = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const log = (message: string) => process.stderr.write(`${message}\n`);

if (import.meta.main) {
  const usage =
    'Usage: node bench/build-scale.ts [--factors=1,10,100] [--runs=N]\n\n' +
    'Factors and runs are whole numbers of at least 1.';
  const { values } = parseCommandLine(
    { options: { factors: { type: 'string' }, runs: { type: 'string' } } },
    usage,
  );
  const wholeNumbers = (text: string) => text.split(',').map((part) => Number(part.trim()));
  const factors = values.factors === undefined ? undefined : wholeNumbers(values.factors);
  const runs = values.runs === undefined ? undefined : Number(values.runs);
  if ([...(factors ?? []), runs ?? 1].some((value) => !Number.isInteger(value) || value < 1)) {
    console.error(`--factors and --runs take whole numbers of at least 1.\n\n${usage}`);
    process.exit(2);
  }
  const started = performance.now();
  const rows = await measureBuildScale({
    ...(factors === undefined ? {} : { factors }),
    ...(runs === undefined ? {} : { runs }),
  });
  console.log(formatBuildScaleTable(rows));
  console.log(`\nTotal time: ${formatSeconds(performance.now() - started)}`);
}
