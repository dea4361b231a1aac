import { documentResponse, MEDIA_TYPES } from '../../lib/media-types.ts';
import { serializeJson } from '../../lib/site-documents.ts';
import { site } from '../../site.ts';

export const prerender = true;

/** GET /.well-known/api-catalog (RFC 9727 §4); vercel.json adds its Link header for HEAD and GET. */
export const GET = () => documentResponse(serializeJson(site.apiCatalog), MEDIA_TYPES.linkset);
