import { documentResponse, MEDIA_TYPES } from '../lib/media-types.ts';
import { serializeJson } from '../lib/site-documents.ts';
import { site } from '../site.ts';

export const prerender = true;

/** GET /openapi.json (SPEC §4). */
export const GET = () => documentResponse(serializeJson(site.openapi), MEDIA_TYPES.json);
