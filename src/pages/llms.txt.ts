import { documentResponse, MEDIA_TYPES } from '../lib/media-types.ts';
import { site } from '../site.ts';

export const prerender = true;

/** GET /llms.txt (SPEC §4; llmstxt.org). */
export const GET = () => documentResponse(site.llmsTxt, MEDIA_TYPES.text);
