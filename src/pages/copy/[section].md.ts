import type { GetStaticPaths } from 'astro';
import type { CopyDocument } from '../../documents/copy-documents.ts';
import { documentResponse } from '../../http/plain-http.ts';
import { MEDIA_TYPES } from '../../service/media-types.ts';
import { site } from '../../site/built-site.ts';

export const prerender = true;

export const getStaticPaths = (() =>
  site.copyDocuments.map((document) => ({
    params: { section: document.slug },
    props: { document },
  }))) satisfies GetStaticPaths;

/** GET /copy/<section>.md: one section of the site copy as Markdown (also an MCP resource). */
export const GET = ({ props }: { props: { document: CopyDocument } }) =>
  documentResponse(props.document.markdown, MEDIA_TYPES.markdown);
