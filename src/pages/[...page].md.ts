import type { GetStaticPaths } from 'astro';
import { agentReadiness } from '../site/agent-readiness.ts';
import { documentResponse } from '../http/plain-http.ts';
import { MEDIA_TYPES } from '../service/media-types.ts';
import type { SitePage } from '../service/site-pages.ts';
import { siteRoutes } from '../site/site-routes.ts';

export const prerender = true;

export const getStaticPaths = (() =>
  siteRoutes.pages.map((page) => ({
    params: { page: page.markdownPath.slice(1, -'.md'.length) },
    props: { page },
  }))) satisfies GetStaticPaths;

/** GET /index.md, /developers.md, /docs.md, /<content page>.md, /glossary.md, /errors.md, /errors/<code>.md: each page as Markdown. */
export const GET = ({ props }: { props: { page: SitePage } }) =>
  documentResponse(agentReadiness.pageMarkdown.get(props.page.path) ?? '', MEDIA_TYPES.markdown);
