import { runChecks, type CheckResult } from 'afdocs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

const baseUrl = inject('baseUrl');

/**
 * Warnings that depend on the owner's text: a page over afdocs' 50,000-character line. The
 * project's own pages are under it (with the sample content, 2026-11-29: 78 Markdown pages of at
 * most 25K characters, 80 HTML pages all under the line, neither check warned), but a valid
 * content/ may hold a longer page, and this test runs on whatever content/ holds.
 */
const KNOWN_WARNINGS = new Set(['page-size-markdown', 'page-size-html']);

/** The checks issue 28 names as failing before, each of which must now pass. */
const MUST_PASS = [
  'llms-txt-links-markdown',
  'markdown-content-parity',
  'content-start-position',
  'llms-txt-directive-html',
];

/** A page afdocs' markdown-content-parity found lines of its HTML missing from. */
interface ParityPage {
  url: string;
  status: string;
  missingSegments: number;
  sampleDiffs: string[];
}

/** A line as text, without the Markdown syntax of emphasis, code and links, for comparison. */
const plainLine = (line: string) =>
  line
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();

/** A footnote reference in Markdown (`[^label]`), once and everywhere in a line. */
const FOOTNOTE_REFERENCE = /\[\^[^\]\s]+\]/;
const FOOTNOTE_REFERENCES = new RegExp(FOOTNOTE_REFERENCE.source, 'g');

/**
 * Whether every line markdown-content-parity missed is a paragraph that cites a footnote. afdocs
 * reads Markdown without GFM's footnotes, so the Markdown's `toit[^about-1].` stays text while
 * the page's reference number is left out of the comparison (data-markdown-ignore): such a line
 * cannot match however the two agree. Owners may write footnotes (docs/owners.md), so a page
 * with many is a warning this test accepts, and only when each missed line is one of them.
 */
async function missesOnlyFootnoteCitations(result: CheckResult): Promise<boolean> {
  const pages = ((result.details?.pageResults ?? []) as ParityPage[]).filter(
    (page) => page.status !== 'pass',
  );
  for (const page of pages) {
    if (page.sampleDiffs.length < page.missingSegments) return false;
    const answer = await fetch(page.url, { headers: { accept: 'text/markdown' } });
    const citing = (await answer.text())
      .split('\n')
      .filter((line) => FOOTNOTE_REFERENCE.test(line))
      .map((line) => plainLine(line.replaceAll(FOOTNOTE_REFERENCES, '')));
    const missed = page.sampleDiffs.map((diff) => plainLine(diff.replace(/^- /, '')));
    if (!missed.every((line) => citing.some((citation) => citation.includes(line)))) return false;
  }
  return pages.length > 0;
}

const summarize = (results: readonly CheckResult[]) =>
  results.map((result) => `${result.status} ${result.id}: ${result.message}`).join('\n');

/** How often a refused request is tried again, and the longest wait honoured. */
const RETRIES = 5;
const LONGEST_WAIT_MS = 5_000;
/** Requests afdocs may have open at once (the server accepts 64 connections per client). */
const MAX_IN_FLIGHT = 8;

/**
 * The global fetch, as a polite client: it retries once a request whose reused keep-alive
 * connection the server had just closed (afdocs converts 200 KB pages on the same thread, and on a
 * loaded machine its idle connections outlive the server's 5 s keep-alive before its own timer
 * runs; RFC 9110 §9.2.2 lets a client retry an idempotent request then), and waits out a 503 or
 * 429 that names a Retry-After (other test files of the run share the server's per-client
 * connection cap; RFC 9110 §10.2.3).
 */
function retryRefusals(original: typeof fetch): typeof fetch {
  // afdocs starts some checks' requests all at once, whatever its maxConcurrency: without a bound
  // it held more than the server's 64 connections per client, and the other test files sharing
  // the server (all from 127.0.0.1) got 503 too_many_connections.
  let inFlight = 0;
  const waiting: (() => void)[] = [];
  const acquire = async () => {
    while (inFlight >= MAX_IN_FLIGHT) await new Promise<void>((resolve) => waiting.push(resolve));
    inFlight += 1;
  };
  const release = () => {
    inFlight -= 1;
    waiting.shift()?.();
  };
  const send: typeof fetch = async (input, init) => {
    await acquire();
    try {
      const response = await original(input, init);
      // Read a copy here, so the connection is free again when the slot is (the answer keeps its
      // URL and headers, which afdocs reads).
      await response.clone().arrayBuffer();
      return response;
    } finally {
      release();
    }
  };
  return async (input, init) => {
    for (let attempt = 0; ; attempt++) {
      let response: Response;
      try {
        response = await send(input, init);
      } catch (error) {
        const cause = error instanceof Error ? (error.cause as { code?: string } | undefined) : {};
        if (cause?.code !== 'UND_ERR_SOCKET' || attempt >= 1) throw error;
        continue;
      }
      const header = response.headers.get('retry-after');
      const retryAfter = header === null ? Number.NaN : Number(header);
      const refused = response.status === 503 || response.status === 429;
      if (!refused || !Number.isFinite(retryAfter) || attempt >= RETRIES) return response;
      await response.arrayBuffer();
      await new Promise((resolve) =>
        setTimeout(resolve, Math.min(retryAfter * 1000, LONGEST_WAIT_MS)),
      );
    }
  };
}

describe('afdocs (the Agent-Friendly Docs scanner, 0.22) on the local server', () => {
  const original = globalThis.fetch;
  beforeAll(() => {
    globalThis.fetch = retryRefusals(original);
  });
  afterAll(() => {
    globalThis.fetch = original;
  });

  it('should find no failing check, pass the checks issue 28 names and warn only on known ones', async () => {
    const report = await runChecks(baseUrl, {
      // Every page llms.txt and the sitemap name, in a fixed order, so a run is repeatable.
      samplingStrategy: 'deterministic',
      maxLinksToTest: 100,
      // Two cores shared by a whole test run: allow a slow answer rather than record an error.
      requestTimeout: 60_000,
      maxConcurrency: MAX_IN_FLIGHT,
      // afdocs waits 200 ms between requests by default, a courtesy to a public site: for the
      // 400-odd requests of this run, 80 s of a test run spent idle against our own server.
      requestDelay: 0,
      // It would also fetch the company's own website and calls to action, off this machine.
      skipCheckIds: ['llms-txt-links-resolve'],
    });
    const byId = new Map(report.results.map((result) => [result.id, result]));
    const failed = report.results.filter((result) => result.status === 'fail');
    expect(failed, summarize(failed)).toEqual([]);
    const parity = byId.get('markdown-content-parity');
    const footnotesOnly = parity?.status === 'warn' && (await missesOnlyFootnoteCitations(parity));
    for (const id of MUST_PASS) {
      if (id === parity?.id && footnotesOnly) continue;
      expect(byId.get(id)?.status, summarize(report.results)).toBe('pass');
    }
    const warned = report.results.filter(
      (result) =>
        result.status === 'warn' &&
        !KNOWN_WARNINGS.has(result.id) &&
        !(result === parity && footnotesOnly),
    );
    expect(warned, summarize(warned)).toEqual([]);
    // Each JSON document is reached through its Markdown page, so every same-origin link is Markdown.
    expect(byId.get('llms-txt-links-markdown')?.details?.markdownRate).toBe(100);
  }, 600_000);
});
