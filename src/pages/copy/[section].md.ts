import type { GetStaticPaths } from 'astro';
import type { CopyDocument } from '../../lib/copy-documents.ts';
import { documentResponse, MEDIA_TYPES } from '../../lib/media-types.ts';
import { site } from '../../site.ts';

export const prerender = true;

export const getStaticPaths = (() =>
  site.copyDocuments.map((document) => ({
    params: { section: document.slug },
    props: { document },
  }))) satisfies GetStaticPaths;

/** GET /copy/<section>.md: one section of the site copy as Markdown (also an MCP resource). */
export const GET = ({ props }: { props: { document: CopyDocument } }) =>
  documentResponse(props.document.markdown, MEDIA_TYPES.markdown);
