import { documentResponse } from '../../http/plain-http.ts';
import { MEDIA_TYPES } from '../../service/media-types.ts';
import { serializeJson } from '../../documents/site-documents.ts';
import { site } from '../../site/built-site.ts';

export const prerender = true;

/** GET /oauth/claim: anonymous claim metadata, claim_required false (docs/spec.md §4, §5.7). */
export const GET = () => documentResponse(serializeJson(site.claim), MEDIA_TYPES.json);
