import { documentResponse } from '../http/plain-http.ts';
import { MEDIA_TYPES } from '../service/media-types.ts';
import { site } from '../site/built-site.ts';

export const prerender = true;

/** GET /llms-full.txt (docs/spec.md §4). */
export const GET = () => documentResponse(site.llmsFullTxt, MEDIA_TYPES.text);
