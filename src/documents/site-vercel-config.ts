import type { SiteContent } from '../schemas/site-content.ts';
import { buildSiteRoutes } from './site-routes.ts';
import { buildVercelConfig, type VercelJson } from '../service/vercel-config.ts';
import { formatContentUsage } from './robots-txt.ts';

/**
 * The site's Vercel configuration: the route table's rewrites and header rules, with the usage
 * preferences of `content/agents.yaml` as `Content-Usage`. Computed, never committed: `vercel.ts`
 * hands it to Vercel when it builds, and the local and dev servers route by the same value.
 * @see https://vercel.com/docs/project-configuration
 */
export function buildSiteVercelConfig(
  content: SiteContent,
  toolNames: readonly string[],
): VercelJson {
  return buildVercelConfig(buildSiteRoutes(content, toolNames).surfaces, {
    contentUsage: formatContentUsage(content),
  });
}
