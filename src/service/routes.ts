import { AGENT_DOCS_SURFACES } from './agent-docs-surfaces.ts';
import { buildMirrorLinkHeader, buildPageLinkHeader } from './page-link-header.ts';
import { compilePatterns, isLiteralPattern } from './route-patterns.ts';
import { STATIC_FILE_METHODS } from './route-policies.ts';
import { PAGE_SEARCH_INDEX_PATH } from './search-index-path.ts';
import { listSitePages, normalizePagePath, type SitePage } from './site-pages.ts';
import { SERVICE_PATHS } from './urls.ts';
import { defineDocument, defineFunction, FILE, type Surface } from './surface-definitions.ts';

export type { MediaTypeSource, Surface, SurfaceAnswer } from './surface-definitions.ts';

const ALL_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/**
 * The other spellings a static host answers a page's file at: its trailing-slash path and its
 * file's own name (`/docs/`, `/docs/index.html`; `/index.html` for the home page).
 */
const listPageSpellings = (path: string): string[] =>
  path === '/' ? ['/index.html'] : [`${path}/`, `${path}/index.html`];

/** A page's two surfaces: the HTML page (negotiating its mirror) and its Markdown mirror. */
const listPageSurfaces = (page: SitePage): Surface[] => [
  {
    id: `page-${page.name}`,
    paths: [page.path],
    spellings: listPageSpellings(page.path),
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

/** The Atom feed of a site with a changelog (content/changelog/), beside its page. */
const CHANGELOG_FEED: Surface = defineDocument('changelog-feed', [SERVICE_PATHS.changelogFeed], {
  document: 'changelogFeed',
  mediaType: 'atom',
  cache: 'revalidate',
  cors: 'read-only',
});

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
    markdownBody: true,
    cache: 'revalidate',
    cors: 'read-only',
  }),
  defineDocument('llms-full-txt', [SERVICE_PATHS.llmsFullTxt], {
    document: 'llmsFullTxt',
    mediaType: 'text',
    markdownBody: true,
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
    // Skill names are made from content/ (buildCompanySlug): a table built for a company asks for
    // its own (buildRouteTable's `skillPrefix`); this one stands for a table without content.
    sample: { path: readSkillSamplePath('example'), status: 200 },
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
    // src/oauth/bearer.ts: a call may carry the optional token, and a bad one is refused.
    checksBearerToken: true,
  }),
  // A2A (issue 28): the agent card and the stateless JSON-RPC endpoint whose skills are the MCP tools.
  defineDocument('a2a-agent-card', [SERVICE_PATHS.agentCard], {
    document: 'a2aAgentCard',
    mediaType: 'json',
    cache: 'metadata',
    cors: 'read-only',
  }),
  defineFunction('a2a', SERVICE_PATHS.a2a, {
    sample: { path: SERVICE_PATHS.a2a, status: 405 },
    methods: ['POST', 'OPTIONS'],
    cors: 'set-by-function',
    // src/functions/a2a.ts wraps it in withBearer, as /mcp: a bad optional token is refused.
    checksBearerToken: true,
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
  // The owner's insight report (docs/insight.md): a function for its page, its JSON and the page's
  // stylesheet, answering 404 while INSIGHT_TOKEN is unset and, but for the stylesheet, 401 without
  // it; never listed in the sitemap, llms.txt or catalogs.
  {
    ...defineFunction('insight', '/insight', {
      sample: { path: '/insight.json', status: 404 },
      methods: ['GET', 'HEAD', 'OPTIONS'],
      cors: 'none',
    }),
    paths: ['/insight', '/insight.json', '/insight.css'],
    mediaType: 'problem',
  },
  ...AGENT_DOCS_SURFACES,
  {
    // Every other path under these prefixes, and the functions' own /api/<name> paths.
    id: 'not-found',
    paths: ['/api/**', '/oauth/**', '/.well-known/**', '/mcp/**', '/a2a/**'],
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

/**
 * Every path a surface holds: its public patterns, its other spellings and the file a rewrite
 * reaches.
 */
export function listRulePaths(surface: Surface): string[] {
  const file = surface.answer.kind === 'file' ? surface.answer.file : undefined;
  const paths = [...surface.paths, ...(surface.spellings ?? [])];
  return file ? [...paths, file] : paths;
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
 * The sample of the agent skills' surface: the MCP skill of a company whose skills are named
 * after `prefix` (its slug: `lanternfish-mcp`), as `npm run smoke` and the surface tests ask for it.
 */
function readSkillSamplePath(prefix: string): string {
  return `/.well-known/agent-skills/${prefix}-mcp/SKILL.md`;
}

/**
 * Declares every surface of a site with these pages, once, for vercel.ts, the local server, the
 * middleware and the surface tests. The pages come from content/ (`listSitePages`), so a content
 * file's page, and the changelog's page with its feed, get their surfaces with no edit here.
 * `skillPrefix`, the company's slug, names the skill the agent skills' sample asks for.
 */
export function buildRouteTable(pages: readonly SitePage[], skillPrefix?: string): RouteTable {
  const feed = pages.some((page) => page.path === SERVICE_PATHS.changelog) ? [CHANGELOG_FEED] : [];
  const service = skillPrefix
    ? SERVICE_SURFACES.map((surface) =>
        surface.id === 'agent-skills'
          ? { ...surface, sample: { path: readSkillSamplePath(skillPrefix), status: 200 } }
          : surface,
      )
    : SERVICE_SURFACES;
  const surfaces = [...pages.flatMap(listPageSurfaces), ...feed, ...service];
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
