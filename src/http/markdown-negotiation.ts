import type { RouteTable } from '../service/routes.ts';
import type { SitePage } from '../service/site-pages.ts';
import { listSurfaceHeaders, NEGOTIATED_HEADER_NAMES } from '../service/vercel-config.ts';

/** How a page request is answered: always `Vary: Accept`; the Markdown mirror when preferred. */
export interface PageNegotiation {
  /** The path to serve instead of the page, when the client prefers Markdown. */
  readonly markdownPath?: string;
  /**
   * Headers the answer carries beyond the requested path's vercel.json rule: `Vary: Accept` and
   * the page's `Link`, or every header of the Markdown mirror's surface when it answers.
   */
  readonly headers: Readonly<Record<string, string>>;
}

interface MediaRange {
  readonly type: string;
  readonly subtype: string;
  readonly q: number;
}

function parseAccept(accept: string): MediaRange[] {
  return accept.split(',').flatMap((part) => {
    const [range = '', ...params] = part.split(';').map((piece) => piece.trim());
    const [type, subtype] = range.toLowerCase().split('/');
    if (!type || !subtype) return [];
    let q = 1;
    for (const param of params) {
      const [name, value] = param.split('=').map((piece) => piece.trim());
      if (name?.toLowerCase() === 'q' && value !== undefined) {
        const parsed = Number(value);
        q = Number.isFinite(parsed) ? Math.min(1, Math.max(0, parsed)) : 0;
      }
    }
    return [{ type, subtype, q }];
  });
}

/** The q-value the Accept header gives a media type, by its most specific matching range. */
function qualityOf(ranges: readonly MediaRange[], type: string, subtype: string): number {
  let best: { specificity: number; q: number } = { specificity: -1, q: 0 };
  for (const range of ranges) {
    const specificity =
      range.type === type && range.subtype === subtype
        ? 2
        : range.type === type && range.subtype === '*'
          ? 1
          : range.type === '*' && range.subtype === '*'
            ? 0
            : -1;
    if (specificity > best.specificity) best = { specificity, q: range.q };
  }
  return best.q;
}

/**
 * True when the client asks for text/markdown by name and ranks it at least as high as text/html,
 * so that `*\/*` or `text/*` alone keep HTML the default. A tie goes to Markdown: browsers never
 * name text/markdown, and an agent that names it (`text/markdown, text/html, *\/*`) wants it.
 * @see RFC 9110 §12.5.1 (Accept, q-values, most specific range wins)
 */
export function prefersMarkdown(accept: string | undefined): boolean {
  if (!accept) return false;
  const ranges = parseAccept(accept);
  const named = ranges.some(
    (range) => range.type === 'text' && range.subtype === 'markdown' && range.q > 0,
  );
  if (!named) return false;
  return qualityOf(ranges, 'text', 'markdown') >= qualityOf(ranges, 'text', 'html');
}

/**
 * Decides the representation of a GET or HEAD on a page: undefined for paths that are not pages
 * (they are not negotiated); else Markdown when the client prefers it. One decision for the local
 * server and the Vercel Routing Middleware (middleware.js).
 */
export function negotiatePage(
  routes: RouteTable,
  pathname: string,
  accept: string | undefined,
): PageNegotiation | undefined {
  const page = routes.findPage(pathname);
  if (!page) return undefined;
  const answers = readPageAnswers(routes, page);
  return prefersMarkdown(accept) ? answers.markdown : answers.html;
}

const PAGE_ANSWERS = new WeakMap<SitePage, { html: PageNegotiation; markdown: PageNegotiation }>();

/** A page's two negotiated answers, from the route table (computed once per page). */
function readPageAnswers(
  routes: RouteTable,
  page: SitePage,
): { html: PageNegotiation; markdown: PageNegotiation } {
  const known = PAGE_ANSWERS.get(page);
  if (known) return known;
  const pageHeaders = listSurfaceHeaders(routes.findSurface(page.path));
  const negotiated = Object.entries(pageHeaders).filter(([name]) =>
    NEGOTIATED_HEADER_NAMES.includes(name),
  );
  const answers = {
    html: { headers: { Vary: 'Accept', ...Object.fromEntries(negotiated) } },
    markdown: {
      markdownPath: page.markdownPath,
      headers: { ...listSurfaceHeaders(routes.findSurface(page.markdownPath)), Vary: 'Accept' },
    },
  };
  PAGE_ANSWERS.set(page, answers);
  return answers;
}
