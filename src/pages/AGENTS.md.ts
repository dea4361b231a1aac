import { agentReadiness } from '../site/agent-readiness.ts';
import { documentResponse } from '../http/plain-http.ts';
import { MEDIA_TYPES } from '../service/media-types.ts';

export const prerender = true;

/** GET /AGENTS.md: how an agent uses this site (Getting started, Usage, Reference). */
export const GET = () => documentResponse(agentReadiness.agentsMd, MEDIA_TYPES.markdown);
