import { agentReadiness } from '../../../site/agent-readiness.ts';
import { documentResponse } from '../../../http/plain-http.ts';
import { MEDIA_TYPES } from '../../../service/media-types.ts';
import { serializeJson } from '../../../documents/site-documents.ts';

export const prerender = true;

/** GET /.well-known/mcp/catalog.json: the AI Catalog at the older path scanners still probe. */
export const GET = () =>
  documentResponse(serializeJson(agentReadiness.aiCatalog), MEDIA_TYPES.aiCatalog);
