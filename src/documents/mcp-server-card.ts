import type { PublishedToolDescriptor } from '../schemas/mcp-tools.ts';
import {
  LATEST_LEGACY_VERSION,
  PROTOCOL_VERSIONS,
  SERVER_CAPABILITIES,
  TOOL_HINTS,
} from '../service/mcp-protocol.ts';
import type { McpServerCard, McpServerCardV2 } from '../schemas/mcp-server-card.ts';
import {
  SERVER_CARD_SCHEMA_URL,
  SERVER_CARD_V1_SCHEMA_URL,
} from '../schemas/discovery-schema-urls.ts';
import type { SiteContent } from '../schemas/site-content.ts';
import { endSentence } from './end-sentence.ts';
import { buildMcpServerName } from './mcp-server-identity.ts';
import type { ServiceUrls } from '../service/urls.ts';
import { MCP_AGENT_VERSION, OAUTH_SCOPES } from '../service/versions.ts';

/** The SEP-2127 card's own address: the streamable HTTP URL + `/server-card`. */
export function buildServerCardUrl(urls: ServiceUrls): string {
  return `${urls.mcp}/server-card`;
}

/** A dotted IPv4 address, which has no domain labels to reverse. */
const IPV4_ADDRESS = /^\d{1,3}(?:\.\d{1,3}){3}$/;

/**
 * The reverse-DNS namespace of a host: its domain's labels reversed (`facts.bakery.example` is
 * `example.bakery.facts`). An IP address names no domain, so it stays as it is (`127.0.0.1`, not
 * `1.0.0.127`, which would read as another address); an IPv6 address loses its brackets, and
 * each character the registry's name pattern lacks (`:`) becomes `-`.
 */
export function buildReverseDnsNamespace(hostname: string): string {
  const host = hostname.replace(/^\[|\]$/g, '');
  if (IPV4_ADDRESS.test(host)) return host;
  const safe = host.replace(/[^a-zA-Z0-9.-]/g, '-');
  return host.includes(':') ? safe : safe.split('.').reverse().join('.');
}

/** The reverse-DNS server name of SEP-2127 and the MCP registry: the origin's namespace, `/`, the name. */
export function buildReverseDnsName(urls: ServiceUrls, content: SiteContent): string {
  return `${buildReverseDnsNamespace(new URL(urls.origin).hostname)}/${buildMcpServerName(content)}`;
}

/**
 * The description `server/discover` reports in `serverInfo` (src/mcp/server-description.ts), within
 * SEP-2127's 100 characters, so the card does not contradict the live server.
 * @see experimental-ext-server-card docs/discovery.md §Consistency with Runtime Behavior
 */
function buildCardDescription(content: SiteContent): string {
  const text = endSentence(`Public marketing facts about ${content.company.name}`);
  return text.length <= 100 ? text : `${text.slice(0, 99)}…`;
}

function buildRemote(urls: ServiceUrls) {
  return {
    type: 'streamable-http' as const,
    url: urls.mcp,
    supportedProtocolVersions: [...PROTOCOL_VERSIONS],
  };
}

/**
 * The SEP-2127 server card served at /mcp/server-card: identity and connection only, valid against
 * the extension's published `v1` schema and agreeing with `server/discover`.
 * @see https://github.com/modelcontextprotocol/modelcontextprotocol/pull/2127
 */
export function buildMcpServerCardV2(content: SiteContent, urls: ServiceUrls): McpServerCardV2 {
  return {
    $schema: SERVER_CARD_SCHEMA_URL,
    name: buildReverseDnsName(urls, content),
    version: MCP_AGENT_VERSION,
    description: buildCardDescription(content),
    title: `${content.company.alternateName} facts`,
    websiteUrl: urls.developers,
    remotes: [buildRemote(urls)],
  };
}

/**
 * The server card at the SEP-1649 locations: `serverInfo` as initialize reports it, the transport,
 * the capabilities, the (absent) authentication requirement and every tool, plus the SEP-2127
 * identity fields, so readers of either draft find what they expect.
 * @see https://github.com/modelcontextprotocol/modelcontextprotocol/issues/1649
 */
export function buildMcpServerCard(
  content: SiteContent,
  urls: ServiceUrls,
  tools: readonly PublishedToolDescriptor[],
): McpServerCard {
  const v2 = buildMcpServerCardV2(content, urls);
  return {
    $schema: SERVER_CARD_V1_SCHEMA_URL,
    name: v2.name,
    version: v2.version,
    title: v2.title,
    description: v2.description,
    websiteUrl: urls.developers,
    protocolVersion: LATEST_LEGACY_VERSION,
    serverInfo: {
      name: buildMcpServerName(content),
      title: `${content.company.alternateName} facts`,
      version: MCP_AGENT_VERSION,
    },
    transport: { type: 'streamable-http', endpoint: urls.mcp },
    remotes: [buildRemote(urls)],
    capabilities: SERVER_CAPABILITIES,
    authentication: {
      required: false,
      schemes: ['bearer'],
      protectedResourceMetadata: urls.protectedResourceMcp,
      scopes: [...OAUTH_SCOPES],
    },
    tools: tools.map((tool) => ({
      name: tool.name,
      title: tool.title,
      description: tool.description,
      inputSchema: tool.inputSchema as { type: 'object' },
      annotations: { ...TOOL_HINTS },
    })),
  };
}
