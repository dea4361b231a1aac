import { buildA2aAgentCard } from './a2a-agent-card.ts';
import { buildAgentSkills, buildAgentSkillsIndex } from './agent-skills.ts';
import { buildAiCatalog } from './ai-catalog.ts';
import { buildMcpServerCard, buildMcpServerCardV2 } from './mcp-server-card.ts';
import { buildRobotsTxt } from './robots-txt.ts';
import type { SiteDocuments } from './site-documents.ts';

/** The documents published for agents' scanners beyond docs/spec.md; built at build time only. */
export type AgentReadinessDocuments = ReturnType<typeof buildAgentReadinessDocuments>;

/**
 * Builds robots.txt, the AI Catalog, the MCP server cards, the A2A agent card and the agent skills
 * from the site's documents. Kept apart from buildSiteDocuments so the functions never compute them.
 */
export function buildAgentReadinessDocuments(site: SiteDocuments) {
  const { content, urls, mcpTools } = site;
  const skills = buildAgentSkills(content, urls, mcpTools);
  return {
    robotsTxt: buildRobotsTxt(content, urls),
    mcpServerCard: buildMcpServerCard(content, urls, mcpTools),
    mcpServerCardV2: buildMcpServerCardV2(content, urls),
    aiCatalog: buildAiCatalog(content, urls),
    agentSkills: skills,
    agentSkillsIndex: buildAgentSkillsIndex(skills, urls),
    a2aAgentCard: buildA2aAgentCard(content, urls, mcpTools),
  };
}
