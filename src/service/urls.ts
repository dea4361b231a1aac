/** Every public address of the service, derived from its origin; the one place the URL layout lives. */
export interface ServiceUrls {
  readonly origin: string;
  readonly home: string;
  readonly restBase: string;
  readonly overview: string;
  readonly openapi: string;
  readonly openapiV1: string;
  readonly mcp: string;
  readonly developers: string;
  readonly docs: string;
  readonly llmsTxt: string;
  readonly llmsFullTxt: string;
  readonly authMd: string;
  readonly sitemapMd: string;
  readonly agentsMd: string;
  readonly glossary: string;
  readonly changelog: string;
  readonly changelogFeed: string;
  readonly protectedResource: string;
  readonly protectedResourceMcp: string;
  readonly authorizationServer: string;
  readonly apiCatalog: string;
  readonly aiCatalog: string;
  readonly oauthAuthorize: string;
  readonly oauthToken: string;
  readonly oauthJwks: string;
  readonly oauthRegister: string;
  readonly oauthClaim: string;
  readonly a2a: string;
  readonly agentCard: string;
}

/** Path of each public resource relative to the origin (docs/spec.md §4). */
export const SERVICE_PATHS = {
  home: '/',
  restBase: '/api/v1',
  overview: '/api/v1/overview',
  openapi: '/openapi.json',
  openapiV1: '/api/v1/openapi.json',
  mcp: '/mcp',
  developers: '/developers',
  docs: '/docs',
  llmsTxt: '/llms.txt',
  llmsFullTxt: '/llms-full.txt',
  authMd: '/auth.md',
  /** Headings and links to every page's Markdown version, for agents reading Markdown. */
  sitemapMd: '/sitemap.md',
  /** How an agent uses this site (the AGENTS.md convention, served at the root). */
  agentsMd: '/AGENTS.md',
  glossary: '/glossary',
  /** The changelog page and its Atom feed, published only when content/changelog/ has entries. */
  changelog: '/changelog',
  changelogFeed: '/changelog.xml',
  protectedResource: '/.well-known/oauth-protected-resource',
  protectedResourceMcp: '/.well-known/oauth-protected-resource/mcp',
  authorizationServer: '/.well-known/oauth-authorization-server',
  apiCatalog: '/.well-known/api-catalog',
  /** @see ARD v0.9 §6.1 (well-known URI of the AI Catalog) */
  aiCatalog: '/.well-known/ai-catalog.json',
  oauthAuthorize: '/oauth/authorize',
  oauthToken: '/oauth/token',
  oauthJwks: '/oauth/jwks',
  oauthRegister: '/oauth/register',
  oauthClaim: '/oauth/claim',
  /** The A2A endpoint (JSON-RPC binding). @see A2A 1.0 §9 */
  a2a: '/a2a',
  /** @see A2A 1.0 §8.2 (well-known URI of the agent card) */
  agentCard: '/.well-known/agent-card.json',
} as const satisfies Record<Exclude<keyof ServiceUrls, 'origin'>, string>;

/** Builds every public URL from an origin such as https://www.example.com (no trailing slash). */
export function buildServiceUrls(origin: string): ServiceUrls {
  const urls = Object.fromEntries(
    Object.entries(SERVICE_PATHS).map(([name, path]) => [
      name,
      path === '/' ? `${origin}/` : `${origin}${path}`,
    ]),
  );
  return { origin, ...urls } as unknown as ServiceUrls;
}

/** The URL of an error type's explanation page (docs/spec.md §2 Problem.type). */
export function buildErrorTypeUrl(origin: string, slug: string): string {
  return `${origin}/errors/${slug}`;
}

/** The URL of one section of the site copy as Markdown (/copy/<slug>.md). */
export function buildCopyDocumentUrl(origin: string, slug: string): string {
  return `${origin}/copy/${slug}.md`;
}

/**
 * A link's fragment as the id it names (`d%C3%A9tails` names `détails`), or as written when its
 * percent-encoding is broken.
 */
export function decodeFragment(fragment: string): string {
  try {
    return decodeURIComponent(fragment);
  } catch {
    return fragment;
  }
}
