import { describe, expect, it } from 'vitest';
import { renderInsightPage } from '../../src/insight/insight-page.ts';
import { buildInsightReport } from '../../src/insight/insight-report.ts';
import {
  INSIGHT_DIMENSIONS,
  listVisitCounts,
  readDay,
  type InsightDimension,
  type Visit,
} from '../../src/insight/insight-tallies.ts';

/** One day's tallies holding the given visits, as the store would sum them. */
function tallyDay(visits: readonly Visit[]) {
  const tallies = Object.fromEntries(
    Object.keys(INSIGHT_DIMENSIONS).map((dimension) => [dimension, {} as Record<string, number>]),
  ) as Record<InsightDimension, Record<string, number>>;
  for (const visit of visits) {
    for (const { key, field } of listVisitCounts(visit)) {
      const dimension = key.split(':').at(-1) as InsightDimension;
      tallies[dimension][field] = (tallies[dimension][field] ?? 0) + 1;
    }
  }
  return tallies;
}

describe('renderInsightPage', () => {
  it('should list MCP clients by name, break names after a slash, and say which list is empty', () => {
    const day = readDay(Date.now());
    const visit = (mcpClient: string, mcpMethods: string[]): Visit => ({
      day,
      agent: { id: '(unlisted)', name: 'node', operator: 'unknown', kind: 'unlisted-client' },
      signature: { status: 'claimed' },
      surface: 'mcp',
      format: 'json',
      mcpMethods,
      mcpClient,
    });
    const report = buildInsightReport(
      [
        {
          day,
          tallies: tallyDay([
            visit('Acme Agent', ['initialize']),
            visit('</script><b>x', ['notifications/initialized']),
          ]),
        },
      ],
      'memory',
    );
    expect(report.mcpClients).toEqual([
      { name: '</script><b>x', requests: 1 },
      { name: 'Acme Agent', requests: 1 },
    ]);
    const page = renderInsightPage(report, 'facts.example');
    expect(page).toContain('>Clients, by the name they give</caption>');
    expect(page).toContain('Acme Agent');
    expect(page).toContain('notifications/<wbr>initialized');
    // Escaped first, then given its break: no markup of the client's own.
    expect(page).toContain('&lt;/<wbr>script&gt;&lt;b&gt;x');
    expect(page).not.toContain('<b>x');
    // The MCP section holds three lists: an empty one says which it is.
    expect(page).toContain('<p class="none">Tools called: none yet.</p>');
  });
});
