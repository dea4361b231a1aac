import { documentResponse, MEDIA_TYPES } from '../../lib/media-types.ts';
import { serializeJson } from '../../lib/site-documents.ts';
import { site } from '../../site.ts';

export const prerender = true;

/**
 * Emitted as a file beside (not inside) a folder of the same name; vercel.json rewrites
 * /.well-known/oauth-protected-resource here (RFC 9728 §3).
 */
export const GET = () => documentResponse(serializeJson(site.protectedResource), MEDIA_TYPES.json);
