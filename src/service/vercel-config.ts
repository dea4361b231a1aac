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

/**
 * The endings folded into the path they end: a Markdown mirror's and a page's other spellings
 * (`docs.md`, `docs/index.html`, `docs/` all fold into `docs`). The longer of two that overlap
 * first.
 */
const FOLDED_ENDINGS = ['\\.md', '/index\\.html', '/'];

/** A literal path's regular expression cut into its stem and the folded ending it has, if any. */
function splitEnding(regex: string): readonly [string, string] {
  for (const ending of FOLDED_ENDINGS) {
    if (regex.length > ending.length && regex.endsWith(ending)) {
      return [regex.slice(0, -ending.length), ending];
    }
  }
  return [regex, ''];
}

/** The endings of one group of stems, as the optional or required group that follows them. */
function writeEndings(endings: readonly string[]): string {
  const written = endings.filter((ending) => ending !== '');
  if (written.length === 0) return '';
  const group = `(?:${written.join('|')})`;
  if (endings.includes('')) return `${group}?`;
  return written.length === 1 ? (written[0] ?? '') : group;
}

/**
 * The excluded paths as one alternation, written short: literal paths grouped under their folder,
 * and the stems of a folder that have the same endings (a page, its Markdown mirror and its other
 * spellings) written once with them (`docs/api/(?:a|b)(?:\.md|/index\.html|/)?`), so the last
 * rule, which leaves out every page before it, stays under Vercel's 4,096 characters per source
 * with a page per operation, tool and schema. It matches exactly the same paths.
 */
function joinExcludedPatterns(excluded: readonly string[]): string {
  const patterns: string[] = [];
  // By folder, then by stem: the endings each stem is excluded with.
  const folders = new Map<string, Map<string, Set<string>>>();
  for (const pattern of excluded) {
    const regex = toPatternRegex(pattern);
    if (!isLiteralPattern(pattern)) {
      patterns.push(regex);
      continue;
    }
    const [stem, ending] = splitEnding(regex);
    const slash = stem.lastIndexOf('/');
    const folder = stem.slice(0, slash + 1);
    const stems = folders.get(folder) ?? new Map<string, Set<string>>();
    const endings = stems.get(stem.slice(slash + 1)) ?? new Set<string>();
    endings.add(ending);
    stems.set(stem.slice(slash + 1), endings);
    folders.set(folder, stems);
  }
  for (const [folder, stems] of folders) {
    // Stems with the same endings share one group of them: the paths are exactly their product.
    const byEndings = new Map<string, { endings: string[]; names: string[] }>();
    for (const [name, endings] of stems) {
      const sorted = FOLDED_ENDINGS.filter((ending) => endings.has(ending));
      const all = endings.has('') ? ['', ...sorted] : sorted;
      const key = all.join(' ');
      const group = byEndings.get(key) ?? { endings: all, names: [] };
      group.names.push(name);
      byEndings.set(key, group);
    }
    const written = [...byEndings.values()].map(({ endings, names }) => {
      const stemsPart = names.length === 1 ? (names[0] ?? '') : `(?:${names.join('|')})`;
      return `${stemsPart}${writeEndings(endings)}`;
    });
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
