/**
 * The owner's report as one HTML page with its charts drawn as SVG on the server: no script, no
 * inline style (the site's Content-Security-Policy allows neither), colours as SVG presentation
 * attributes. Every text from the tallies is escaped.
 */
import type { InsightReport, NamedCount } from './insight-report.ts';

/** Escapes text for HTML and SVG. */
export function escapeMarkup(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (char) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );
}

const AGENT_FILL = '#2563eb';
const PERSON_FILL = '#9ca3af';
const WIDTH = 720;

/** Daily requests as stacked columns: agents (blue) above people (grey). */
function drawDailyChart(daily: InsightReport['daily']): string {
  const height = 160;
  const most = Math.max(1, ...daily.map((day) => day.agents + day.people));
  const step = WIDTH / Math.max(1, daily.length);
  const bars = daily
    .map((day, i) => {
      const x = (i * step + 1).toFixed(1);
      const w = Math.max(1, step - 2).toFixed(1);
      const agentH = (day.agents / most) * (height - 20);
      const personH = (day.people / most) * (height - 20);
      const label = `${day.day}: ${day.agents} agent, ${day.people} person requests`;
      return [
        `<g><title>${escapeMarkup(label)}</title>`,
        `<rect x="${x}" y="${(height - personH).toFixed(1)}" width="${w}" height="${personH.toFixed(1)}" fill="${PERSON_FILL}"/>`,
        `<rect x="${x}" y="${(height - personH - agentH).toFixed(1)}" width="${w}" height="${agentH.toFixed(1)}" fill="${AGENT_FILL}"/></g>`,
      ].join('');
    })
    .join('');
  const peak = `<text x="0" y="12" font-size="12" font-family="system-ui, sans-serif" fill="currentColor">${most} a day at most</text>`;
  const axis = [
    `<line x1="0" y1="${height}" x2="${WIDTH}" y2="${height}" stroke="currentColor" stroke-width="1"/>`,
    `<text x="0" y="${height + 16}" font-size="12" font-family="system-ui, sans-serif" fill="currentColor">${escapeMarkup(daily[0]?.day ?? '')}</text>`,
    `<text x="${WIDTH}" y="${height + 16}" text-anchor="end" font-size="12" font-family="system-ui, sans-serif" fill="currentColor">${escapeMarkup(daily.at(-1)?.day ?? '')}</text>`,
  ].join('');
  return `<svg role="img" aria-labelledby="daily-title" viewBox="0 0 ${WIDTH} ${height + 20}" width="100%"><title id="daily-title">Requests per day, agents and people</title>${peak}${bars}${axis}</svg>`;
}

/** Horizontal bars of named counts, the largest first. */
function drawBars(id: string, title: string, rows: readonly NamedCount[]): string {
  if (rows.length === 0) return '<p>None yet.</p>';
  const rowHeight = 22;
  const labelWidth = 260;
  const most = Math.max(1, ...rows.map((row) => row.requests));
  const height = rows.length * rowHeight;
  const bars = rows
    .map((row, i) => {
      const y = i * rowHeight;
      const w = ((row.requests / most) * (WIDTH - labelWidth - 60)).toFixed(1);
      const name = escapeMarkup(row.name.length > 40 ? `${row.name.slice(0, 39)}…` : row.name);
      return [
        `<text x="0" y="${y + 15}" font-size="13" font-family="system-ui, sans-serif" fill="currentColor">${name}</text>`,
        `<rect x="${labelWidth}" y="${y + 4}" width="${w}" height="${rowHeight - 8}" fill="${AGENT_FILL}"/>`,
        `<text x="${labelWidth + Number(w) + 6}" y="${y + 15}" font-size="13" font-family="system-ui, sans-serif" fill="currentColor">${row.requests}</text>`,
      ].join('');
    })
    .join('');
  return `<svg role="img" aria-labelledby="${id}" viewBox="0 0 ${WIDTH} ${height}" width="100%"><title id="${id}">${escapeMarkup(title)}</title>${bars}</svg>`;
}

/** A table of rows; every cell escaped. */
function drawTable(head: readonly string[], rows: readonly (readonly (string | number)[])[]) {
  if (rows.length === 0) return '<p>None yet.</p>';
  const cells = (row: readonly (string | number)[], tag: string) =>
    `<tr>${row.map((cell) => `<${tag}>${escapeMarkup(String(cell))}</${tag}>`).join('')}</tr>`;
  return `<table><thead>${cells(head, 'th')}</thead><tbody>${rows.map((row) => cells(row, 'td')).join('')}</tbody></table>`;
}

/** The report page. */
export function renderInsightPage(report: InsightReport, siteName: string): string {
  const { totals, verification } = report;
  const share = `${Math.round(report.markdownShareOfAgentReads * 100)}%`;
  const sections = [
    `<h1>Agent insight: ${escapeMarkup(siteName)}</h1>`,
    `<p>${escapeMarkup(report.from)} to ${escapeMarkup(report.to)} (UTC), counted in the ${report.store === 'redis' ? 'shared Redis store (every instance)' : 'memory of this instance only'}.</p>`,
    drawTable(
      [
        'Requests',
        'By agents',
        'By people',
        'Agents verified',
        'Agents claimed',
        'Signatures failed',
        'Agent reads in Markdown',
      ],
      [
        [
          totals.requests,
          totals.agents,
          totals.people,
          verification.verified,
          verification.claimed,
          verification.failed,
          share,
        ],
      ],
    ),
    '<h2>Requests per day</h2>',
    '<p>Blue: agents; grey: people.</p>',
    drawDailyChart(report.daily),
    '<h2>Agents</h2>',
    drawBars(
      'agents-title',
      'Requests per agent',
      report.agents.map(({ name, operator, requests }) => ({
        name: `${name} (${operator})`,
        requests,
      })),
    ),
    drawTable(
      ['Agent', 'Operator', 'Kind', 'Requests'],
      report.agents.map((a) => [a.name, a.operator, a.kind, a.requests]),
    ),
    '<h2>Kinds</h2>',
    drawBars('kinds-title', 'Requests per kind', report.kinds),
    '<h2>Surfaces</h2>',
    drawTable(
      ['Surface', 'Agents', 'People'],
      report.surfaces.map((s) => [s.surface, s.agents, s.people]),
    ),
    '<h2>Formats</h2>',
    drawTable(
      ['Format', 'Agents', 'People'],
      report.formats.map((f) => [f.format, f.agents, f.people]),
    ),
    '<h2>MCP</h2>',
    drawBars('methods-title', 'MCP methods', report.mcpMethods),
    drawBars('tools-title', 'MCP tools called', report.mcpTools),
    '<h2>Top search queries</h2>',
    drawTable(
      ['Query', 'Requests'],
      report.searchQueries.map((q) => [q.name, q.requests]),
    ),
    '<h2>OAuth grants</h2>',
    drawTable(
      ['Grant', 'Requests'],
      report.oauthGrants.map((g) => [g.name, g.requests]),
    ),
    '<h2>Verified signers</h2>',
    drawTable(
      ['Signature directory', 'Requests'],
      report.verifiedSigners.map((s) => [s.name, s.requests]),
    ),
    `<p>Values past a list's bound are counted as "${escapeMarkup(report.overflowName)}". The same figures as JSON: <code>GET /insight.json</code> with the same token, or <code>npm run insight</code>.</p>`,
  ];
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex, nofollow">',
    `<title>Agent insight: ${escapeMarkup(siteName)}</title></head>`,
    `<body><main>${sections.join('\n')}</main></body></html>`,
    '',
  ].join('\n');
}
