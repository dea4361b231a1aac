import { documentResponse, MEDIA_TYPES } from '../lib/media-types.ts';
import { site } from '../site.ts';

export const prerender = true;

/** GET /llms-full.txt (SPEC §4). */
export const GET = () => documentResponse(site.llmsFullTxt, MEDIA_TYPES.text);
