import { agentReadiness } from '../site/agent-readiness.ts';
import { documentResponse } from '../http/plain-http.ts';
import { MEDIA_TYPES } from '../service/media-types.ts';

export const prerender = true;

/** GET /robots.txt (RFC 9309; Content Signals). */
export const GET = () => documentResponse(agentReadiness.robotsTxt, MEDIA_TYPES.text);
