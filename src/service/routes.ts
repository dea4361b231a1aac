import { AGENT_DOCS_SURFACES } from './agent-docs-surfaces.ts';
import { MEDIA_TYPES } from './media-types.ts';
import { buildMirrorLinkHeader, buildPageLinkHeader } from './page-link-header.ts';
import { compilePatterns, isLiteralPattern } from './route-patterns.ts';
import { STATIC_FILE_METHODS, type CachePolicy, type CorsPolicy } from './route-policies.ts';
import { PAGE_SEARCH_INDEX_PATH } from './search-index-path.ts';
import { listSitePages, normalizePagePath, type SitePage } from './site-pages.ts';
import { SERVICE_PATHS } from './urls.ts';

/** What answers a surface: a prerendered file of the build, or a function in `api/`. */
export type SurfaceAnswer =
  /** `file`: the file's name when it differs from the public path (reached by a rewrite). */
  | { readonly kind: 'file'; readonly file?: string }
  /** `name`: the function `api/<name>.ts`, served by Vercel at `/api/<name>`. */
  | { readonly kind: 'function'; readonly name: string };

/** Who names the answer's media type. */
export type MediaTypeSource =
  /** A `Content-Type` header rule: prerendered files are written without a type. */
  | 'route'
  /** The static server, from the file's extension (`.html`). */
  | 'extension'
  /** The function's own answer. */
  | 'function';

/** One public surface of the site: every fact the routing of its paths depends on. */
export interface Surface {
  readonly id: string;
  /** Its public paths (patterns of `route-patterns.ts`); a URL belongs to one surface only. */
  readonly paths: readonly string[];
  /** A URL of the surface that the build answers, with the status it answers. */
  readonly sample: { readonly path: string; readonly status: number };
  readonly answer: SurfaceAnswer;
  /** The media type of its answers (undefined: whatever its files are). */
  readonly mediaType?: keyof typeof MEDIA_TYPES;
  readonly mediaTypeSource: MediaTypeSource;
  readonly cache: CachePolicy;
  readonly cors: CorsPolicy;
  /** Its `Link` header. @see RFC 8288 §3 */
  readonly link?: string;
  /** The methods it answers (every other method gets a 405 problem with this `Allow`). */
  readonly methods: readonly string[];
  /** The Markdown mirror served on this path to a client that prefers text/markdown. */
  readonly markdownMirror?: string;
  /** False for what is no public surface of its own (hashed assets, the site's other files). */
  readonly listed: boolean;
  /**
   * The document its prerendered file holds, by its name among the built site's documents
   * (`src/site/served-documents.ts`): the one generic endpoint, src/pages/[...document].ts, writes
   * it at each literal path (or at the renamed file), so such a surface needs no endpoint file.
   */
  readonly document?: string;
}

const FILE = { kind: 'file' } as const;
const ALL_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** A prerendered document at its own path, typed by a rule, for agents of any origin. */
function defineDocument(
  id: string,
  paths: readonly string[],
  options: Pick<Surface, 'mediaType' | 'cache' | 'cors'> & Partial<Surface>,
): Surface {
  const sample = paths[0] ?? '/';
  return {
    id,
    paths,
    sample: { path: sample, status: 200 },
    answer: FILE,
    mediaTypeSource: 'route',
    methods: STATIC_FILE_METHODS,
    listed: true,
    ...options,
  };
}

/** A function of `api/` at a public path (reached by a rewrite). */
function defineFunction(
  name: string,
  path: string,
  options: Pick<Surface, 'methods' | 'cors' | 'sample'> & Partial<Surface>,
): Surface {
  return {
    id: name,
    paths: [path],
    answer: { kind: 'function', name },
    mediaType: 'json',
    mediaTypeSource: 'function',
    cache: 'set-by-function',
    listed: true,
    ...options,
  };
}

/** A page's two surfaces: the HTML page (negotiating its mirror) and its Markdown mirror. */
const listPageSurfaces = (page: SitePage): Surface[] => [
  {
    id: `page-${page.name}`,
    paths: [page.path],
    sample: { path: page.path, status: 200 },
    answer: FILE,
    mediaType: 'html',
    mediaTypeSource: 'extension',
    cache: 'revalidate',
    cors: 'none',
    link: buildPageLinkHeader(page),
    methods: STATIC_FILE_METHODS,
    markdownMirror: page.markdownPath,
    listed: true,
  },
  defineDocument(`mirror-${page.name}`, [page.markdownPath], {
    mediaType: 'markdown',
    cache: 'revalidate',
    cors: 'any-origin',
    link: buildMirrorLinkHeader(page),
  }),
];

/** Every surface but the pages', in the order the pages' surfaces are followed by. */
const SERVICE_SURFACES: readonly Surface[] = [
  defineDocument('overview', [SERVICE_PATHS.overview], {
    document: 'overview',
    mediaType: 'json',
    cache: 'revalidate',
    cors: 'read-only',
  }),
  defineDocument('openapi', [SERVICE_PATHS.openapi, SERVICE_PATHS.openapiV1], {
    document: 'openapi',
    mediaType: 'json',
    cache: 'revalidate',
    cors: 'read-only',
  }),
  defineDocument('llms-txt', [SERVICE_PATHS.llmsTxt], {
    document: 'llmsTxt',
    mediaType: 'text',
    cache: 'revalidate',
    cors: 'read-only',
  }),
  defineDocument('llms-full-txt', [SERVICE_PATHS.llmsFullTxt], {
    document: 'llmsFullTxt',
    mediaType: 'text',
    cache: 'revalidate',
    cors: 'read-only',
  }),
  defineDocument('sitemap-md', [SERVICE_PATHS.sitemapMd], {
    document: 'sitemapMd',
    mediaType: 'markdown',
    cache: 'revalidate',
    cors: 'read-only',
  }),
  defineDocument('agents-md', [SERVICE_PATHS.agentsMd], {
    document: 'agentsMd',
    mediaType: 'markdown',
    cache: 'revalidate',
    cors: 'read-only',
  }),
  defineDocument('auth-md', [SERVICE_PATHS.authMd], {
    document: 'authMd',
    mediaType: 'markdown',
    cache: 'revalidate',
    cors: 'read-only',
  }),
  defineDocument('copy', ['/copy/*.md'], {
    sample: { path: '/copy/product.md', status: 200 },
    mediaType: 'markdown',
    cache: 'revalidate',
    cors: 'read-only',
  }),
  defineDocument('robots-txt', ['/robots.txt'], {
    document: 'robotsTxt',
    mediaType: 'text',
    cache: 'revalidate',
    cors: 'any-origin',
  }),
  defineDocument('sitemap-xml', ['/sitemap.xml'], {
    document: 'sitemapXml',
    mediaType: 'xml',
    cache: 'revalidate',
    cors: 'any-origin',
  }),
  defineDocument('protected-resource', [SERVICE_PATHS.protectedResource], {
    answer: { kind: 'file', file: '/.well-known/oauth-protected-resource.json' },
    document: 'protectedResource',
    mediaType: 'json',
    cache: 'metadata',
    cors: 'read-only',
  }),
  defineDocument('protected-resource-mcp', [SERVICE_PATHS.protectedResourceMcp], {
    answer: { kind: 'file', file: '/.well-known/oauth-protected-resource-mcp.json' },
    document: 'protectedResourceMcp',
    mediaType: 'json',
    cache: 'metadata',
    cors: 'read-only',
  }),
  defineDocument('authorization-server', [SERVICE_PATHS.authorizationServer], {
    document: 'authorizationServer',
    mediaType: 'json',
    cache: 'metadata',
    cors: 'read-only',
  }),
  defineDocument('api-catalog', [SERVICE_PATHS.apiCatalog], {
    document: 'apiCatalog',
    mediaType: 'linkset',
    cache: 'metadata',
    cors: 'read-only',
    link: `<${SERVICE_PATHS.apiCatalog}>; rel="api-catalog"`,
  }),
  defineDocument('ai-catalog', [SERVICE_PATHS.aiCatalog, '/.well-known/mcp/catalog.json'], {
    document: 'aiCatalog',
    mediaType: 'aiCatalog',
    cache: 'metadata',
    cors: 'discovery-card',
  }),
  // The SEP-1649 card at both of its locations.
  defineDocument('mcp-discovery', ['/.well-known/mcp.json', '/.well-known/mcp/server-card.json'], {
    document: 'mcpServerCard',
    mediaType: 'json',
    cache: 'metadata',
    cors: 'read-only',
  }),
  defineDocument('agent-skills-index', ['/.well-known/agent-skills/index.json'], {
    document: 'agentSkillsIndex',
    mediaType: 'json',
    cache: 'metadata',
    cors: 'read-only',
  }),
  defineDocument('agent-skills', ['/.well-known/agent-skills/*/SKILL.md'], {
    // Skill names are made from content/ (buildSkillPrefix); the surface tests take one from it.
    sample: { path: '/.well-known/agent-skills/example-mcp/SKILL.md', status: 200 },
    mediaType: 'markdown',
    cache: 'metadata',
    cors: 'read-only',
  }),
  defineDocument('mcp-server-card', ['/mcp/server-card'], {
    document: 'mcpServerCardV2',
    mediaType: 'serverCard',
    cache: 'metadata',
    cors: 'discovery-card',
  }),
  defineDocument('claim', [SERVICE_PATHS.oauthClaim], {
    document: 'claim',
    mediaType: 'json',
    cache: 'metadata',
    cors: 'read-only',
  }),
  defineFunction('mcp', SERVICE_PATHS.mcp, {
    sample: { path: SERVICE_PATHS.mcp, status: 200 },
    methods: ['GET', 'HEAD', 'POST', 'OPTIONS'],
    cors: 'set-by-function',
  }),
  defineFunction('oauth-register', SERVICE_PATHS.oauthRegister, {
    sample: { path: SERVICE_PATHS.oauthRegister, status: 405 },
    methods: ['POST', 'OPTIONS'],
    cors: 'any-origin-exposed',
  }),
  defineFunction('oauth-token', SERVICE_PATHS.oauthToken, {
    sample: { path: SERVICE_PATHS.oauthToken, status: 405 },
    methods: ['POST', 'OPTIONS'],
    cors: 'any-origin-exposed',
  }),
  defineFunction('oauth-jwks', SERVICE_PATHS.oauthJwks, {
    sample: { path: SERVICE_PATHS.oauthJwks, status: 200 },
    methods: ['GET', 'HEAD', 'OPTIONS'],
    cors: 'any-origin-exposed',
  }),
  defineFunction('oauth-authorize', SERVICE_PATHS.oauthAuthorize, {
    // The consent page; a request it cannot grant is redirected or answered with an error.
    mediaType: 'html',
    sample: { path: SERVICE_PATHS.oauthAuthorize, status: 400 },
    methods: ['GET', 'HEAD', 'OPTIONS'],
    // A page for a person's browser, not an API: no other origin's script may read it.
    cors: 'none',
  }),
  ...AGENT_DOCS_SURFACES,
  {
    // Every other path under these prefixes, and the functions' own /api/<name> paths.
    id: 'not-found',
    paths: ['/api/**', '/oauth/**', '/.well-known/**', '/mcp/**'],
    sample: { path: '/api/v2/overview', status: 404 },
    answer: { kind: 'function', name: 'not-found' },
    mediaType: 'problem',
    mediaTypeSource: 'function',
    cache: 'set-by-function',
    cors: 'any-origin-exposed',
    methods: ALL_METHODS,
    listed: true,
  },
  {
    // The pages' sections the header's search box loads on demand (written after the pages).
    id: 'search-index',
    paths: [PAGE_SEARCH_INDEX_PATH],
    sample: { path: PAGE_SEARCH_INDEX_PATH, status: 200 },
    answer: FILE,
    mediaType: 'json',
    mediaTypeSource: 'route',
    cache: 'revalidate',
    cors: 'none',
    methods: STATIC_FILE_METHODS,
    listed: true,
  },
  {
    id: 'assets',
    paths: ['/_astro/**'],
    // Hashed names change with every build; the surface tests take one from a page.
    sample: { path: '/_astro/page.css', status: 200 },
    answer: FILE,
    mediaTypeSource: 'extension',
    cache: 'immutable',
    cors: 'none',
    methods: STATIC_FILE_METHODS,
    listed: false,
  },
  {
    // The 404 page, the favicon, and the other spellings of the pages (`/developers/`, ...).
    id: 'site-files',
    paths: ['/**'],
    sample: { path: '/favicon.svg', status: 200 },
    answer: FILE,
    mediaTypeSource: 'extension',
    cache: 'revalidate',
    cors: 'none',
    methods: STATIC_FILE_METHODS,
    listed: false,
  },
];

/** Every path a surface holds: its public patterns and the file a rewrite reaches. */
export function listRulePaths(surface: Surface): string[] {
  const file = surface.answer.kind === 'file' ? surface.answer.file : undefined;
  return file ? [...surface.paths, file] : [...surface.paths];
}

/**
 * The files a surface that names a document is written to: its renamed file, else each of its
 * paths (none for a surface without a document). Throws for a document surface with a pattern.
 */
export function listDocumentFiles(surface: Surface): string[] {
  if (!surface.document) return [];
  if (surface.answer.kind === 'file' && surface.answer.file) return [surface.answer.file];
  const patterns = surface.paths.filter((path) => !isLiteralPattern(path));
  if (patterns.length > 0) {
    throw new Error(
      `the route table's surface ${surface.id} names a document but holds patterns (${patterns.join(', ')}): one document is written at literal paths only`,
    );
  }
  return [...surface.paths];
}

/** The route table of one site: its pages and every surface, with the lookups over them. */
export interface RouteTable {
  /** Every page of the site (`listSitePages`), in the order the sitemap lists them. */
  readonly pages: readonly SitePage[];
  /** Every surface, the pages' first; a path belongs to the first surface that holds it. */
  readonly surfaces: readonly Surface[];
  /**
   * The surface a request path belongs to: the first of the table whose paths match (the table
   * lists literal paths before the families that hold them, and `/**` last).
   */
  findSurface(pathname: string): Surface;
  /** The page a request path names (a trailing slash is ignored), if any. */
  findPage(pathname: string): SitePage | undefined;
}

/**
 * Declares every surface of a site with these pages, once: vercel.ts computes Vercel's
 * configuration from this table when Vercel builds, and the local server, the middleware and the
 * surface tests read it. The pages come from content/ (`listSitePages`), so a page added as a
 * content file gets its surfaces with no edit here.
 */
export function buildRouteTable(pages: readonly SitePage[]): RouteTable {
  const surfaces = [...pages.flatMap(listPageSurfaces), ...SERVICE_SURFACES];
  const matchers = surfaces.map((surface) => ({
    surface,
    pattern: compilePatterns(listRulePaths(surface)),
  }));
  const pagesByPath = new Map(pages.map((page) => [page.path, page]));
  return {
    pages,
    surfaces,
    findSurface(pathname) {
      const found = matchers.find(({ pattern }) => pattern.test(pathname));
      if (!found) throw new Error(`no surface holds ${pathname}, not even /**`);
      return found.surface;
    },
    findPage: (pathname) => pagesByPath.get(normalizePagePath(pathname)),
  };
}

/**
 * The route table of a site with no content pages of its own: what every site has (the API,
 * discovery and agent documents, the built-in pages). For code that reads only those surfaces,
 * and for checking that a content page's path is free.
 */
export const BUILT_IN_ROUTES: RouteTable = buildRouteTable(listSitePages([]));
