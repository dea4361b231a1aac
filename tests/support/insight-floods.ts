/**
 * The floods of distinct visitors that the abuse tests (tests/unit/insight-abuse.test.ts) hold to
 * their bounds and the benchmark (bench/insight-flood.ts) times: one definition, so both speak of
 * the same flood.
 */
import { listVisitCounts } from '../../src/insight/insight-tallies.ts';
import type { TallyCount } from '../../src/shared-state/shared-store.ts';

/**
 * The User-Agent of a flood's visitor `i`: a crawler the list knows for even numbers, else a
 * browser it does not know.
 */
export function floodUserAgent(i: number): string {
  return i % 2 === 0
    ? `Mozilla/5.0 (compatible; Googlebot/2.${i.toString(36)}; +http://www.google.com/bot.html)`
    : `Mozilla/5.0 (X11; Linux x86_64; rv:${i}) Gecko/20100101 Firefox/${i}`;
}

/** The search query of a flood's visitor `i`: every `longEvery`-th is 100 KB long. */
export function floodQuery(i: number, longEvery: number): string {
  const id = i.toString(36);
  return i % longEvery === 0 ? `long ${id} ${'x'.repeat(100_000)}` : `what about ${id}`;
}

/** The counts of one anonymous, unsigned tools/call of `tool` searching for `query` on `day`. */
export function listToolCallCounts(
  day: string,
  tool: string,
  query: string,
): readonly TallyCount[] {
  return listVisitCounts({
    day,
    agent: null,
    signature: { status: 'claimed' },
    surface: 'mcp',
    format: 'json',
    mcpMethods: ['tools/call'],
    mcpTool: tool,
    query,
  });
}
