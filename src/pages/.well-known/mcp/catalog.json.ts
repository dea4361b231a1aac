import { agentReadiness } from '../../../agent-readiness.ts';
import { documentResponse, MEDIA_TYPES } from '../../../lib/media-types.ts';
import { serializeJson } from '../../../lib/site-documents.ts';

export const prerender = true;

/** GET /.well-known/mcp/catalog.json: the MCP Catalog (SEP-2127 discovery, draft). */
export const GET = () =>
  documentResponse(serializeJson(agentReadiness.mcpCatalog), MEDIA_TYPES.json);
