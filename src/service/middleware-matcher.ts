/**
 * Where Vercel runs the Routing Middleware (middleware.js): its matcher, computed from the route
 * table by vercel.ts (the `proxy` entry of the configuration) each time Vercel builds. By default
 * the pages only, for Markdown negotiation; with the insight report's document counting on
 * (`INSIGHT_COUNT_DOCUMENTS=on`, docs/insight.md), also the agent documents Vercel otherwise serves
 * from its CDN without running any of the site's code: `llms.txt`, `llms-full.txt`, every Markdown
 * document and every prerendered `/.well-known/` document.
 * @see https://vercel.com/docs/routing-middleware/api#match-paths-based-on-custom-matcher-config
 */
import { toPatternRegex } from './route-patterns.ts';
import type { Surface } from './surface-definitions.ts';
import { SERVICE_PATHS } from './urls.ts';

/**
 * The middleware's file at the project root, where Vercel looks for Routing Middleware: JavaScript,
 * as the functions in api/ are, so Vercel's Node builder compiles no TypeScript (docs/architecture.md).
 */
export const MIDDLEWARE_ENTRYPOINT = 'middleware.js';

/**
 * Every page, and its trailing-slash spelling: a path without a dot outside the functions'
 * prefixes. Files have an extension, /.well-known/ a dot, /mcp, /a2a, /api/, /oauth/ and /insight
 * belong to functions and documents. A path it lets through that is no page passes untouched
 * (negotiatePage names no page for it). tests/build/vercel-build.test.ts matches every page of
 * the site against what Vercel made of it.
 */
export const PAGE_MATCHER = '/((?!(?:api|oauth|mcp|a2a|insight)(?:/|$))[^.]*)';

/** The variable that turns counting of agent documents in the middleware on. */
export const COUNT_DOCUMENTS_VARIABLE = 'INSIGHT_COUNT_DOCUMENTS';

/** Whether the environment asks the middleware to count agent documents (and counting is on). */
export function readDocumentCounting(env: NodeJS.ProcessEnv): boolean {
  const on = (env[COUNT_DOCUMENTS_VARIABLE] ?? '').trim().toLowerCase() === 'on';
  return on && (env.INSIGHT ?? '').trim().toLowerCase() !== 'off';
}

/**
 * True for an agent document: a prerendered, listed file that is Markdown, one of the llms.txt
 * files, or under /.well-known/.
 */
export function isAgentDocument(surface: Surface): boolean {
  if (surface.answer.kind !== 'file' || !surface.listed) return false;
  return (
    surface.mediaType === 'markdown' ||
    surface.paths.some(
      (path) =>
        path.startsWith('/.well-known/') ||
        path === SERVICE_PATHS.llmsTxt ||
        path === SERVICE_PATHS.llmsFullTxt,
    )
  );
}

/**
 * One path-to-regexp source for the agent documents of the table. Markdown documents are one per
 * page, so they are matched as every `.md` path (a literal list would pass Vercel's 4,096
 * characters per route with a page per operation); the /.well-known/ documents as that folder;
 * the other documents by their own paths. The middleware counts only what the table names.
 */
export function buildAgentDocumentsMatcher(surfaces: readonly Surface[]): string {
  const documents = surfaces.filter(isAgentDocument);
  const alternatives = new Set<string>();
  for (const surface of documents) {
    for (const path of surface.paths) {
      if (path.endsWith('.md')) alternatives.add('.+\\.md');
      else if (path.startsWith('/.well-known/')) alternatives.add('\\.well-known/.+');
      else alternatives.add(toPatternRegex(path));
    }
  }
  return `/(${[...alternatives].sort().join('|')})`;
}

/** The middleware's matcher: the pages, and the agent documents when counting them is on. */
export function buildMiddlewareMatcher(
  surfaces: readonly Surface[],
  options: { readonly countAgentDocuments: boolean },
): string[] {
  return options.countAgentDocuments
    ? [PAGE_MATCHER, buildAgentDocumentsMatcher(surfaces)]
    : [PAGE_MATCHER];
}
