import { next, rewrite } from '@vercel/functions/middleware';
import { MARKDOWN_TOKENS_HEADER, type MarkdownTokenCounts } from '../service/markdown-tokens.ts';
import type { RouteTable } from '../service/routes.ts';
import { negotiatePage } from './markdown-negotiation.ts';

/**
 * Makes the Vercel Routing Middleware for the pages of a route table (src/site/page-middleware.ts makes the site's; middleware.js re-exports the build's bundle of it):
 * Markdown for agents on a page's own URL, decided as the local server decides it, with the
 * headers each answer carries, since Vercel matches vercel.json header rules against the
 * requested path and the Markdown answered at `/` must not get `/`'s: its `x-markdown-tokens`
 * too, from the build's counts, since the header route of `/index.md` does not match `/`.
 * @see https://vercel.com/docs/routing-middleware
 */
export function createPageMiddleware(
  routes: RouteTable,
  markdownTokens: MarkdownTokenCounts = new Map(),
): (request: Request) => Response {
  const markdownHeaders = rememberMarkdownHeaders(markdownTokens);
  return (request) => {
    const { pathname } = new URL(request.url);
    const negotiation = negotiatePage(routes, pathname, request.headers.get('accept') ?? undefined);
    if (!negotiation) return next();
    const { markdownPath, headers } = negotiation;
    if (!markdownPath) return next({ headers });
    return rewrite(new URL(markdownPath, request.url), {
      headers: markdownHeaders(markdownPath, headers),
    });
  };
}

/**
 * The headers of a page's Markdown answer with its mirror's `x-markdown-tokens`, made once per
 * mirror (a page's negotiated headers are the same on every request).
 */
function rememberMarkdownHeaders(
  markdownTokens: MarkdownTokenCounts,
): (
  markdownPath: string,
  headers: Readonly<Record<string, string>>,
) => Readonly<Record<string, string>> {
  const made = new Map<string, Readonly<Record<string, string>>>();
  return (markdownPath, headers) => {
    let answer = made.get(markdownPath);
    if (!answer) {
      const tokens = markdownTokens.get(markdownPath);
      answer = tokens === undefined ? headers : { ...headers, [MARKDOWN_TOKENS_HEADER]: tokens };
      made.set(markdownPath, answer);
    }
    return answer;
  };
}
