import { agentReadiness } from '../../site/agent-readiness.ts';
import { documentResponse } from '../../http/plain-http.ts';
import { MEDIA_TYPES } from '../../service/media-types.ts';
import { serializeJson } from '../../documents/site-documents.ts';

export const prerender = true;

/** GET /.well-known/ai-catalog.json: the AI Catalog (ARD v0.9 §4.1, §6.1). */
export const GET = () =>
  documentResponse(serializeJson(agentReadiness.aiCatalog), MEDIA_TYPES.aiCatalog);
