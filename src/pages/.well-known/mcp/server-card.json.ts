import { agentReadiness } from '../../../agent-readiness.ts';
import { documentResponse, MEDIA_TYPES } from '../../../lib/media-types.ts';
import { serializeJson } from '../../../lib/site-documents.ts';

export const prerender = true;

/** GET /.well-known/mcp/server-card.json (SEP-1649 location; SEP-2127 fields too). */
export const GET = () =>
  documentResponse(serializeJson(agentReadiness.mcpServerCard), MEDIA_TYPES.json);
