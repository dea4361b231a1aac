import { MEDIA_TYPES } from './media-types.ts';
import { compilePatterns, isLiteralPattern, toPatternRegex } from './route-patterns.ts';
import { CACHE_POLICIES, CORS_POLICIES, SECURITY_HEADERS } from './route-policies.ts';
import { listRulePaths, type Surface } from './routes.ts';

/** One header of a vercel.json rule. */
export interface VercelHeader {
  readonly key: string;
  readonly value: string;
}

/** vercel.json as this project writes it. @see https://vercel.com/docs/project-configuration */
export interface VercelJson {
  readonly $schema: string;
  readonly framework: 'astro';
  readonly buildCommand: string;
  readonly rewrites: ReadonlyArray<{ readonly source: string; readonly destination: string }>;
  readonly headers: ReadonlyArray<{ readonly source: string; readonly headers: VercelHeader[] }>;
}

/** The source of the rule every answer carries the security headers from. */
export const GLOBAL_HEADER_SOURCE = '/(.*)';

/** The literal paths and the sample that stand for a surface when rules are checked for overlap. */
function listExamplePaths(surface: Surface): string[] {
  return [...listRulePaths(surface).filter(isLiteralPattern), surface.sample.path];
}

const MARKDOWN_SUFFIX = '\\.md';

/**
 * The excluded paths as one alternation, written short: literal paths grouped under their folder
 * and a page's Markdown mirror folded into its page (`docs/api/(?:a(?:\.md)?|b(?:\.md)?)`), so
 * the last rule, which leaves out every page before it, stays under Vercel's 4,096 characters
 * per source with a page per operation, tool and schema. It matches exactly the same paths.
 */
function joinExcludedPatterns(excluded: readonly string[]): string {
  const patterns: string[] = [];
  const folders = new Map<string, Map<string, { plain: boolean; markdown: boolean }>>();
  for (const pattern of excluded) {
    const regex = toPatternRegex(pattern);
    const slash = regex.lastIndexOf('/');
    if (!isLiteralPattern(pattern)) {
      patterns.push(regex);
      continue;
    }
    const folder = regex.slice(0, slash + 1);
    const name = regex.slice(slash + 1);
    const markdown = name.endsWith(MARKDOWN_SUFFIX) && name.length > MARKDOWN_SUFFIX.length;
    const stem = markdown ? name.slice(0, -MARKDOWN_SUFFIX.length) : name;
    const names = folders.get(folder) ?? new Map<string, { plain: boolean; markdown: boolean }>();
    const seen = names.get(stem) ?? { plain: false, markdown: false };
    names.set(stem, markdown ? { ...seen, markdown: true } : { ...seen, plain: true });
    folders.set(folder, names);
  }
  for (const [folder, names] of folders) {
    const written = [...names].map(([stem, { plain, markdown }]) =>
      plain && markdown
        ? `${stem}(?:${MARKDOWN_SUFFIX})?`
        : markdown
          ? `${stem}${MARKDOWN_SUFFIX}`
          : stem,
    );
    patterns.push(
      written.length === 1 ? `${folder}${written[0] ?? ''}` : `${folder}(?:${written.join('|')})`,
    );
  }
  return patterns.join('|');
}

/**
 * A vercel.json source (path-to-regexp) for paths, without the paths of `excluded`: one literal
 * path as it is, else one regular-expression group; dots are escaped everywhere.
 */
function buildSource(paths: readonly string[], excluded: readonly string[] = []): string {
  const [only] = paths;
  if (paths.length === 1 && only && isLiteralPattern(only) && excluded.length === 0) {
    return `/${toPatternRegex(only)}`;
  }
  const alternatives = paths.map(toPatternRegex).join('|');
  if (excluded.length === 0) return `/(${alternatives})`;
  const lookahead = `(?!(?:${joinExcludedPatterns(excluded)})$)`;
  return `/(${lookahead}${paths.length === 1 ? alternatives : `(?:${alternatives})`})`;
}

/** What vercel.json states beyond the route table: values that come from `content/`. */
export interface VercelConfigOptions {
  /**
   * The AIPREF usage preferences (`content/agents.yaml`), sent as `Content-Usage` with every
   * prerendered page and document. @see draft-ietf-aipref-attach §2 (HTTP Content-Usage field)
   */
  readonly contentUsage?: string;
}

/** Whether a surface carries the content's usage preferences: every public prerendered document. */
function carriesContentUsage(surface: Surface): boolean {
  return surface.answer.kind === 'file' && surface.listed;
}

/** The headers a surface's own rule sets (the security headers come from the global rule). */
export function listSurfaceHeaders(
  surface: Surface,
  options: VercelConfigOptions = {},
): Record<string, string> {
  const headers: Record<string, string> = {};
  if (surface.mediaTypeSource === 'route' && surface.mediaType) {
    headers['Content-Type'] = MEDIA_TYPES[surface.mediaType];
  }
  const cache = CACHE_POLICIES[surface.cache];
  if (cache) headers['Cache-Control'] = cache;
  Object.assign(headers, CORS_POLICIES[surface.cors]);
  if (surface.markdownMirror) headers.Vary = 'Accept';
  if (surface.link) headers.Link = surface.link;
  if (options.contentUsage && carriesContentUsage(surface)) {
    headers['Content-Usage'] = options.contentUsage;
  }
  return headers;
}

/**
 * Headers of a negotiated page that its answer gets from the negotiation (middleware.js on Vercel,
 * the local server), not from its vercel.json rule: Vercel matches header rules against the
 * requested path, so a page's `Link` rule would also reach the Markdown mirror answered there.
 */
export const NEGOTIATED_HEADER_NAMES: readonly string[] = ['Link'];

/** The headers a surface's vercel.json rule sets: its own, less those a page's negotiation sets. */
export function listRuleHeaders(
  surface: Surface,
  options: VercelConfigOptions = {},
): Record<string, string> {
  const headers = listSurfaceHeaders(surface, options);
  if (!surface.markdownMirror) return headers;
  return Object.fromEntries(
    Object.entries(headers).filter(([name]) => !NEGOTIATED_HEADER_NAMES.includes(name)),
  );
}

/**
 * The surfaces declared before this one whose paths its patterns also match: its rule leaves them
 * out, so that no path collects the headers of two surfaces.
 */
function listEarlierOverlaps(surfaces: readonly Surface[], index: number): string[] {
  const surface = surfaces[index];
  if (!surface) return [];
  const matcher = compilePatterns(listRulePaths(surface));
  return surfaces
    .slice(0, index)
    .filter((earlier) => listExamplePaths(earlier).some((path) => matcher.test(path)))
    .flatMap(listRulePaths);
}

/** The rewrites: public paths to the functions that answer them and to renamed files. */
function buildRewrites(surfaces: readonly Surface[]): VercelJson['rewrites'] {
  return surfaces.flatMap((surface) => {
    const { answer } = surface;
    if (answer.kind === 'file') {
      const { file } = answer;
      return file
        ? surface.paths.map((path) => ({ source: buildSource([path]), destination: file }))
        : [];
    }
    const destination = `/api/${answer.name}`;
    const paths = surface.paths.filter((path) => path !== destination);
    return paths.length > 0 ? [{ source: buildSource(paths), destination }] : [];
  });
}

/**
 * vercel.json from the route table: rewrites, then one global rule for the security headers and
 * at most one rule per surface, no two of which match the same path.
 */
export function buildVercelConfig(
  surfaces: readonly Surface[],
  options: VercelConfigOptions = {},
): VercelJson {
  const toList = (headers: Readonly<Record<string, string>>) =>
    Object.entries(headers).map(([key, value]) => ({ key, value }));
  const rules = surfaces.flatMap((surface, index) => {
    const headers = listRuleHeaders(surface, options);
    if (Object.keys(headers).length === 0) return [];
    const source = buildSource(listRulePaths(surface), listEarlierOverlaps(surfaces, index));
    return [{ source, headers: toList(headers) }];
  });
  return {
    $schema: 'https://openapi.vercel.sh/vercel.json',
    framework: 'astro',
    buildCommand: 'npm run build',
    rewrites: buildRewrites(surfaces),
    headers: [{ source: GLOBAL_HEADER_SOURCE, headers: toList(SECURITY_HEADERS) }, ...rules],
  };
}
