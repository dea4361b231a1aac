import { agentReadiness } from '../../../site/agent-readiness.ts';
import { documentResponse } from '../../../http/plain-http.ts';
import { MEDIA_TYPES } from '../../../service/media-types.ts';
import { serializeJson } from '../../../documents/site-documents.ts';

export const prerender = true;

/** GET /.well-known/mcp/catalog.json: the MCP Catalog (SEP-2127 discovery, draft). */
export const GET = () =>
  documentResponse(serializeJson(agentReadiness.mcpCatalog), MEDIA_TYPES.json);
