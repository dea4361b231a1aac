import { createHash } from 'node:crypto';
import type { AgentSkillsIndex } from '../schemas/agent-skills-index.ts';
import { AGENT_SKILLS_INDEX_SCHEMA_URL } from '../schemas/discovery-schema-urls.ts';
import type { SiteContent } from '../schemas/site-content.ts';
import { buildCompanySlug } from '../site-content/company-slug.ts';
import { buildAnonymousFlowCommands } from './auth-md.ts';
import type { PublishedToolDescriptor } from '../schemas/mcp-tools.ts';
import { buildServerCardUrl } from './mcp-server-card.ts';
import type { ServiceUrls } from '../service/urls.ts';
import { buildMcpCurl, buildQuickstartInitialize } from './mcp-quickstart.ts';
import { escapeMarkdownText } from '../service/escape-markdown.ts';

/** One skill: a SKILL.md (front matter `name`, `description`, then instructions). */
export interface AgentSkill {
  readonly name: string;
  readonly description: string;
  /** Path under the origin: /.well-known/agent-skills/<name>/SKILL.md. */
  readonly path: string;
  readonly markdown: string;
}

/** The path of a skill's SKILL.md (agent-skills discovery RFC). */
function buildSkillPath(name: string): string {
  return `/.well-known/agent-skills/${name}/SKILL.md`;
}

function skill(name: string, description: string, body: string[]): AgentSkill {
  const markdown = [
    '---',
    `name: ${name}`,
    `description: ${JSON.stringify(description)}`,
    '---',
    '',
    ...body,
  ]
    .join('\n')
    .trimEnd();
  return { name, description, path: buildSkillPath(name), markdown: `${markdown}\n` };
}

/**
 * The skills an agent needs to use this service: the REST API, the MCP endpoint and the optional
 * anonymous OAuth flow, each written from the content and the service's own URLs.
 * @see https://agentskills.io/specification (SKILL.md)
 */
export function buildAgentSkills(
  content: SiteContent,
  urls: ServiceUrls,
  tools: readonly PublishedToolDescriptor[],
): AgentSkill[] {
  const company = content.company.alternateName;
  // The name as the Markdown bodies show it; the front matter's descriptions are JSON strings.
  const heading = escapeMarkdownText(company);
  const prefix = buildCompanySlug(content.company);
  const flow = buildAnonymousFlowCommands(urls);
  const guidance = content.agents.guidance.map((sentence) => `- ${escapeMarkdownText(sentence)}`);
  return [
    skill(
      `${prefix}-rest-api`,
      `Read ${content.company.name}'s public company overview from its read-only REST API v1. Use when you need quotable facts about ${company}: name, description, tagline and links.`,
      [
        `# ${heading} REST API v1`,
        '',
        `The REST API's operations, under ${urls.restBase}/, are public and read-only. No key or token is needed.`,
        '',
        '1. Get the overview (JSON): name, alternateName, url, description, tagline, apiVersion, links.',
        '',
        '```sh',
        `curl -s ${urls.overview}`,
        '```',
        '',
        `2. Read the OpenAPI 3.1 description for every operation: ${urls.openapi}`,
        `3. Errors are RFC 9457 problem details (\`application/problem+json\`) with a stable \`code\`; each \`type\` URL explains the error and how to recover.`,
        `4. On \`429\`, wait for the number of seconds in \`Retry-After\`, then retry.`,
        '',
        '## Rules',
        '',
        ...guidance,
      ],
    ),
    skill(
      `${prefix}-mcp`,
      `Connect to ${company}'s public MCP endpoint (streamable HTTP, no authentication) and call its read-only tools for company, product and site-copy facts. Use when your client speaks MCP.`,
      [
        `# ${heading} MCP endpoint`,
        '',
        `Endpoint: ${urls.mcp} (streamable HTTP, JSON-RPC 2.0, stateless). Server card: ${buildServerCardUrl(urls)}.`,
        'No token is required; every tool is read-only.',
        '',
        '1. Initialize:',
        '',
        '```sh',
        buildMcpCurl(urls.mcp, buildQuickstartInitialize()),
        '```',
        '',
        '2. List the tools (`tools/list`), then call one with `tools/call`.',
        '',
        '## Tools',
        '',
        ...tools.map((tool) => `- \`${tool.name}\`: ${escapeMarkdownText(tool.description)}`),
        '',
        '## Rules',
        '',
        ...guidance,
      ],
    ),
    skill(
      `${prefix}-anonymous-oauth`,
      `Get the optional anonymous bearer token that labels your traffic to ${company}'s API and MCP endpoint (OAuth 2.0 dynamic registration and client_credentials, no secret). Nothing requires it.`,
      [
        `# ${heading} anonymous OAuth`,
        '',
        'A token is optional: it only labels anonymous traffic and unlocks nothing. Full walkthrough:',
        `${urls.authMd}.`,
        '',
        `1. Discover: ${urls.protectedResource} names the authorization server; ${urls.authorizationServer} lists the endpoints and the \`agent_auth\` block.`,
        '2. Register (no personal data; pick a label for your agent):',
        '',
        '```sh',
        flow.register,
        '```',
        '',
        '3. Ask for a token with the returned `client_id` (no secret):',
        '',
        '```sh',
        flow.token,
        '```',
        '',
        '4. Send it as `Authorization: Bearer <ACCESS_TOKEN>`; on `401 invalid_token`, drop it or get a new one.',
        '',
        '```sh',
        flow.mcpWithToken,
        '```',
      ],
    ),
  ];
}

/** The sha256 digest of a text's UTF-8 bytes, as the skills index writes it. */
export function digestText(text: string): string {
  return `sha256:${createHash('sha256').update(text, 'utf8').digest('hex')}`;
}

/**
 * Builds /.well-known/agent-skills/index.json: each skill's name, type, description, URL and the
 * digest of the exact bytes served at that URL.
 * @see Cloudflare agent-skills discovery RFC, v0.2.0 (draft)
 */
export function buildAgentSkillsIndex(
  skills: readonly AgentSkill[],
  urls: ServiceUrls,
): AgentSkillsIndex {
  return {
    $schema: AGENT_SKILLS_INDEX_SCHEMA_URL,
    skills: skills.map((entry) => ({
      name: entry.name,
      type: 'skill-md' as const,
      description: entry.description,
      url: `${urls.origin}${entry.path}`,
      digest: digestText(entry.markdown),
    })),
  };
}
