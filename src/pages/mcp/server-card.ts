import { agentReadiness } from '../../site/agent-readiness.ts';
import { documentResponse } from '../../http/plain-http.ts';
import { serializeJson } from '../../documents/site-documents.ts';
import { SERVER_CARD_MEDIA_TYPE } from '../../schemas/discovery-media-types.ts';

export const prerender = true;

/** GET /mcp/server-card: the SEP-2127 server card at its reserved location (<mcp-url>/server-card). */
export const GET = () =>
  documentResponse(serializeJson(agentReadiness.mcpServerCardV2), SERVER_CARD_MEDIA_TYPE);
