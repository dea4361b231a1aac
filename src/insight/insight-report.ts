/**
 * The owner's report, summed from the daily tallies: per agent and kind, per surface, per MCP
 * method and tool, the top search queries, the share of Markdown reads, verified versus claimed
 * (docs/insight.md). `/insight.json` serves it, `/insight` draws it, `npm run insight` prints it.
 */
import { TALLY_OVERFLOW_FIELD } from '../shared-state/shared-store.ts';
import type { AgentKind } from './agent-catalogue.ts';
import { FIELD_SEPARATOR, type DailyTallies, type InsightDimension } from './insight-tallies.ts';

/** A name and how many requests it counted. */
export interface NamedCount {
  readonly name: string;
  readonly requests: number;
}

/** The report as `/insight.json` serves it. */
export interface InsightReport {
  /** The first and last UTC day covered. */
  readonly from: string;
  readonly to: string;
  /** `memory` (this instance only) or `redis` (every instance). */
  readonly store: 'memory' | 'redis';
  readonly totals: { readonly requests: number; readonly agents: number; readonly people: number };
  readonly daily: readonly { day: string; agents: number; people: number }[];
  readonly agents: readonly {
    name: string;
    operator: string;
    kind: AgentKind | 'unknown';
    requests: number;
  }[];
  /** Requests by agent kind, and `person`. */
  readonly kinds: readonly NamedCount[];
  readonly surfaces: readonly { surface: string; agents: number; people: number }[];
  /** Agents' reads by format, and the share of them in Markdown (0 to 1; 0 with no reads). */
  readonly formats: readonly { format: string; agents: number; people: number }[];
  readonly markdownShareOfAgentReads: number;
  readonly mcpMethods: readonly NamedCount[];
  /**
   * Requests by the name the MCP client gave itself: its `initialize` requests before protocol
   * 2026-07-28, where only that request names the client, and every request from then on.
   */
  readonly mcpClients: readonly NamedCount[];
  readonly mcpTools: readonly NamedCount[];
  readonly searchQueries: readonly NamedCount[];
  readonly oauthGrants: readonly NamedCount[];
  /** Agents' requests by whether they proved who they are (Web Bot Auth). */
  readonly verification: {
    readonly verified: number;
    readonly claimed: number;
    readonly failed: number;
  };
  readonly verifiedSigners: readonly NamedCount[];
  /** Fields past a tally's bound are summed under this name. */
  readonly overflowName: typeof TALLY_OVERFLOW_FIELD;
}

/** Most rows of a list in the report. */
export const MAX_REPORT_ROWS = 50;

/** One dimension summed over every day, field by field. */
function sumDimension(days: readonly DailyTallies[], dimension: InsightDimension) {
  const sums = new Map<string, number>();
  for (const { tallies } of days) {
    for (const [field, count] of Object.entries(tallies[dimension])) {
      sums.set(field, (sums.get(field) ?? 0) + count);
    }
  }
  return sums;
}

/** The largest counts first (ties by name), at most MAX_REPORT_ROWS. */
function listTop(sums: ReadonlyMap<string, number>): NamedCount[] {
  return [...sums]
    .map(([name, requests]) => ({ name, requests }))
    .sort((a, b) => b.requests - a.requests || a.name.localeCompare(b.name))
    .slice(0, MAX_REPORT_ROWS);
}

/** A `<name>\x1f<agent|person>` dimension as rows with both counts. */
function splitByAudience(sums: ReadonlyMap<string, number>) {
  const rows = new Map<string, { agents: number; people: number }>();
  for (const [field, count] of sums) {
    const [name = field, who] = field.split(FIELD_SEPARATOR);
    const row = rows.get(name) ?? { agents: 0, people: 0 };
    if (who === 'person') row.people += count;
    else row.agents += count;
    rows.set(name, row);
  }
  return [...rows]
    .map(([name, counts]) => ({ name, ...counts }))
    .sort((a, b) => b.agents + b.people - (a.agents + a.people) || a.name.localeCompare(b.name))
    .slice(0, MAX_REPORT_ROWS);
}

/** Builds the report from the tallies of the days it covers (oldest first). */
export function buildInsightReport(
  days: readonly DailyTallies[],
  store: 'memory' | 'redis',
): InsightReport {
  const audience = sumDimension(days, 'audience');
  const agents = audience.get('agent') ?? 0;
  const people = audience.get('person') ?? 0;
  const formats = splitByAudience(sumDimension(days, 'formats')).map(({ name, ...counts }) => ({
    format: name,
    ...counts,
  }));
  const agentReads = formats.reduce((sum, row) => sum + row.agents, 0);
  const markdownReads = formats.find((row) => row.format === 'markdown')?.agents ?? 0;
  const verification = sumDimension(days, 'verification');
  return {
    from: days[0]?.day ?? '',
    to: days.at(-1)?.day ?? '',
    store,
    totals: { requests: agents + people, agents, people },
    daily: days.map(({ day, tallies }) => ({
      day,
      agents: tallies.audience.agent ?? 0,
      people: tallies.audience.person ?? 0,
    })),
    agents: listTop(sumDimension(days, 'agents')).map(({ name: field, requests }) => {
      const [name = field, operator = '', kind = 'unknown'] = field.split(FIELD_SEPARATOR);
      return { name, operator, kind: kind as AgentKind | 'unknown', requests };
    }),
    kinds: listTop(sumDimension(days, 'kinds')),
    surfaces: splitByAudience(sumDimension(days, 'surfaces')).map(({ name, ...counts }) => ({
      surface: name,
      ...counts,
    })),
    formats,
    markdownShareOfAgentReads: agentReads === 0 ? 0 : markdownReads / agentReads,
    mcpMethods: listTop(sumDimension(days, 'methods')),
    mcpClients: listTop(sumDimension(days, 'clients')),
    mcpTools: listTop(sumDimension(days, 'tools')),
    searchQueries: listTop(sumDimension(days, 'queries')),
    oauthGrants: listTop(sumDimension(days, 'grants')),
    verification: {
      verified: verification.get('verified') ?? 0,
      claimed: verification.get('claimed') ?? 0,
      failed: verification.get('failed') ?? 0,
    },
    verifiedSigners: listTop(sumDimension(days, 'signers')),
    overflowName: TALLY_OVERFLOW_FIELD,
  };
}
