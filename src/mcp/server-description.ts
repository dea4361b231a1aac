import type { SiteDocuments } from '../documents/site-documents.ts';
import { endSentence } from '../documents/end-sentence.ts';
import { buildMcpServerName } from '../documents/mcp-server-identity.ts';
import { SERVER_CAPABILITIES, type VersionFeatures } from '../service/mcp-protocol.ts';
import { MCP_AGENT_VERSION } from '../service/versions.ts';

/** How the server describes itself in initialize, server/discover and 2026-07-28 results. */
export interface ServerDescription {
  /**
   * Exactly what is implemented: no listChanged, subscribe, logging or completions; the skills
   * extension without its optional directoryRead.
   */
  readonly capabilities: {
    tools: object;
    resources: object;
    prompts: object;
    extensions: Record<string, object>;
  };
  readonly instructions: string;
  /** serverInfo with the fields the protocol version defines. */
  serverInfo(features: VersionFeatures): Record<string, string>;
}

/**
 * Describes the server from the site's facts.
 * @see MCP 2025-11-25 basic/lifecycle §Initialization (Implementation, instructions)
 */
export function describeServer(site: SiteDocuments): ServerDescription {
  const { content, urls } = site;
  const name = buildMcpServerName(content);
  return {
    capabilities: SERVER_CAPABILITIES,
    instructions: [
      `Read-only public marketing facts about ${content.company.name}: ${content.company.description}`,
      'Every tool and resource is read-only and public; no authentication is required.',
      ...content.agents.guidance,
    ].join('\n'),
    serverInfo: (features) => ({
      name,
      version: MCP_AGENT_VERSION,
      ...(features.titlesAndStructuredContent
        ? { title: `${content.company.alternateName} facts` }
        : {}),
      ...(features.argumentErrorsAsToolResults
        ? {
            description: endSentence(`Public marketing facts about ${content.company.name}`),
            websiteUrl: urls.developers,
          }
        : {}),
    }),
  };
}
