import { agentReadiness } from '../../agent-readiness.ts';
import { documentResponse, MEDIA_TYPES } from '../../lib/media-types.ts';
import { serializeJson } from '../../lib/site-documents.ts';

export const prerender = true;

/** GET /.well-known/mcp.json (SEP-1649's first location): the same card as mcp/server-card.json. */
export const GET = () =>
  documentResponse(serializeJson(agentReadiness.mcpServerCard), MEDIA_TYPES.json);
