/**
 * The report page's stylesheet, served at /insight.css by the report's function: the site's
 * Content-Security-Policy (`style-src 'self'`) allows no inline style. Light and dark follow the
 * reader's system; the SVG bars keep their own colours.
 */
export const INSIGHT_STYLESHEET = `:root {
  color-scheme: light dark;
  --text: #1f2937;
  --muted: #5b6472;
  --page: #ffffff;
  --card: #f5f7fa;
  --line: #e3e7ed;
  --agents: #2563eb;
  --people: #9ca3af;
  font: 15px/1.5 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif;
}
@media (prefers-color-scheme: dark) {
  :root {
    --text: #e6e9ee;
    --muted: #a3acb9;
    --page: #111418;
    --card: #1b2027;
    --line: #2c333d;
  }
}
body { margin: 0; background: var(--page); color: var(--text); }
main { max-width: 56rem; margin: 0 auto; padding: 2rem 1.25rem 4rem; }
h1 { font-size: 1.6rem; line-height: 1.25; margin: 0; }
h1 span { display: block; font-size: 1rem; font-weight: 500; color: var(--muted); }
h2 { font-size: 1.1rem; margin: 2.5rem 0 0.75rem; padding-top: 1.25rem; border-top: 1px solid var(--line); }
p { margin: 0.5rem 0 1rem; }
.period, .note, .none, .peak, figcaption, small, caption { color: var(--muted); }
.note { margin-top: 3rem; font-size: 0.875rem; }
code { font-size: 0.9em; }
.totals { display: grid; grid-template-columns: repeat(auto-fit, minmax(7rem, 1fr)); gap: 0.75rem; margin: 1.5rem 0 0; }
.totals div { background: var(--card); border: 1px solid var(--line); border-radius: 0.5rem; padding: 0.75rem 1rem; }
.totals dt { font-size: 0.8rem; color: var(--muted); }
.totals dd { margin: 0.15rem 0 0; font-size: 1.4rem; font-weight: 650; font-variant-numeric: tabular-nums; }
figure { margin: 0; }
.daily svg { display: block; width: 100%; height: 10rem; }
.daily .peak { margin: 0 0 0.25rem; font-size: 0.8rem; }
figcaption { display: flex; justify-content: space-between; gap: 1rem; font-size: 0.8rem; margin-top: 0.35rem; }
.legend { display: flex; gap: 1rem; }
.key::before { content: ''; display: inline-block; width: 0.7rem; height: 0.7rem; border-radius: 2px; margin-right: 0.35rem; vertical-align: -0.05rem; }
.key.agents::before { background: var(--agents); }
.key.people::before { background: var(--people); }
table { border-collapse: collapse; width: 100%; font-variant-numeric: tabular-nums; }
.table { overflow-x: auto; }
th, td { text-align: left; padding: 0.45rem 0.75rem 0.45rem 0; border-bottom: 1px solid var(--line); vertical-align: top; }
thead th { font-size: 0.8rem; font-weight: 600; color: var(--muted); }
th.count, td.count { text-align: right; padding-right: 0; white-space: nowrap; }
caption { text-align: left; font-size: 0.8rem; font-weight: 600; padding: 0 0 0.35rem; }
.bars { margin-bottom: 1.25rem; }
.bars th, .bars td { vertical-align: middle; }
.bars th { font-weight: 500; width: 40%; overflow-wrap: anywhere; }
.bars small { display: block; font-size: 0.8rem; }
.bars td.chart { width: 100%; }
.bars svg { display: block; width: 100%; height: 0.8rem; }
@media (max-width: 36rem) {
  main { padding: 1.25rem 1rem 3rem; }
  .totals { grid-template-columns: repeat(2, 1fr); }
  .bars th { width: 50%; }
}
`;
