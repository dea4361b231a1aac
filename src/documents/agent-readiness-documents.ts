import { buildAgentSkills, buildAgentSkillsIndex } from './agent-skills.ts';
import { buildMcpCatalog, buildMcpServerCard, buildMcpServerCardV2 } from './mcp-server-card.ts';
import { buildPageMarkdown } from './page-markdown.ts';
import { buildRobotsTxt } from './robots-txt.ts';
import type { SiteDocuments } from './site-documents.ts';
import { SITE_PAGES } from '../service/site-pages.ts';

/** The documents published for agents' scanners beyond SPEC.md; built at build time only. */
export type AgentReadinessDocuments = ReturnType<typeof buildAgentReadinessDocuments>;

/**
 * Builds robots.txt, the page mirrors, the MCP server cards and catalog, and the agent skills
 * from the site's documents. Kept apart from buildSiteDocuments so the functions never compute them.
 */
export function buildAgentReadinessDocuments(site: SiteDocuments) {
  const { content, urls, mcpTools } = site;
  const skills = buildAgentSkills(content, urls, mcpTools);
  return {
    robotsTxt: buildRobotsTxt(content, urls),
    pageMarkdown: new Map(
      SITE_PAGES.map((page) => [
        page.name,
        buildPageMarkdown({ content, urls, openapi: site.openapi }, page),
      ]),
    ),
    mcpServerCard: buildMcpServerCard(content, urls, mcpTools),
    mcpServerCardV2: buildMcpServerCardV2(content, urls),
    mcpCatalog: buildMcpCatalog(content, urls),
    agentSkills: skills,
    agentSkillsIndex: buildAgentSkillsIndex(skills, urls),
  };
}
