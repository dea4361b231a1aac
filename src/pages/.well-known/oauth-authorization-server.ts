import { documentResponse } from '../../http/plain-http.ts';
import { MEDIA_TYPES } from '../../service/media-types.ts';
import { serializeJson } from '../../documents/site-documents.ts';
import { site } from '../../site/built-site.ts';

export const prerender = true;

/** GET /.well-known/oauth-authorization-server (RFC 8414 §3). */
export const GET = () =>
  documentResponse(serializeJson(site.authorizationServer), MEDIA_TYPES.json);
