import { agentReadiness } from '../../site/agent-readiness.ts';
import { documentResponse } from '../../http/plain-http.ts';
import { MEDIA_TYPES } from '../../service/media-types.ts';
import { serializeJson } from '../../documents/site-documents.ts';

export const prerender = true;

/** GET /.well-known/mcp.json (SEP-1649's first location): the same card as mcp/server-card.json. */
export const GET = () =>
  documentResponse(serializeJson(agentReadiness.mcpServerCard), MEDIA_TYPES.json);
