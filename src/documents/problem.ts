import type { Problem } from '../schemas/problem.ts';
import type { ErrorKind } from '../service/error-kinds.ts';
import { buildErrorTypeUrl } from '../service/urls.ts';

/** The details of one problem occurrence: its kind plus what is specific to this request. */
export interface ProblemInput extends Partial<ErrorKind> {
  readonly status: number;
  readonly title: string;
  readonly code: string;
  readonly detail: string;
  readonly instance: string;
}

/**
 * Builds an RFC 9457 problem details object; `type` is {origin}/errors/<code>.
 * @see RFC 9457 §3.1
 */
export function buildProblem(origin: string, input: ProblemInput): Problem {
  return {
    type: buildErrorTypeUrl(origin, input.code),
    title: input.title,
    status: input.status,
    detail: input.detail,
    code: input.code,
    instance: input.instance,
    ...(input.hint ? { hint: input.hint } : {}),
    ...(input.resolution ? { resolution: input.resolution } : {}),
  };
}
