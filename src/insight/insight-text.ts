/**
 * The owner's report as plain text for a terminal (`npm run insight -- <url>`): the same figures
 * as `/insight.json` and `/insight`, in aligned columns.
 */
import type { InsightReport, NamedCount } from './insight-report.ts';

/** Rows as aligned columns under a heading; numbers right-aligned. */
function formatTable(title: string, head: readonly string[], rows: readonly (string | number)[][]) {
  if (rows.length === 0) return `${title}\n  none yet\n`;
  const table = [head, ...rows].map((row) => row.map(String));
  const widths = head.map((_, i) => Math.max(...table.map((row) => (row[i] ?? '').length)));
  const lines = table.map((row, r) =>
    row
      .map((cell, i) =>
        typeof rows[r - 1]?.[i] === 'number'
          ? cell.padStart(widths[i] ?? 0)
          : cell.padEnd(widths[i] ?? 0),
      )
      .join('  ')
      .trimEnd(),
  );
  return `${title}\n${lines.map((line) => `  ${line}`).join('\n')}\n`;
}

const counts = (rows: readonly NamedCount[]) => rows.map((row) => [row.name, row.requests]);

/** The report as text. */
export function formatInsightReport(report: InsightReport): string {
  const { totals, verification } = report;
  const share = `${Math.round(report.markdownShareOfAgentReads * 100)}%`;
  return [
    `Agent insight, ${report.from} to ${report.to} (UTC), store: ${report.store}`,
    `Requests ${totals.requests}: agents ${totals.agents}, people ${totals.people}; agent reads in Markdown ${share}`,
    `Agents verified ${verification.verified}, claimed ${verification.claimed}, signatures failed ${verification.failed}`,
    '',
    formatTable(
      'Agents',
      ['Agent', 'Operator', 'Kind', 'Requests'],
      report.agents.map((a) => [a.name, a.operator, a.kind, a.requests]),
    ),
    formatTable('Kinds', ['Kind', 'Requests'], counts(report.kinds)),
    formatTable(
      'Surfaces',
      ['Surface', 'Agents', 'People'],
      report.surfaces.map((s) => [s.surface, s.agents, s.people]),
    ),
    formatTable(
      'Formats',
      ['Format', 'Agents', 'People'],
      report.formats.map((f) => [f.format, f.agents, f.people]),
    ),
    formatTable('MCP methods', ['Method', 'Requests'], counts(report.mcpMethods)),
    formatTable('MCP clients', ['Client', 'Requests'], counts(report.mcpClients)),
    formatTable('MCP tools', ['Tool', 'Requests'], counts(report.mcpTools)),
    formatTable('Top search queries', ['Query', 'Requests'], counts(report.searchQueries)),
    formatTable('OAuth grants', ['Grant', 'Requests'], counts(report.oauthGrants)),
    formatTable('Verified signers', ['Directory', 'Requests'], counts(report.verifiedSigners)),
    formatTable(
      'Per day',
      ['Day', 'Agents', 'People'],
      report.daily.filter((d) => d.agents + d.people > 0).map((d) => [d.day, d.agents, d.people]),
    ),
  ].join('\n');
}
