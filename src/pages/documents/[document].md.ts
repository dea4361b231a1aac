import type { GetStaticPaths } from 'astro';
import type { JsonDocumentPage } from '../../documents/json-document-pages.ts';
import { documentResponse } from '../../http/plain-http.ts';
import { MEDIA_TYPES } from '../../service/media-types.ts';
import { agentReadiness } from '../../site/agent-readiness.ts';

export const prerender = true;

export const getStaticPaths = (() =>
  agentReadiness.jsonDocumentPages.map((page) => ({
    params: { document: page.slug },
    props: { page },
  }))) satisfies GetStaticPaths;

/** GET /documents/<slug>.md: the Markdown page that describes one JSON document llms.txt names. */
export const GET = ({ props }: { props: { page: JsonDocumentPage } }) =>
  documentResponse(props.page.markdown, MEDIA_TYPES.markdown);
