/**
 * The path patterns of the route table: a literal path, where `*` stands for one path segment (or
 * part of one) and a trailing `/**` for the path itself and anything under it. One pattern becomes
 * one regular expression, for the local checks and for vercel.json's sources alike.
 */

/** The regular expression of a pattern, without its leading `/` and without anchors. */
export function toPatternRegex(pattern: string): string {
  if (!pattern.startsWith('/')) throw new Error(`a route pattern starts with "/": ${pattern}`);
  if (pattern === '/**') return '.*';
  const rest = pattern.endsWith('/**') ? pattern.slice(1, -'/**'.length) : pattern.slice(1);
  const body = rest
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('[^/]+');
  return pattern.endsWith('/**') ? `${body}(?:/.*)?` : body;
}

/** True when the pattern names one path only. */
export function isLiteralPattern(pattern: string): boolean {
  return !pattern.includes('*');
}

/** A matcher of whole paths for a list of patterns. */
export function compilePatterns(patterns: readonly string[]): RegExp {
  return new RegExp(`^/(?:${patterns.map(toPatternRegex).join('|')})$`);
}

/** The first of `patterns` that matches the whole path, if any (a span's `http.route`). */
export function findMatchingPattern(
  patterns: readonly string[],
  pathname: string,
): string | undefined {
  return patterns.find((pattern) => compilePatterns([pattern]).test(pathname));
}
