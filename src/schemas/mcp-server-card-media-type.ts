/**
 * The media type of a SEP-2127 server card, in a module of its own so that what only names it
 * (the media types the functions serve) does not load the card's zod schemas.
 */
export const SERVER_CARD_MEDIA_TYPE = 'application/mcp-server-card+json';
