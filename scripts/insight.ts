/**
 * npm run insight -- <url> — prints the site's agent insight report (docs/insight.md) in the
 * terminal: GETs `<url>/insight.json` with `Authorization: Bearer $INSIGHT_TOKEN` and prints the
 * same figures as `/insight`. Exits 1 with the reason when the report cannot be read.
 */
import { formatInsightReport } from '../src/insight/insight-text.ts';
import type { InsightReport } from '../src/insight/insight-report.ts';

const REASONS: Record<number, string> = {
  401: 'the token was refused: set INSIGHT_TOKEN to the value the site runs with',
  404: 'the site has no report: it runs without INSIGHT_TOKEN (or with INSIGHT=off)',
};

async function main(): Promise<number> {
  const given = process.argv[2];
  const token = process.env.INSIGHT_TOKEN?.trim();
  if (!given || !token) {
    console.error('Usage: INSIGHT_TOKEN=<token> npm run insight -- <site URL>');
    return 1;
  }
  let url: URL;
  try {
    url = new URL('/insight.json', given);
  } catch {
    console.error(`Not a URL: ${given}`);
    return 1;
  }
  let answer: Response;
  try {
    answer = await fetch(url, {
      headers: { Authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(30_000),
    });
  } catch (error) {
    console.error(`Could not reach ${url.origin}: ${(error as Error).message}`);
    return 1;
  }
  if (!answer.ok) {
    console.error(
      `${url.href} answered ${answer.status}: ${REASONS[answer.status] ?? 'see the site log'}`,
    );
    return 1;
  }
  console.log(formatInsightReport((await answer.json()) as InsightReport));
  return 0;
}

process.exitCode = await main();
