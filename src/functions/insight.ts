import { siteUrl } from '../generated/site-origin.ts';
import { toWebExports } from '../http/plain-http.ts';
import { logToStderr } from '../http/problem.ts';
import { serveFunction } from '../http/serve-function.ts';
import { createInsightHandler } from '../insight/insight-endpoint.ts';
import { readProcessInsight } from '../insight/insight-recorder.ts';

/**
 * GET /insight and /insight.json (vercel.json rewrites them here): the owner's agent insight
 * report, only with `Authorization: Bearer <INSIGHT_TOKEN>` (docs/insight.md).
 */
export const plain = serveFunction(
  createInsightHandler({
    siteUrl,
    siteName: new URL(siteUrl).host,
    token: process.env.INSIGHT_TOKEN,
    recorder: readProcessInsight(logToStderr),
  }),
  { siteUrl },
);

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = toWebExports(plain);
