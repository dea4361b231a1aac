import type { SiteContent } from '../schemas/site-content.ts';
import { buildCompanySlug } from '../site-content/company-slug.ts';

/** The MCP server's `serverInfo.name`: the company's slug (buildCompanySlug), plus `-facts`. */
export function buildMcpServerName(content: SiteContent): string {
  return `${buildCompanySlug(content.company)}-facts`;
}
