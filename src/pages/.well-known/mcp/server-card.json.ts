import { agentReadiness } from '../../../site/agent-readiness.ts';
import { documentResponse } from '../../../http/plain-http.ts';
import { MEDIA_TYPES } from '../../../service/media-types.ts';
import { serializeJson } from '../../../documents/site-documents.ts';

export const prerender = true;

/** GET /.well-known/mcp/server-card.json (SEP-1649 location; SEP-2127 fields too). */
export const GET = () =>
  documentResponse(serializeJson(agentReadiness.mcpServerCard), MEDIA_TYPES.json);
