import { describe, expect, it } from 'vitest';
import { buildProblem } from '../../src/documents/problem.ts';
import { findErrorKind, STANDARD_ERRORS } from '../../src/service/error-kinds.ts';
import { problemResponse } from '../../src/http/problem.ts';
import { ProblemSchema } from '../../src/schemas/problem.ts';

describe('problemResponse', () => {
  it('should answer RFC 9457 problem+json with every Problem field and no caching', async () => {
    const response = problemResponse(
      'https://x.example',
      { ...findErrorKind('not_found'), instance: '/api/v2' },
      { Allow: 'GET' },
    );
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('allow')).toBe('GET');
    expect(ProblemSchema.parse(await response.json())).toEqual({
      type: 'https://x.example/errors/not_found',
      title: 'Not Found',
      status: 404,
      detail: 'There is no resource at this path.',
      code: 'not_found',
      instance: '/api/v2',
      hint: expect.any(String) as string,
      resolution: expect.any(String) as string,
    });
  });
});

describe('STANDARD_ERRORS', () => {
  it('should cover the statuses docs/spec.md §7.2 declares, each with a snake_case code and a valid problem', () => {
    expect(STANDARD_ERRORS.map((error) => error.status)).toEqual([400, 401, 404, 405, 429, 500]);
    for (const error of STANDARD_ERRORS) {
      expect(
        ProblemSchema.safeParse(buildProblem('https://x.example', { ...error, instance: '/' }))
          .success,
      ).toBe(true);
    }
  });
});
