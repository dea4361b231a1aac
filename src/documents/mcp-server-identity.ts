import type { SiteContent } from '../schemas/site-content.ts';

/** The MCP server's `serverInfo.name`: the company's short name in kebab case, plus `-facts`. */
export function buildMcpServerName(content: SiteContent): string {
  return `${content.company.alternateName.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-facts`;
}
