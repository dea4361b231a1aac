/**
 * `/insight` (HTML) and `/insight.json`: the owner's report, only for `Authorization: Bearer`
 * with `INSIGHT_TOKEN`. Unset, the report does not exist (404); any other credentials get 401.
 * Never cached, never listed (no sitemap, llms.txt or catalog names it). See docs/insight.md.
 * @see RFC 6750 §2.1 (the Authorization request header field), §3 (WWW-Authenticate)
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { byMethod } from '../http/methods.ts';
import type { PlainAnswer, PlainHandler } from '../http/plain-http.ts';
import { problemAnswer } from '../http/problem.ts';
import { findErrorKind } from '../service/error-kinds.ts';
import { isUnavailable } from '../shared-state/shared-store.ts';
import type { InsightRecorder } from './insight-recorder.ts';
import { buildInsightReport } from './insight-report.ts';
import { INSIGHT_STYLESHEET_PATH, renderInsightPage } from './insight-page.ts';
import { INSIGHT_STYLESHEET } from './insight-style.ts';
import { readDailyTallies } from './insight-tallies.ts';

/** The report's own paths. */
export const INSIGHT_PATHS = {
  page: '/insight',
  json: '/insight.json',
  stylesheet: INSIGHT_STYLESHEET_PATH,
} as const;

export interface InsightEndpointOptions {
  readonly siteUrl: string;
  readonly siteName: string;
  /** The owner's token; unset or empty, the report answers 404. */
  readonly token: string | undefined;
  readonly recorder: InsightRecorder | null;
  readonly now?: () => number;
}

/** The token of an `Authorization: Bearer` field, or undefined. @see RFC 6750 §2.1 (b64token) */
export function readBearerToken(authorization: string | undefined): string | undefined {
  return /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i.exec(authorization ?? '')?.[1];
}

/** Compares two secrets in time that does not depend on where they differ. */
function isSameSecret(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

const PRIVATE = { 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex, nofollow' };

/** The report's handler: GET and HEAD of /insight and /insight.json. */
export function createInsightHandler(options: InsightEndpointOptions): PlainHandler {
  const { siteUrl } = options;
  const now = options.now ?? Date.now;
  const token = options.token?.trim() || undefined;
  const answer = async (request: Parameters<PlainHandler>[0]): Promise<PlainAnswer> => {
    const instance = request.url.pathname;
    const known = Object.values(INSIGHT_PATHS) as string[];
    if (!token || !known.includes(instance)) {
      return problemAnswer(siteUrl, { ...findErrorKind('not_found'), instance }, PRIVATE);
    }
    // The page's stylesheet holds nothing of the report: a browser may load it without the token.
    if (instance === INSIGHT_PATHS.stylesheet) {
      return {
        status: 200,
        headers: { 'Content-Type': 'text/css; charset=utf-8', ...PRIVATE },
        body: INSIGHT_STYLESHEET,
      };
    }
    const given = readBearerToken(request.header('authorization'));
    if (!given || !isSameSecret(given, token)) {
      return problemAnswer(
        siteUrl,
        {
          ...findErrorKind('invalid_token'),
          instance,
          detail: "The report needs the site owner's token: Authorization: Bearer <INSIGHT_TOKEN>.",
        },
        { ...PRIVATE, 'WWW-Authenticate': 'Bearer realm="insight"' },
      );
    }
    const recorder = options.recorder;
    const store = recorder?.store;
    if (!recorder || !store) {
      return problemAnswer(
        siteUrl,
        { ...findErrorKind('not_found'), instance, detail: 'Counting is off (INSIGHT=off).' },
        PRIVATE,
      );
    }
    await recorder.flush();
    const days = await readDailyTallies(store, now());
    if (isUnavailable(days)) {
      return problemAnswer(
        siteUrl,
        {
          ...findErrorKind('internal_error'),
          status: 503,
          title: 'Service Unavailable',
          instance,
          detail: 'The shared store did not answer; try again shortly.',
        },
        { ...PRIVATE, 'Retry-After': '5' },
      );
    }
    const report = buildInsightReport(days, store.kind);
    if (instance === INSIGHT_PATHS.json) {
      return {
        status: 200,
        headers: { 'Content-Type': 'application/json', ...PRIVATE },
        body: JSON.stringify(report, null, 2),
      };
    }
    return {
      status: 200,
      headers: { 'Content-Type': 'text/html; charset=utf-8', ...PRIVATE },
      body: renderInsightPage(report, options.siteName),
    };
  };
  return byMethod(siteUrl, { GET: answer });
}
