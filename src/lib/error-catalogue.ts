import { OAUTH_ERRORS } from '../oauth/errors.ts';
import { ENDPOINT_ERRORS, STANDARD_ERRORS } from './problem.ts';

/** One error a client can receive, as its explanation page at /errors/<code> describes it. */
export interface CatalogueEntry {
  readonly code: string;
  readonly status: number;
  readonly title: string;
  readonly detail: string;
  readonly hint?: string;
  readonly resolution?: string;
  /** The body it comes in: an RFC 9457 problem, or an OAuth error body with problem members. */
  readonly body: 'problem' | 'oauth';
}

/**
 * Every error code the service answers with; each problem `type` and OAuth `error_uri` is
 * {origin}/errors/<code>, and each has a page.
 */
export function listErrorCatalogue(): CatalogueEntry[] {
  return [
    ...[...STANDARD_ERRORS, ...ENDPOINT_ERRORS].map((kind) => ({
      ...kind,
      body: 'problem' as const,
    })),
    ...Object.entries(OAUTH_ERRORS).map(([code, kind]) => ({
      code,
      ...kind,
      body: 'oauth' as const,
    })),
  ];
}
