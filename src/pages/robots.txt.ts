import { agentReadiness } from '../agent-readiness.ts';
import { documentResponse, MEDIA_TYPES } from '../lib/media-types.ts';

export const prerender = true;

/** GET /robots.txt (RFC 9309; Content Signals). */
export const GET = () => documentResponse(agentReadiness.robotsTxt, MEDIA_TYPES.text);
