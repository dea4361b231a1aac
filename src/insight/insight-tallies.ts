/**
 * The owner's insight as daily tallies in the shared store: one bounded hash per day and
 * dimension (`insight:<day>:<dimension>`), kept `INSIGHT_RETENTION_DAYS`. Only counts of
 * catalogue names, route-table surfaces, media kinds, method, client and tool names, grant types
 * and length-capped search queries are written: no address, token or raw User-Agent
 * (docs/insight.md).
 */
import { rememberLatest } from '../http/memoize.ts';
import type { BoundedTally, StoreAnswer, TallyCount } from '../shared-state/shared-store.ts';
import type { AgentIdentity } from './agent-catalogue.ts';
import type { SignatureCheck } from './agent-signature.ts';

/** Days a tally lives after its last count. */
export const INSIGHT_RETENTION_DAYS = 30;

/** What the report counts one request by. */
export interface Visit {
  /** The UTC day, `YYYY-MM-DD`. */
  readonly day: string;
  readonly agent: AgentIdentity | null;
  readonly signature: SignatureCheck;
  /** The route table's surface id (`mcp`, `page-home`, `mirror-home`, ...). */
  readonly surface: string;
  readonly format: 'markdown' | 'html' | 'json' | 'text' | 'other';
  readonly mcpMethods: readonly string[];
  /** The name the MCP client gave itself (`clientInfo.name`), when the request carried it. */
  readonly mcpClient?: string | undefined;
  readonly mcpTool?: string | undefined;
  readonly query?: string | undefined;
  readonly grant?: string | undefined;
}

/** Each dimension's tally and its bound on distinct fields (one more holds the overflow). */
export const INSIGHT_DIMENSIONS = {
  audience: 2,
  agents: 200,
  kinds: 8,
  surfaces: 200,
  formats: 16,
  methods: 32,
  clients: 64,
  tools: 32,
  queries: 200,
  grants: 8,
  verification: 3,
  signers: 64,
} as const;

export type InsightDimension = keyof typeof INSIGHT_DIMENSIONS;

/** Characters of a search query that are kept. */
export const MAX_QUERY_LENGTH = 64;
/** Separates the parts of a field (an agent's name, operator and kind). */
export const FIELD_SEPARATOR = '\u001f';

/** A query as it is counted: trimmed, spaces folded, lower-cased, at most MAX_QUERY_LENGTH. */
export function normalizeQuery(query: string): string {
  // Only the start is kept, so only the start is worked on: a huge query costs no more than this.
  return query
    .slice(0, MAX_QUERY_LENGTH * 4)
    .normalize('NFKC')
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .trim()
    .replace(/\s+/gu, ' ')
    .toLowerCase()
    .slice(0, MAX_QUERY_LENGTH);
}

/** The store key of a day's dimension. */
export function readTallyKey(day: string, dimension: InsightDimension): string {
  return `insight:${day}:${dimension}`;
}

/** The UTC day of a time, `YYYY-MM-DD`. */
export function readDay(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

/** The store keys of one day's dimensions, the latest day's kept (every count names one). */
const readDayKeys = rememberLatest((day: string): Record<InsightDimension, string> => {
  const dimensions = Object.keys(INSIGHT_DIMENSIONS) as InsightDimension[];
  return Object.fromEntries(dimensions.map((d) => [d, readTallyKey(day, d)])) as Record<
    InsightDimension,
    string
  >;
});

/**
 * A field of a name and the audience (`page-home␟agent`), made once: surfaces and formats are
 * few (the route table's, five formats), so each pair is kept, at most 1,024 of them.
 */
const pairFields = { agent: new Map<string, string>(), person: new Map<string, string>() };
function readPairField(name: string, who: 'agent' | 'person'): string {
  const fields = pairFields[who];
  let field = fields.get(name);
  if (field === undefined) {
    if (fields.size >= 1024) fields.clear();
    field = `${name}${FIELD_SEPARATOR}${who}`;
    fields.set(name, field);
  }
  return field;
}

/** A query as counted, the latest kept: a search an agent repeats is counted without redoing it. */
const readNormalizedQuery = rememberLatest(normalizeQuery);

/**
 * The latest visit counted and its counts: an agent repeating a request (the usual traffic, one
 * client calling one tool) adds the very same counts, so they are listed once, not per request.
 */
let latestVisit: { readonly visit: Visit; readonly counts: readonly TallyCount[] } | undefined;

/** Whether two visits add the same counts: the same value of every field they are counted by. */
function isSameVisit(a: Visit, b: Visit): boolean {
  return (
    a.day === b.day &&
    isSameAgent(a.agent, b.agent) &&
    a.signature.status === b.signature.status &&
    a.signature.signer === b.signature.signer &&
    a.surface === b.surface &&
    a.format === b.format &&
    a.mcpClient === b.mcpClient &&
    a.mcpTool === b.mcpTool &&
    a.query === b.query &&
    a.grant === b.grant &&
    a.mcpMethods.length === b.mcpMethods.length &&
    a.mcpMethods.every((method, index) => method === b.mcpMethods[index])
  );
}

function isSameAgent(a: AgentIdentity | null, b: AgentIdentity | null): boolean {
  // The catalogue hands out one object per User-Agent it classified: the same one, as a rule.
  if (a === b) return true;
  return (
    a !== null && b !== null && a.name === b.name && a.operator === b.operator && a.kind === b.kind
  );
}

/** The counts one visit adds. */
export function listVisitCounts(visit: Visit): readonly TallyCount[] {
  if (latestVisit && isSameVisit(visit, latestVisit.visit)) return latestVisit.counts;
  const counts = buildVisitCounts(visit);
  // Its own copy of the methods: the visit's list is the request's notes, not this module's.
  latestVisit = { visit: { ...visit, mcpMethods: [...visit.mcpMethods] }, counts };
  return counts;
}

function buildVisitCounts(visit: Visit): TallyCount[] {
  const keys = readDayKeys(visit.day);
  const counts: TallyCount[] = [];
  const add = (dimension: InsightDimension, field: string) =>
    counts.push({ key: keys[dimension], field, maxFields: INSIGHT_DIMENSIONS[dimension] });
  const who = visit.agent ? 'agent' : 'person';
  add('audience', who);
  add('kinds', visit.agent?.kind ?? 'person');
  add('surfaces', readPairField(visit.surface, who));
  add('formats', readPairField(visit.format, who));
  if (visit.agent) {
    const { name, operator, kind } = visit.agent;
    add('agents', [name, operator, kind].join(FIELD_SEPARATOR));
    add('verification', visit.signature.status);
  }
  if (visit.signature.status === 'verified' && visit.signature.signer) {
    add('signers', visit.signature.signer);
  }
  for (const method of visit.mcpMethods) add('methods', method);
  if (visit.mcpClient) add('clients', visit.mcpClient);
  if (visit.mcpTool) add('tools', visit.mcpTool);
  const query = visit.query === undefined ? '' : readNormalizedQuery(visit.query);
  if (query) add('queries', query);
  if (visit.grant) add('grants', visit.grant);
  return counts;
}

/** Adds one visit to the day's tallies, in one store operation (at once in memory). */
export function tallyVisit(
  store: BoundedTally,
  visit: Visit,
): StoreAnswer<true> | Promise<StoreAnswer<true>> {
  return store.tally(listVisitCounts(visit), INSIGHT_RETENTION_DAYS * 24 * 60 * 60);
}

/** Every dimension's tally of each day, newest last. */
export interface DailyTallies {
  readonly day: string;
  readonly tallies: Readonly<Record<InsightDimension, Readonly<Record<string, number>>>>;
}

/** Reads the tallies of the last `days` UTC days up to `now`'s, one store read per day. */
export async function readDailyTallies(
  store: BoundedTally,
  now: number,
  days = INSIGHT_RETENTION_DAYS,
): Promise<StoreAnswer<DailyTallies[]>> {
  const dimensions = Object.keys(INSIGHT_DIMENSIONS) as InsightDimension[];
  const dayList = Array.from({ length: days }, (_, i) =>
    readDay(now - (days - 1 - i) * 24 * 60 * 60 * 1000),
  );
  const read = await Promise.all(
    dayList.map((day) => store.readTallies(dimensions.map((d) => readTallyKey(day, d)))),
  );
  const result: DailyTallies[] = [];
  for (const [i, answer] of read.entries()) {
    if (!Array.isArray(answer)) return answer;
    const tallies = Object.fromEntries(
      dimensions.map((dimension, j) => [dimension, answer[j] ?? {}]),
    ) as DailyTallies['tallies'];
    result.push({ day: dayList[i] as string, tallies });
  }
  return result;
}
