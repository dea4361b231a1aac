import { documentResponse, MEDIA_TYPES } from '../../lib/media-types.ts';
import { serializeJson } from '../../lib/site-documents.ts';
import { site } from '../../site.ts';

export const prerender = true;

/** vercel.json rewrites /.well-known/oauth-protected-resource/mcp here (RFC 9728 §3.1). */
export const GET = () =>
  documentResponse(serializeJson(site.protectedResourceMcp), MEDIA_TYPES.json);
