import { documentResponse } from '../http/plain-http.ts';
import { MEDIA_TYPES } from '../service/media-types.ts';
import { site } from '../site/built-site.ts';

export const prerender = true;

/** GET /llms.txt (docs/spec.md §4; llmstxt.org). */
export const GET = () => documentResponse(site.llmsTxt, MEDIA_TYPES.text);
