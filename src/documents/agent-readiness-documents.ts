import { buildA2aAgentCard } from './a2a-agent-card.ts';
import { buildAgentSkills, buildAgentSkillsIndex } from './agent-skills.ts';
import { buildAiCatalog } from './ai-catalog.ts';
import { buildJsonDocumentPages } from './json-document-pages.ts';
import { buildMcpRegistryServer } from './mcp-registry-server.ts';
import { buildMcpServerCard, buildMcpServerCardV2 } from './mcp-server-card.ts';
import { buildRobotsTxt } from './robots-txt.ts';
import { serializeJson, type SiteDocuments } from './site-documents.ts';

/** The documents published for agents' scanners beyond docs/spec.md; built at build time only. */
export type AgentReadinessDocuments = ReturnType<typeof buildAgentReadinessDocuments>;

/**
 * Builds robots.txt, the AI Catalog, the MCP server cards, the A2A agent card, the agent skills
 * and the Markdown pages of the JSON documents from the site's documents. Kept apart from
 * buildSiteDocuments so the functions never compute them.
 */
export function buildAgentReadinessDocuments(site: SiteDocuments) {
  const { content, urls, mcpTools } = site;
  const skills = buildAgentSkills(content, urls, mcpTools);
  const aiCatalog = buildAiCatalog(content, urls);
  return {
    robotsTxt: buildRobotsTxt(content, urls),
    mcpServerCard: buildMcpServerCard(content, urls, mcpTools),
    mcpServerCardV2: buildMcpServerCardV2(content, urls),
    aiCatalog,
    mcpRegistryServer: buildMcpRegistryServer(content, urls),
    // The Markdown pages llms.txt links for its JSON documents, each showing the JSON as served.
    jsonDocumentPages: buildJsonDocumentPages(content, urls, {
      overview: serializeJson(site.overview),
      'api-catalog': serializeJson(site.apiCatalog),
      'oauth-protected-resource': serializeJson(site.protectedResource),
      'oauth-authorization-server': serializeJson(site.authorizationServer),
      'ai-catalog': serializeJson(aiCatalog),
    }),
    agentSkills: skills,
    agentSkillsIndex: buildAgentSkillsIndex(skills, urls),
    a2aAgentCard: buildA2aAgentCard(content, urls, mcpTools),
  };
}
