import { AgentCard, type AgentSkill } from '@a2a-js/sdk';
import type { PublishedAgentCard } from '../schemas/a2a-agent-card.ts';
import type { PublishedToolDescriptor } from '../schemas/mcp-tools.ts';
import type { SiteContent } from '../schemas/site-content.ts';
import type { ServiceUrls } from '../service/urls.ts';
import {
  A2A_LEGACY_PROTOCOL_VERSION,
  A2A_PROTOCOL_VERSION,
  MCP_AGENT_VERSION,
  OAUTH_SCOPES,
} from '../service/versions.ts';
import { buildCompanySlug } from '../site-content/company-slug.ts';
import { endSentence } from './end-sentence.ts';
import { findTextSkill } from './text-skill.ts';

/** What each OAuth scope grants, as auth.md says. */
const SCOPE_DESCRIPTIONS: Readonly<Record<(typeof OAUTH_SCOPES)[number], string>> = {
  'mcp:read': 'Read the public facts and documents',
  'mcp:tools': 'Call the read-only tools (the skills)',
};

/** The example request of a skill: the data part that runs it with its tool's example arguments. */
function buildSkillExample(tool: PublishedToolDescriptor): string {
  return `Send a data part ${JSON.stringify({ skill: tool.name, arguments: tool.example })}`;
}

/**
 * Builds the A2A agent card at /.well-known/agent-card.json with the SDK's own `AgentCard` type and
 * JSON form: one skill per MCP tool (the endpoint runs the tool of the skill's id), the JSON-RPC
 * interface at /a2a for A2A 1.0 and 0.3, the provider from content/, and the OAuth schemes as an
 * option (no security requirement: every skill answers without a token).
 * @see A2A 1.0 §4.4.1 AgentCard, §8.2 (discovery) and §4.5 (security schemes)
 */
export function buildA2aAgentCard(
  content: SiteContent,
  urls: ServiceUrls,
  tools: readonly PublishedToolDescriptor[],
): PublishedAgentCard {
  const { company } = content;
  const scopes = Object.fromEntries(
    OAUTH_SCOPES.map((scope) => [scope, SCOPE_DESCRIPTIONS[scope]]),
  );
  const textSkill = findTextSkill(tools);
  const skills: AgentSkill[] = tools.map((tool) => ({
    id: tool.name,
    name: tool.title,
    description: tool.description,
    tags: [buildCompanySlug(company), 'read-only', 'marketing-facts'],
    examples: [
      buildSkillExample(tool),
      ...(tool.name === textSkill ? [`What does ${company.alternateName} do?`] : []),
    ],
    inputModes: tool.name === textSkill ? ['application/json', 'text/plain'] : ['application/json'],
    outputModes: ['application/json', 'text/plain'],
    securityRequirements: [],
  }));
  const card: AgentCard = {
    name: `${company.alternateName} facts agent`,
    description: endSentence(
      `Answers from ${company.name}'s public marketing facts (overview, product, site copy, calls to action) with the same read-only tools as its MCP server; each answer is a data part and a text part. Name a skill in a data part {"skill", "arguments"}${textSkill ? `, or send text to search the site with ${textSkill}` : ''}`,
    ),
    supportedInterfaces: [
      {
        url: urls.a2a,
        protocolBinding: 'JSONRPC',
        protocolVersion: A2A_PROTOCOL_VERSION,
        tenant: '',
      },
      {
        url: urls.a2a,
        protocolBinding: 'JSONRPC',
        protocolVersion: A2A_LEGACY_PROTOCOL_VERSION,
        tenant: '',
      },
    ],
    provider: { organization: company.name, url: company.website },
    version: MCP_AGENT_VERSION,
    documentationUrl: urls.developers,
    capabilities: {
      streaming: false,
      pushNotifications: false,
      extendedAgentCard: false,
      extensions: [],
    },
    securitySchemes: {
      bearer: {
        scheme: {
          $case: 'httpAuthSecurityScheme',
          value: {
            scheme: 'Bearer',
            bearerFormat: 'JWT',
            description: `Optional: an access token from ${urls.oauthToken} (register at ${urls.oauthRegister}; see ${urls.authMd}). A token that is sent must verify; none is required.`,
          },
        },
      },
      oauth2: {
        scheme: {
          $case: 'oauth2SecurityScheme',
          value: {
            description: 'Optional: anonymous client registration and a client_credentials token.',
            oauth2MetadataUrl: urls.authorizationServer,
            flows: {
              flow: {
                $case: 'clientCredentials',
                value: { tokenUrl: urls.oauthToken, refreshUrl: '', scopes },
              },
            },
          },
        },
      },
    },
    securityRequirements: [],
    defaultInputModes: ['application/json', 'text/plain'],
    defaultOutputModes: ['application/json', 'text/plain'],
    skills,
    signatures: [],
    iconUrl: `${urls.origin}/apple-touch-icon.png`,
  };
  return AgentCard.toJSON(card) as PublishedAgentCard;
}
