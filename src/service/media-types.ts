import { AI_CATALOG_MEDIA_TYPE, SERVER_CARD_MEDIA_TYPE } from '../schemas/discovery-media-types.ts';

/** Media types as served, one place (docs/spec.md §4; UTF-8 text types carry their charset). */
export const MEDIA_TYPES = {
  json: 'application/json',
  text: 'text/plain; charset=utf-8',
  markdown: 'text/markdown; charset=utf-8',
  html: 'text/html; charset=utf-8',
  /** @see RFC 9727 §4.1 (linkset with the api-catalog profile) */
  linkset: 'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"',
  /** The linkset media type without the profile parameter, as OpenAPI content keys name it. */
  linksetDocument: 'application/linkset+json',
  problem: 'application/problem+json',
  xml: 'application/xml; charset=utf-8',
  /** The changelog's feed. @see RFC 4287 §7 */
  atom: 'application/atom+xml; charset=utf-8',
  /** The SEP-2127 MCP server card at /mcp/server-card. */
  serverCard: SERVER_CARD_MEDIA_TYPE,
  /** The AI Catalog (ARD draft) at /.well-known/ai-catalog.json. */
  aiCatalog: AI_CATALOG_MEDIA_TYPE,
} as const;
