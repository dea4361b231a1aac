import * as z from 'zod/mini';

/** What the search tools' callers say in their own words: what a query is, what a result is. */
export interface SearchInputWords {
  /** The query's description, such as "Words to look for in the site copy". */
  readonly query: string;
  /** What one result is, in the plural ("passages", "sections"). */
  readonly results: string;
}

/**
 * The arguments of a search tool: a query of 1 to 200 characters (trimmed) and how many results
 * to return (1 to 20, 5 when left out). Each search tool describes them in its own words.
 */
export function searchInputSchema(words: SearchInputWords) {
  return z.strictObject({
    query: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, 'must not be empty'),
        z.maxLength(200, 'must be at most 200 characters'),
        z.describe(words.query),
      ),
    limit: z
      ._default(z.int().check(z.minimum(1), z.maximum(20)), 5)
      .check(z.describe(`How many ${words.results} to return (1-20, default 5)`)),
  });
}
