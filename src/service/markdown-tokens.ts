import { isLiteralPattern, toPatternRegex } from './route-patterns.ts';
import type { Surface } from './surface-definitions.ts';
import type { VercelJson } from './vercel-config.ts';

/**
 * The response header that tells an agent the size of a Markdown answer in tokens before it reads
 * the body (a HEAD request is enough), as Cloudflare's Markdown for Agents sends it. Its value is
 * the number of o200k_base tokens of the body, counted by the build (docs/agent-readiness.md).
 * @see https://developers.cloudflare.com/fundamentals/reference/markdown-for-agents/
 */
export const MARKDOWN_TOKENS_HEADER = 'x-markdown-tokens';

/**
 * The token count of each Markdown answer of a build, by the path of the file that holds it
 * (`/docs.md`, `/llms.txt`), as the header's value.
 */
export type MarkdownTokenCounts = ReadonlyMap<string, string>;

/**
 * Whether the answers of a surface carry `x-markdown-tokens`: every Markdown answer, and llms.txt
 * and llms-full.txt, which are Markdown files by llmstxt.org served as text/plain.
 */
export function carriesMarkdownTokens(surface: Surface): boolean {
  return surface.mediaType === 'markdown' || surface.markdownBody === true;
}

/** The counts of a build as the header values the servers send, from the generated record. */
export function readMarkdownTokenCounts(
  counts: Readonly<Record<string, number>>,
): MarkdownTokenCounts {
  return new Map(Object.entries(counts).map(([path, tokens]) => [path, String(tokens)]));
}

/**
 * The vercel.json header rules that give each counted file its count, one rule per file: its
 * source is the file's exact path, written as a regular-expression group so that no character of a
 * file name is read as a path-to-regexp parameter.
 * @see https://vercel.com/docs/project-configuration#headers
 */
export function buildMarkdownTokenRules(counts: MarkdownTokenCounts): VercelJson['headers'] {
  return [...counts].map(([path, tokens]) => {
    if (!isLiteralPattern(path)) throw new Error(`a counted file's path holds a *: ${path}`);
    return {
      source: `/(${toPatternRegex(path)})`,
      headers: [{ key: MARKDOWN_TOKENS_HEADER, value: tokens }],
    };
  });
}
