import { documentResponse, MEDIA_TYPES } from '../lib/media-types.ts';
import { site } from '../site.ts';

export const prerender = true;

/** GET /auth.md (SPEC §4, §5.7). */
export const GET = () => documentResponse(site.authMd, MEDIA_TYPES.markdown);
