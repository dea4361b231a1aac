// Writes docs/benchmarks.md at the end of npm run bench: the whole report when every section ran,
// else the sections that ran in place of theirs (bench/report-update.ts), each stamped with its
// date and machine; bench/notes.md after them either way.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { format, resolveConfig } from 'prettier';
import { ROOT } from '../tests/support/processes.ts';
import { updateReport } from './report-update.ts';

const REPORT_FILE = `${ROOT}docs/benchmarks.md`;

export interface BenchRun {
  /** The lines the run printed, its sections' first. */
  readonly report: readonly string[];
  /** Where each section that ran starts in `report`. */
  readonly sectionStarts: ReadonlyMap<string, number>;
  /** Where the sections end in `report` (the whole run's line follows). */
  readonly sectionsEnd: number;
  /** Whether every section ran. */
  readonly whole: boolean;
  /** The sections named on the command line. */
  readonly asked: readonly string[];
  /** The run's machine and load average (bench/machine.ts). */
  readonly machineLine: string;
}

/** Formatted as the repository's prettier check expects. */
async function formatReport(markdown: string): Promise<string> {
  return format(markdown, { ...((await resolveConfig(REPORT_FILE)) ?? {}), parser: 'markdown' });
}

/** Writes the run into docs/benchmarks.md, as the file's header says. */
export async function writeBenchReport(run: BenchRun): Promise<void> {
  const notes = readFileSync(`${ROOT}bench/notes.md`, 'utf8');
  if (!run.whole) {
    if (!existsSync(REPORT_FILE)) return;
    // A run of some sections replaces theirs in the report, each under its heading with its date
    // and machine, and the notes after them; the other sections keep the figures of their run.
    const byStart = [...run.sectionStarts].sort(([, a], [, b]) => a - b);
    const replaced = byStart.map(([name, start], index) => ({
      name,
      lines: run.report.slice(start, byStart[index + 1]?.[1] ?? run.sectionsEnd),
    }));
    const updated = updateReport(readFileSync(REPORT_FILE, 'utf8'), replaced, notes, {
      measured: `Measured ${new Date().toISOString().slice(0, 10)} by \`npm run bench -- ${run.asked.join(' ')}\` (Node ${process.version}), apart from the other sections.`,
      machine: run.machineLine,
    });
    await writeFile(REPORT_FILE, await formatReport(updated));
    console.log(`Updated ${replaced.map(({ name }) => name).join(', ')} in docs/benchmarks.md`);
    return;
  }

  const versions = JSON.parse(readFileSync(`${ROOT}package-lock.json`, 'utf8')) as {
    packages: Record<string, { version?: string }>;
  };
  const version = (name: string) => versions.packages[`node_modules/${name}`]?.version ?? '?';
  const digest = createHash('sha256').update(run.report.join('\n')).digest('hex').slice(0, 12);
  const markdown = `# Benchmarks

Written by \`npm run bench\` (bench/run.ts); do not edit by hand. Every figure is a ratio to a
reference measured in the same run, because the machines are noisy; loads run over loopback.
Versions: astro ${version('astro')}, @modelcontextprotocol/sdk ${version('@modelcontextprotocol/sdk')}, jose ${version('jose')}, autocannon ${version('autocannon')}, esbuild ${version('esbuild')}. Report ${digest}.
${run.machineLine}

${run.report.join('\n')}

${notes}`;
  await writeFile(REPORT_FILE, await formatReport(markdown));
  console.log('Wrote docs/benchmarks.md');
}
