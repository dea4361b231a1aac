// A section's block of docs/benchmarks.md, between `<!-- bench:name -->` and
// `<!-- /bench:name -->`: a run of that section alone rewrites it in place (figures of the other
// sections stay as their last full run left them), or adds it before the report's closing
// "Whole run" line.

/** The document with the block of `name` set to `lines` (which hold their own markers). */
export function replaceReportBlock(
  document: string,
  name: string,
  lines: readonly string[],
): string {
  const start = `<!-- bench:${name} -->`;
  const end = `<!-- /bench:${name} -->`;
  const block = lines.join('\n');
  const from = document.indexOf(start);
  const to = document.indexOf(end);
  if (from !== -1 && to > from) {
    return `${document.slice(0, from)}${block}${document.slice(to + end.length)}`;
  }
  const whole = document.search(/^Whole run: /m);
  if (whole === -1) return `${document.trimEnd()}\n\n${block}\n`;
  return `${document.slice(0, whole)}${block}\n\n${document.slice(whole)}`;
}
