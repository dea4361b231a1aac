import type { SiteContent } from '../schemas/site-content.ts';
import { PROTOCOL_VERSIONS } from '../service/mcp-protocol.ts';
import type { ServiceUrls } from '../service/urls.ts';
import { MCP_AGENT_VERSION } from '../service/versions.ts';
import { endSentence } from './end-sentence.ts';
import { buildReverseDnsName } from './mcp-server-card.ts';

/** The schema the official MCP registry validates a `server.json` against (its newest, 2025-12-11). */
export const MCP_REGISTRY_SCHEMA_URL =
  'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json';

/** Where `server.json` is served (the registry's publisher reads the same document from a file). */
export const MCP_REGISTRY_SERVER_PATH = '/.well-known/mcp/server.json';

/** The metadata key the registry keeps for the publisher's own data. */
const PUBLISHER_META = 'io.modelcontextprotocol.registry/publisher-provided';

/** An icon of `server.json`. @see server.schema.json#/definitions/Icon */
export interface McpRegistryIcon {
  readonly src: string;
  readonly mimeType: 'image/svg+xml' | 'image/png';
  readonly sizes: readonly string[];
}

/** `server.json` of the official MCP registry, as this site fills it. */
export interface McpRegistryServer {
  readonly $schema: string;
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly version: string;
  readonly websiteUrl: string;
  readonly icons: readonly McpRegistryIcon[];
  readonly remotes: readonly { readonly type: 'streamable-http'; readonly url: string }[];
  readonly _meta: {
    readonly [PUBLISHER_META]: { readonly supportedProtocolVersions: readonly string[] };
  };
}

/**
 * The registry's description, within its 100 characters: what the server serves, about whom.
 * @see server.schema.json#/definitions/ServerDetail (description: maxLength 100)
 */
function buildRegistryDescription(content: SiteContent): string {
  const text = endSentence(`Read-only public marketing facts about ${content.company.name}`);
  return text.length <= 100 ? text : `${text.slice(0, 99)}…`;
}

/**
 * Builds `server.json` for the official MCP registry: a remote-only server (the streamable HTTP
 * endpoint, no package), named in the reverse-DNS namespace of the site's own domain, which the
 * registry lets the domain's owner publish by HTTP proof (`/.well-known/mcp-registry-auth`); the
 * protocol versions `/mcp` speaks go in the publisher's metadata, since the schema has no field
 * for them; the icons are the site's favicon and touch icon.
 * @see https://github.com/modelcontextprotocol/registry docs/reference/server-json/server.schema.json (2025-12-11)
 */
export function buildMcpRegistryServer(content: SiteContent, urls: ServiceUrls): McpRegistryServer {
  return {
    $schema: MCP_REGISTRY_SCHEMA_URL,
    name: buildReverseDnsName(urls, content),
    title: `${content.company.alternateName} facts`,
    description: buildRegistryDescription(content),
    version: MCP_AGENT_VERSION,
    websiteUrl: urls.developers,
    icons: [
      { src: `${urls.origin}/favicon.svg`, mimeType: 'image/svg+xml', sizes: ['any'] },
      // TOUCH_ICON_SIZE of src/integrations/brand-images.ts (a unit test holds them equal).
      { src: `${urls.origin}/apple-touch-icon.png`, mimeType: 'image/png', sizes: ['180x180'] },
    ],
    remotes: [{ type: 'streamable-http', url: urls.mcp }],
    _meta: { [PUBLISHER_META]: { supportedProtocolVersions: [...PROTOCOL_VERSIONS] } },
  };
}
