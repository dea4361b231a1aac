/**
 * The media types of the discovery documents, in a module of their own so that what only names
 * them (the media types the functions serve) does not load the documents' zod schemas.
 */

/** A SEP-2127 server card. @see https://github.com/modelcontextprotocol/modelcontextprotocol/pull/2127 */
export const SERVER_CARD_MEDIA_TYPE = 'application/mcp-server-card+json';

/** An AI Catalog (ARD draft v0.9 §4). */
export const AI_CATALOG_MEDIA_TYPE = 'application/ai-catalog+json';
