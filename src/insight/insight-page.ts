/**
 * The owner's report as one HTML page with its charts drawn as SVG on the server: no script, no
 * inline style (the site's Content-Security-Policy allows neither; the stylesheet is
 * /insight.css), bar colours as SVG presentation attributes, text in HTML so it keeps its size on a
 * narrow screen. Every text from the tallies is escaped.
 */
import { escapeHtml } from '../service/escape-html.ts';
import type { InsightReport } from './insight-report.ts';

/** The page's stylesheet (insight-style.ts), a file of its own since the CSP allows no inline style. */
export const INSIGHT_STYLESHEET_PATH = '/insight.css';

const AGENT_FILL = '#2563eb';
const PERSON_FILL = '#9ca3af';
const WIDTH = 720;

/**
 * Daily requests as stacked columns, agents (blue) above people (grey): the bars in SVG, stretched
 * to the page's width, and the text (the peak, the first and last day) in HTML, so it keeps the
 * page's size on a narrow screen.
 */
function drawDailyChart(daily: InsightReport['daily']): string {
  const height = 160;
  const most = Math.max(1, ...daily.map((day) => day.agents + day.people));
  const step = WIDTH / Math.max(1, daily.length);
  const bars = daily
    .map((day, i) => {
      const x = (i * step + 1).toFixed(1);
      const w = Math.max(1, step - 2).toFixed(1);
      const agentH = (day.agents / most) * height;
      const personH = (day.people / most) * height;
      const label = `${day.day}: ${day.agents} agent, ${day.people} person requests`;
      return [
        `<g><title>${escapeHtml(label)}</title>`,
        `<rect x="${x}" y="${(height - personH).toFixed(1)}" width="${w}" height="${personH.toFixed(1)}" fill="${PERSON_FILL}"/>`,
        `<rect x="${x}" y="${(height - personH - agentH).toFixed(1)}" width="${w}" height="${agentH.toFixed(1)}" fill="${AGENT_FILL}"/></g>`,
      ].join('');
    })
    .join('');
  const axis = `<line x1="0" y1="${height}" x2="${WIDTH}" y2="${height}" stroke="currentColor" stroke-width="1" vector-effect="non-scaling-stroke"/>`;
  return [
    '<figure class="daily">',
    `<p class="peak">${most} a day at most</p>`,
    `<svg role="img" aria-labelledby="daily-title" viewBox="0 0 ${WIDTH} ${height}" preserveAspectRatio="none"><title id="daily-title">Requests per day, agents and people</title>${bars}${axis}</svg>`,
    `<figcaption><span>${escapeHtml(daily[0]?.day ?? '')}</span><span class="legend"><span class="key agents">Agents</span> <span class="key people">People</span></span><span>${escapeHtml(daily.at(-1)?.day ?? '')}</span></figcaption>`,
    '</figure>',
  ].join('');
}

/** One bar as SVG: a row's share of the largest, drawn in a box the stylesheet sizes. */
function drawBar(value: number, most: number): string {
  const width = ((value / Math.max(1, most)) * 100).toFixed(1);
  return `<svg class="bar" viewBox="0 0 100 10" preserveAspectRatio="none" aria-hidden="true"><rect x="0" y="0" width="${width}" height="10" fill="${AGENT_FILL}"/></svg>`;
}

/** A row of a bar list: its name (and a second line), its bar and its count. */
interface BarRow {
  readonly name: string;
  readonly detail?: string;
  readonly requests: number;
}

/** Named counts as a list of bars, the largest first: names and counts in HTML, bars in SVG. */
function drawBars(title: string, rows: readonly BarRow[]): string {
  // Named, since a section may hold several lists (MCP: methods, clients, tools).
  if (rows.length === 0) return `<p class="none">${escapeHtml(title)}: none yet.</p>`;
  const most = Math.max(1, ...rows.map((row) => row.requests));
  const body = rows
    .map((row) => {
      // A line may break after a slash (`notifications/<wbr>initialized`) rather than in a word.
      const name = escapeHtml(
        row.name.length > 48 ? `${row.name.slice(0, 47)}…` : row.name,
      ).replaceAll('/', '/<wbr>');
      const detail = row.detail ? `<small>${escapeHtml(row.detail)}</small>` : '';
      return `<tr><th scope="row">${name}${detail}</th><td class="chart">${drawBar(row.requests, most)}</td><td class="count">${row.requests}</td></tr>`;
    })
    .join('');
  return `<table class="bars"><caption>${escapeHtml(title)}</caption><tbody>${body}</tbody></table>`;
}

/** A table of rows, numbers right-aligned by the stylesheet; every cell escaped. */
function drawTable(head: readonly string[], rows: readonly (readonly (string | number)[])[]) {
  if (rows.length === 0) return '<p class="none">None yet.</p>';
  const cells = (row: readonly (string | number)[], tag: string) =>
    `<tr>${row.map((cell) => `<${tag}${typeof cell === 'number' ? ' class="count"' : ''}>${escapeHtml(String(cell))}</${tag}>`).join('')}</tr>`;
  const headRow = `<tr>${head.map((cell, i) => `<th${i > 0 ? ' class="count"' : ''}>${escapeHtml(cell)}</th>`).join('')}</tr>`;
  return `<div class="table"><table><thead>${headRow}</thead><tbody>${rows.map((row) => cells(row, 'td')).join('')}</tbody></table></div>`;
}

/** The headline figures as a row of cards. */
function drawTotals(figures: readonly (readonly [string, string | number])[]): string {
  const cards = figures
    .map(
      ([name, value]) =>
        `<div><dt>${escapeHtml(name)}</dt><dd>${escapeHtml(String(value))}</dd></div>`,
    )
    .join('');
  return `<dl class="totals">${cards}</dl>`;
}

/** The report page. */
export function renderInsightPage(report: InsightReport, siteName: string): string {
  const { totals, verification } = report;
  const share = `${Math.round(report.markdownShareOfAgentReads * 100)}%`;
  const sections = [
    `<h1>Agent insight <span>${escapeHtml(siteName)}</span></h1>`,
    `<p class="period">${escapeHtml(report.from)} to ${escapeHtml(report.to)} (UTC), counted in the ${report.store === 'redis' ? 'shared Redis store (every instance)' : 'memory of this instance only'}.</p>`,
    drawTotals([
      ['Requests', totals.requests],
      ['By agents', totals.agents],
      ['By people', totals.people],
      ['Agent reads in Markdown', share],
      ['Agents verified', verification.verified],
      ['Agents claimed', verification.claimed],
      ['Signatures failed', verification.failed],
    ]),
    '<h2>Requests per day</h2>',
    drawDailyChart(report.daily),
    '<h2>Agents</h2>',
    drawBars(
      'Requests per agent',
      report.agents.map(({ name, operator, kind, requests }) => ({
        name,
        detail: `${operator} · ${kind}`,
        requests,
      })),
    ),
    '<h2>Kinds</h2>',
    drawBars('Requests per kind', report.kinds),
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
    drawBars('Methods', report.mcpMethods),
    drawBars('Clients, by the name they give', report.mcpClients),
    drawBars('Tools called', report.mcpTools),
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
    `<p class="note">Values past a list's bound are counted as "${escapeHtml(report.overflowName)}". The same figures as JSON: <code>GET /insight.json</code> with the same token, or <code>npm run insight</code>.</p>`,
  ];
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex, nofollow">',
    '<meta name="color-scheme" content="light dark">',
    `<link rel="stylesheet" href="${INSIGHT_STYLESHEET_PATH}">`,
    `<title>Agent insight: ${escapeHtml(siteName)}</title></head>`,
    `<body><main>${sections.join('\n')}</main></body></html>`,
    '',
  ].join('\n');
}
