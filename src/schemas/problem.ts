import * as z from 'zod';

/** An RFC 9457 problem details object with this service's extension members (docs/spec.md §2). */
export const ProblemSchema = z
  .strictObject({
    type: z.url().describe('{base_url}/errors/<error_slug>; resolves to a page that explains it'),
    title: z.string().describe('HTTP reason phrase, e.g. "Not Found"'),
    status: z.int().min(400).max(599).describe('HTTP status code'),
    detail: z.string().describe('What went wrong with this request'),
    code: z
      .string()
      .regex(/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/)
      .describe('Machine-readable snake_case code, e.g. not_found'),
    instance: z.string().describe('The request path that failed'),
    hint: z.string().optional().describe('What probably caused it'),
    resolution: z.string().optional().describe('What to do next'),
  })
  .meta({
    id: 'Problem',
    title: 'Problem',
    description: 'RFC 9457 problem details (media type application/problem+json).',
  });
export type Problem = z.infer<typeof ProblemSchema>;
