import { describe, expect, it } from 'vitest';
import { AgentCatalogue, CLASSIFIED_CACHE_SIZE } from '../../src/insight/agent-catalogue.ts';
import { renderInsightPage } from '../../src/insight/insight-page.ts';
import { buildInsightReport, MAX_REPORT_ROWS } from '../../src/insight/insight-report.ts';
import {
  INSIGHT_DIMENSIONS,
  MAX_QUERY_LENGTH,
  readDailyTallies,
  readDay,
  readTallyKey,
} from '../../src/insight/insight-tallies.ts';
import { MemoryStore } from '../../src/shared-state/memory-store.ts';
import { floodQuery, floodUserAgent, listToolCallCounts } from '../support/insight-floods.ts';

/*
 * Floods of distinct User-Agents and of distinct search queries, made in process (one loop each,
 * no HTTP), classified and counted as the recorder does after an answer: each a few times longer
 * than the bound it holds (the cache of answers, the tallies of a day), so everything past the
 * bound takes the path a longer flood would. How fast a flood of a million is classified is a
 * benchmark's question (`npm run bench -- insight`, bench/insight-flood.ts), not a unit test's.
 */
const FLOOD = 4 * CLASSIFIED_CACHE_SIZE;
const QUERY_FLOOD = 20 * INSIGHT_DIMENSIONS.queries;

describe('a flood of distinct User-Agents', () => {
  it('should classify each as the list says, the cache of answers bounded', () => {
    const catalogue = new AgentCatalogue();
    let agents = 0;
    for (let i = 0; i < FLOOD; i += 1) {
      // Half name a crawler the list knows, half are browsers it does not.
      if (catalogue.classify(floodUserAgent(i))) agents += 1;
    }
    expect(agents).toBe(FLOOD / 2);
    expect(catalogue.cacheSize).toBe(CLASSIFIED_CACHE_SIZE);
  });
});

describe('a flood of distinct search queries', () => {
  it('should be counted within the bounds of the store, the report the size of any day', async () => {
    const store = new MemoryStore();
    const now = Date.now();
    const day = readDay(now);
    let last: unknown;
    for (let i = 0; i < QUERY_FLOOD; i += 1) {
      // The memory store's tally runs to its end before it returns its promise. Every hundredth
      // query is 100 KB long: only its start is worked on.
      last = store.tally(
        listToolCallCounts(day, `tool_${i.toString(36)}`, floodQuery(i, 100)),
        3600,
      );
    }
    await last;

    const dimensions = Object.keys(INSIGHT_DIMENSIONS) as (keyof typeof INSIGHT_DIMENSIONS)[];
    const tallies = await store.readTallies(dimensions.map((d) => readTallyKey(day, d)));
    for (const [index, dimension] of dimensions.entries()) {
      const size = Object.keys(tallies[index] ?? {}).length;
      expect(size, dimension).toBeLessThanOrEqual(INSIGHT_DIMENSIONS[dimension] + 1);
    }
    const queries = tallies[dimensions.indexOf('queries')] ?? {};
    expect(queries['(other)']).toBe(QUERY_FLOOD - INSIGHT_DIMENSIONS.queries);
    expect(Object.keys(queries).every((name) => name.length <= MAX_QUERY_LENGTH)).toBe(true);

    const days = await readDailyTallies(store, now, 30);
    if (!Array.isArray(days)) throw new Error('the memory store is always available');
    const report = buildInsightReport(days, store.kind);
    expect(report.totals).toEqual({ requests: QUERY_FLOOD, agents: 0, people: QUERY_FLOOD });
    expect(report.searchQueries).toHaveLength(MAX_REPORT_ROWS);
    expect(report.mcpTools.length).toBeLessThanOrEqual(MAX_REPORT_ROWS);
    // The flood's tail is one row, not thousands.
    expect(report.searchQueries[0]).toEqual({
      name: '(other)',
      requests: QUERY_FLOOD - INSIGHT_DIMENSIONS.queries,
    });
    expect(JSON.stringify(report).length).toBeLessThan(32 * 1024);
    expect(renderInsightPage(report, 'facts.example').length).toBeLessThan(128 * 1024);
  });
});
