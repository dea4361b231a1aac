import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { searchInputSchema } from '../../src/mcp/search-input.ts';

const schema = searchInputSchema({ query: 'Words to look for', results: 'passages' });

/** The first problem's path and message, as a tool error names it. */
function readProblem(args: unknown): string | undefined {
  const parsed = schema.safeParse(args);
  if (parsed.success) return undefined;
  const [issue] = parsed.error.issues;
  return `${issue?.path.join('.')}: ${issue?.message}`;
}

describe('searchInputSchema', () => {
  it('should trim the query and default the limit to 5', () => {
    expect(schema.parse({ query: '  rate limit ' })).toEqual({ query: 'rate limit', limit: 5 });
    expect(schema.parse({ query: 'x'.repeat(200), limit: 20 }).limit).toBe(20);
  });

  it.each([
    [{ query: '   ' }, 'query: must not be empty'],
    [{ query: 'x'.repeat(201) }, 'query: must be at most 200 characters'],
    [{ query: 'token', limit: 0 }, 'limit: Too small: expected number to be >=1'],
    [{ query: 'token', limit: 21 }, 'limit: Too big: expected number to be <=20'],
    [{ query: 'token', limit: 2.5 }, 'limit: Invalid input: expected int, received number'],
  ])('should refuse %j, naming the argument', (args, problem) => {
    expect(readProblem(args)).toBe(problem);
  });

  it('should refuse an argument it does not know', () => {
    expect(schema.safeParse({ query: 'token', page: 2 }).success).toBe(false);
  });

  it("should describe both arguments in the tool's own words", () => {
    const published = z.toJSONSchema(schema) as {
      properties: Record<string, { description?: string }>;
    };
    expect(published.properties.query?.description).toBe('Words to look for');
    expect(published.properties.limit?.description).toBe(
      'How many passages to return (1-20, default 5)',
    );
  });
});
