/**
 * What `npm run smoke` asks a freshly started local server: the sample URL of every listed
 * surface of the route table, answered with its status and media type, and one page asked for
 * as Markdown. Pure, so its rules are unit-tested; `scripts/smoke.ts` runs them.
 */
import { MEDIA_TYPES } from '../src/service/media-types.ts';
import type { Surface } from '../src/service/routes.ts';
import {
  DEFAULT_LOCAL_HOST,
  DEFAULT_LOCAL_PORT,
  formatHostForUrl,
} from '../src/service/site-url.ts';

/** One request and what its answer must be. */
export interface SmokeCheck {
  readonly path: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly status: number;
  /** The media type the answer must carry (parameters compared without spaces), if any. */
  readonly mediaType?: string;
}

/** What came back. */
export interface SmokeAnswer {
  readonly status: number;
  readonly contentType: string | null;
}

/**
 * The checks: each listed surface's sample (its media type where the surface names one and the
 * answer is a success or a 404 problem), then `/` with `Accept: text/markdown`, which must answer
 * the Markdown version as Vercel's middleware does.
 */
export function listSmokeChecks(surfaces: readonly Surface[]): SmokeCheck[] {
  const checks: SmokeCheck[] = surfaces
    .filter((surface) => surface.listed)
    .map((surface) => {
      const typed =
        surface.mediaType &&
        (surface.sample.status < 300 || surface.sample.status === 404) &&
        surface.mediaTypeSource !== 'function';
      return {
        path: surface.sample.path,
        status: surface.sample.status,
        ...(typed && surface.mediaType ? { mediaType: MEDIA_TYPES[surface.mediaType] } : {}),
      };
    });
  checks.push({
    path: '/',
    headers: { Accept: 'text/markdown' },
    status: 200,
    mediaType: MEDIA_TYPES.markdown,
  });
  return checks;
}

/** A media type without spaces after its semicolons (`text/html;charset=utf-8`). */
function normalizeMediaType(value: string): string {
  return value.replace(/;\s*/g, ';').toLowerCase();
}

/** Why an answer fails its check, or undefined when it passes. */
export function findSmokeFailure(check: SmokeCheck, answer: SmokeAnswer): string | undefined {
  if (answer.status !== check.status)
    return `${check.path}: status ${answer.status}, expected ${check.status}`;
  if (
    check.mediaType &&
    normalizeMediaType(answer.contentType ?? '') !== normalizeMediaType(check.mediaType)
  )
    return `${check.path}: Content-Type ${answer.contentType ?? '(none)'}, expected ${check.mediaType}`;
  return undefined;
}

/** The address a local server started with this environment listens on (HOST and PORT). */
export function readListenUrl(env: Readonly<Record<string, string | undefined>>): string {
  const host = env.HOST || DEFAULT_LOCAL_HOST;
  const reachable = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host;
  const port = env.PORT || String(DEFAULT_LOCAL_PORT);
  return `http://${formatHostForUrl(reachable)}:${port}`;
}
