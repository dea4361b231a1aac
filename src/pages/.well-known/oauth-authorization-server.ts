import { documentResponse, MEDIA_TYPES } from '../../lib/media-types.ts';
import { serializeJson } from '../../lib/site-documents.ts';
import { site } from '../../site.ts';

export const prerender = true;

/** GET /.well-known/oauth-authorization-server (RFC 8414 §3). */
export const GET = () =>
  documentResponse(serializeJson(site.authorizationServer), MEDIA_TYPES.json);
