import { documentResponse } from '../../../http/plain-http.ts';
import { MEDIA_TYPES } from '../../../service/media-types.ts';
import { serializeJson } from '../../../documents/site-documents.ts';
import { site } from '../../../site/built-site.ts';

export const prerender = true;

/** GET /api/v1/openapi.json: the same document as /openapi.json (docs/spec.md §4). */
export const GET = () => documentResponse(serializeJson(site.openapi), MEDIA_TYPES.json);
