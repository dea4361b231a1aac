import type { SiteContent } from '../schemas/site-content.ts';
import { buildSiteRoutes } from './site-routes.ts';
import { buildVercelConfig, type VercelJson } from '../service/vercel-config.ts';
import { buildMiddlewareMatcher, MIDDLEWARE_ENTRYPOINT } from '../service/middleware-matcher.ts';
import { formatContentUsage } from './robots-txt.ts';

/** What the deployment's environment changes in the configuration. */
export interface SiteVercelOptions {
  /** Run the middleware on the agent documents too, to count them (INSIGHT_COUNT_DOCUMENTS). */
  readonly countAgentDocuments: boolean;
}

/**
 * The site's Vercel configuration: the route table's rewrites and header rules, with the usage
 * preferences of `content/agents.yaml` as `Content-Usage`, and the middleware's matcher.
 * Computed, never committed: `vercel.ts` hands it to Vercel when it builds, and the local and dev
 * servers route by the same value.
 * @see https://vercel.com/docs/project-configuration
 */
export function buildSiteVercelConfig(
  content: SiteContent,
  toolNames: readonly string[],
  options: SiteVercelOptions = { countAgentDocuments: false },
): VercelJson {
  const { surfaces } = buildSiteRoutes(content, toolNames);
  return {
    ...buildVercelConfig(surfaces, { contentUsage: formatContentUsage(content) }),
    proxy: {
      entrypoint: MIDDLEWARE_ENTRYPOINT,
      matcher: buildMiddlewareMatcher(surfaces, options),
    },
  };
}
