import { documentResponse } from '../../http/plain-http.ts';
import { MEDIA_TYPES } from '../../service/media-types.ts';
import { serializeJson } from '../../documents/site-documents.ts';
import { site } from '../../site/built-site.ts';

export const prerender = true;

/** vercel.json rewrites /.well-known/oauth-protected-resource/mcp here (RFC 9728 §3.1). */
export const GET = () =>
  documentResponse(serializeJson(site.protectedResourceMcp), MEDIA_TYPES.json);
