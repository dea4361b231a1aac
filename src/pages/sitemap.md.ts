import { agentReadiness } from '../site/agent-readiness.ts';
import { documentResponse } from '../http/plain-http.ts';
import { MEDIA_TYPES } from '../service/media-types.ts';

export const prerender = true;

/** GET /sitemap.md: every page's Markdown version, the copy and the agent documents (issue 20). */
export const GET = () => documentResponse(agentReadiness.sitemapMd, MEDIA_TYPES.markdown);
