import { documentResponse } from '../../http/plain-http.ts';
import { MEDIA_TYPES } from '../../service/media-types.ts';
import { serializeJson } from '../../documents/site-documents.ts';
import { site } from '../../site/built-site.ts';

export const prerender = true;

/**
 * Emitted as a file beside (not inside) a folder of the same name; vercel.json rewrites
 * /.well-known/oauth-protected-resource here (RFC 9728 §3).
 */
export const GET = () => documentResponse(serializeJson(site.protectedResource), MEDIA_TYPES.json);
