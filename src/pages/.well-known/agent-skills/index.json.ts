import { agentReadiness } from '../../../agent-readiness.ts';
import { documentResponse, MEDIA_TYPES } from '../../../lib/media-types.ts';
import { serializeJson } from '../../../lib/site-documents.ts';

export const prerender = true;

/** GET /.well-known/agent-skills/index.json (agent-skills discovery RFC 0.2.0, draft). */
export const GET = () =>
  documentResponse(serializeJson(agentReadiness.agentSkillsIndex), MEDIA_TYPES.json);
