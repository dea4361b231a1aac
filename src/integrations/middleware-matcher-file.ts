import { readFileSync, writeFileSync } from 'node:fs';

/**
 * Writes the middleware's matcher into middleware.js's `config`, where Vercel reads it: statically
 * (@vercel/static-config accepts literals only), and only there, since Vercel refuses vercel.ts's
 * `proxy.matcher` for an Astro project ("the framework builds its own routing middleware").
 * vercel.ts computes the matcher from the route table (src/service/middleware-matcher.ts) and calls
 * this before the builders read the file; the committed file holds the default, so a build with
 * the default writes nothing, and one with INSIGHT_COUNT_DOCUMENTS=on rewrites the one line in the
 * deployment's checkout.
 * @see https://vercel.com/docs/routing-middleware/api#config-object
 */

/** The `matcher` line of middleware.js's config: one line, each matcher single-quoted. */
const MATCHER_LINE = /^(\s*)matcher: \[.*\],$/m;

/** A matcher list as prettier writes it on one line: `['/a', '/b\\.md']`. */
export function formatMatcherLiteral(matcher: readonly string[]): string {
  const quoted = matcher.map((source) => `'${source.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`);
  return `[${quoted.join(', ')}]`;
}

/**
 * Sets the matcher of the middleware file at `file`; true when the file changed. Throws when the
 * file has no one-line `matcher: [...]` to replace (a test holds middleware.js to that shape).
 */
export function writeMiddlewareMatcher(file: string, matcher: readonly string[]): boolean {
  const text = readFileSync(file, 'utf8');
  const found = MATCHER_LINE.exec(text);
  if (!found) throw new Error(`${file}: no one-line "matcher: [...]," in its config to set`);
  const line = `${found[1] ?? ''}matcher: ${formatMatcherLiteral(matcher)},`;
  if (found[0] === line) return false;
  writeFileSync(
    file,
    text.replace(MATCHER_LINE, () => line),
  );
  return true;
}
