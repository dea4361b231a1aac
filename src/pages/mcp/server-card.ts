import { agentReadiness } from '../../agent-readiness.ts';
import { documentResponse } from '../../lib/media-types.ts';
import { serializeJson } from '../../lib/site-documents.ts';
import { SERVER_CARD_MEDIA_TYPE } from '../../schemas/mcp-server-card.ts';

export const prerender = true;

/** GET /mcp/server-card: the SEP-2127 server card at its reserved location (<mcp-url>/server-card). */
export const GET = () =>
  documentResponse(serializeJson(agentReadiness.mcpServerCardV2), SERVER_CARD_MEDIA_TYPE);
