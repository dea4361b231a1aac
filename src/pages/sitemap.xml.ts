import { documentResponse } from '../http/plain-http.ts';
import { agentReadiness } from '../site/agent-readiness.ts';

export const prerender = true;

/** GET /sitemap.xml (sitemaps.org): every page, with the date its content last changed. */
export const GET = () =>
  documentResponse(agentReadiness.sitemapXml, 'application/xml; charset=utf-8');
