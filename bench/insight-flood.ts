/**
 * The `insight` section of npm run bench: what a flood of distinct visitors costs the agent
 * insight recorder, made in process (no HTTP), against the same work repeated on one visitor, in
 * the same run:
 *   - a million distinct User-Agents classified (half name a crawler the list knows, half are
 *     browsers it does not), against the same number of classifications of one User-Agent (the
 *     bounded cache's hit);
 *   - a hundred thousand distinct search queries tallied in the memory store (every thousandth
 *     100 KB long), against the same number of tallies of one query.
 * tests/unit/insight-abuse.test.ts holds the bounds (cache, tallies, report size) with floods a
 * few times longer than the bounds; this section says how fast a flood is classified.
 */
import { AgentCatalogue, CLASSIFIED_CACHE_SIZE } from '../src/insight/agent-catalogue.ts';
import { readDay } from '../src/insight/insight-tallies.ts';
import { MemoryStore } from '../src/shared-state/memory-store.ts';
import { floodQuery, floodUserAgent, listToolCallCounts } from '../tests/support/insight-floods.ts';
import { median } from './lib.ts';

const USER_AGENTS = 1_000_000;
const QUERIES = 100_000;
const ROUNDS = 3;

/** Microseconds per classification of `count` User-Agents made by `agentOf`, median of rounds. */
function timeClassify(count: number, agentOf: (i: number) => string): number {
  const rounds: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const catalogue = new AgentCatalogue();
    const started = performance.now();
    for (let i = 0; i < count; i += 1) catalogue.classify(agentOf(i));
    rounds.push(((performance.now() - started) * 1000) / count);
    if (catalogue.cacheSize > CLASSIFIED_CACHE_SIZE) throw new Error('the cache outgrew its bound');
  }
  return median(rounds);
}

/** Microseconds per tally of `count` search queries made by `queryOf`, median of rounds. */
async function timeTallies(count: number, queryOf: (i: number) => string): Promise<number> {
  const rounds: number[] = [];
  const day = readDay(Date.now());
  for (let round = 0; round < ROUNDS; round += 1) {
    const store = new MemoryStore();
    const started = performance.now();
    let last: unknown;
    for (let i = 0; i < count; i += 1) {
      last = store.tally(listToolCallCounts(day, 'search_site', queryOf(i)), 3600);
    }
    await last;
    rounds.push(((performance.now() - started) * 1000) / count);
  }
  return median(rounds);
}

/** Runs the section and returns its report lines. */
export async function measureInsightFlood(): Promise<string[]> {
  const distinctAgents = timeClassify(USER_AGENTS, floodUserAgent);
  const oneAgent = timeClassify(USER_AGENTS, () => floodUserAgent(0));
  const distinctQueries = await timeTallies(QUERIES, (i) => floodQuery(i, 1000));
  const oneQuery = await timeTallies(QUERIES, () => 'what about pricing');
  const row = (name: string, distinct: number, same: number, count: number) =>
    `| ${name} | ${count.toLocaleString('en')} | ${distinct.toFixed(2)} | ${same.toFixed(2)} | ${(distinct / same).toFixed(1)}x | ${((distinct * count) / 1e6).toFixed(1)} s |`;
  return [
    '## Agent insight under a flood',
    '',
    `Made in process (tests/unit/insight-abuse.test.ts holds the bounds): distinct User-Agents classified (half a known crawler, half an unknown browser; the cache of answers holds ${CLASSIFIED_CACHE_SIZE}), and distinct search queries tallied in the memory store (every thousandth 100 KB long), each against the same count of one repeated visitor; median of ${ROUNDS} rounds.`,
    '',
    '| flood | visitors | µs each, distinct | µs each, one repeated | ratio | whole flood |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    row('User-Agents classified', distinctAgents, oneAgent, USER_AGENTS),
    row('search queries tallied', distinctQueries, oneQuery, QUERIES),
    '',
  ];
}
