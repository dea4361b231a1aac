import { agentReadiness } from '../../../site/agent-readiness.ts';
import { documentResponse } from '../../../http/plain-http.ts';
import { MEDIA_TYPES } from '../../../service/media-types.ts';
import { serializeJson } from '../../../documents/site-documents.ts';

export const prerender = true;

/** GET /.well-known/agent-skills/index.json (agent-skills discovery RFC 0.2.0, draft). */
export const GET = () =>
  documentResponse(serializeJson(agentReadiness.agentSkillsIndex), MEDIA_TYPES.json);
