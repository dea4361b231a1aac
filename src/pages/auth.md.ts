import { documentResponse } from '../http/plain-http.ts';
import { MEDIA_TYPES } from '../service/media-types.ts';
import { site } from '../site/built-site.ts';

export const prerender = true;

/** GET /auth.md (docs/spec.md §4, §5.7). */
export const GET = () => documentResponse(site.authMd, MEDIA_TYPES.markdown);
