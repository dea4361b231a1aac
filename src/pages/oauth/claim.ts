import { documentResponse, MEDIA_TYPES } from '../../lib/media-types.ts';
import { serializeJson } from '../../lib/site-documents.ts';
import { site } from '../../site.ts';

export const prerender = true;

/** GET /oauth/claim: anonymous claim metadata, claim_required false (SPEC §4, §5.7). */
export const GET = () => documentResponse(serializeJson(site.claim), MEDIA_TYPES.json);
