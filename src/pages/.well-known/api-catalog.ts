import { documentResponse } from '../../http/plain-http.ts';
import { MEDIA_TYPES } from '../../service/media-types.ts';
import { serializeJson } from '../../documents/site-documents.ts';
import { site } from '../../site/built-site.ts';

export const prerender = true;

/** GET /.well-known/api-catalog (RFC 9727 §4); vercel.json adds its Link header for HEAD and GET. */
export const GET = () => documentResponse(serializeJson(site.apiCatalog), MEDIA_TYPES.linkset);
