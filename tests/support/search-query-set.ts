import { readFile } from 'node:fs/promises';
import { parse } from 'yaml';
import { ROOT } from './processes.ts';

/** One question of tests/fixtures/search-queries.yaml and the headings that answer it. */
export interface SearchQueryCase {
  readonly query: string;
  readonly kind: 'synonym' | 'typo' | 'question' | 'name';
  readonly expect: readonly string[];
}

/** A result as the set is scored against it: the section's heading and its page's title. */
export interface RankedSection {
  readonly heading: string;
  readonly page: string;
}

/** Reads the query set, refusing a case without a query, a kind or an expectation. */
export async function loadSearchQuerySet(): Promise<SearchQueryCase[]> {
  const parsed: unknown = parse(
    await readFile(`${ROOT}tests/fixtures/search-queries.yaml`, 'utf8'),
  );
  if (!Array.isArray(parsed)) throw new Error('search-queries.yaml is not a list');
  return parsed.map((entry: unknown, index) => {
    const item = entry as Partial<Record<keyof SearchQueryCase, unknown>>;
    const valid =
      typeof item.query === 'string' &&
      ['synonym', 'typo', 'question', 'name'].includes(String(item.kind)) &&
      Array.isArray(item.expect) &&
      item.expect.length > 0 &&
      item.expect.every((pattern) => typeof pattern === 'string');
    if (!valid) throw new Error(`search-queries.yaml entry ${index + 1} is malformed`);
    return item as SearchQueryCase;
  });
}

/** A heading pattern as a regular expression: `*` for any text, case ignored, whole text. */
function compilePattern(pattern: string): RegExp {
  const escaped = pattern
    .split('*')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${escaped}$`, 'iu');
}

/** The 1-based rank of the first result whose heading or page title matches, or undefined. */
export function findAnswerRank(
  results: readonly RankedSection[],
  patterns: readonly string[],
): number | undefined {
  const compiled = patterns.map(compilePattern);
  const index = results.findIndex((result) =>
    compiled.some(
      (pattern) => pattern.test(result.heading.trim()) || pattern.test(result.page.trim()),
    ),
  );
  return index === -1 ? undefined : index + 1;
}

/** Success in the first three and mean reciprocal rank over the set, and the cases missed. */
export interface QuerySetScore {
  readonly topThree: number;
  readonly meanReciprocalRank: number;
  readonly missed: readonly { readonly query: string; readonly rank: number | undefined }[];
}

/** Scores the ranks found for each case of the set. */
export function scoreQuerySet(
  cases: readonly SearchQueryCase[],
  rankOf: (entry: SearchQueryCase) => number | undefined,
): QuerySetScore {
  const ranks = cases.map((entry) => ({ query: entry.query, rank: rankOf(entry) }));
  const inTopThree = ranks.filter(({ rank }) => rank !== undefined && rank <= 3).length;
  const reciprocal = ranks.reduce((sum, { rank }) => sum + (rank === undefined ? 0 : 1 / rank), 0);
  return {
    topThree: inTopThree / cases.length,
    meanReciprocalRank: reciprocal / cases.length,
    missed: ranks.filter(({ rank }) => rank === undefined || rank > 3),
  };
}
