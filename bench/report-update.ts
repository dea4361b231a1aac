// Updates docs/benchmarks.md after a run of some sections (`npm run bench -- mcp`): their figures
// replace those of the earlier run, under the same headings, each stamped with its own date and
// machine, since figures from two machines differ more than any change measured here (issue 25);
// the notes after the sections are replaced by bench/notes.md as it is now.

/** The lines one section printed, its `## ` heading first. */
export interface SectionLines {
  readonly name: string;
  readonly lines: readonly string[];
}

/** The line after the sections of a whole run's report. */
const WHOLE_RUN = 'Whole run:';

/** What a partial run writes under each heading it replaces. */
export interface RunStamp {
  /** When and how the run was made. */
  readonly measured: string;
  /** The run's machine line, left out where a section names its machine itself. */
  readonly machine: string;
}

/** The line a section opens with when it names its own machine (bench/machine.ts). */
const MACHINE_LINE = 'Machine:';

/**
 * The report with each section's lines in place of the old ones (a section the report lacks is
 * added after the others), the stamp under each replaced heading, and `notes` in place of the old
 * notes (from the notes' first heading to the end).
 */
export function updateReport(
  report: string,
  sections: readonly SectionLines[],
  notes: string,
  { measured, machine }: RunStamp,
): string {
  const notesHeading = notes.split('\n').find((line) => line.startsWith('## '));
  const lines = report.split('\n');
  const notesAt = notesHeading === undefined ? -1 : lines.indexOf(notesHeading);
  const body = notesAt === -1 ? lines : lines.slice(0, notesAt);
  for (const { lines: section } of sections) {
    const headingAt = section.findIndex((line) => line.startsWith('## '));
    if (headingAt === -1) continue;
    const heading = section[headingAt] as string;
    const rest = section.slice(headingAt + 1);
    while (rest[0]?.trim() === '') rest.shift();
    const stamp = rest[0]?.startsWith(MACHINE_LINE) ? measured : `${measured} ${machine}`;
    const fresh = [heading, '', stamp, '', ...rest];
    const at = body.indexOf(heading);
    if (at === -1) {
      const end = body.findIndex((line) => line.startsWith(WHOLE_RUN));
      body.splice(end === -1 ? body.length : end, 0, ...fresh, '');
      continue;
    }
    let end = at + 1;
    while (end < body.length && !/^## |^Whole run:/.test(body[end] as string)) end += 1;
    body.splice(at, end - at, ...fresh, '');
  }
  while (body.length > 0 && body.at(-1)?.trim() === '') body.pop();
  return `${body.join('\n')}\n\n${notes}`;
}
