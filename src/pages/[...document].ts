import type { GetStaticPaths } from 'astro';
import { documentResponse } from '../http/plain-http.ts';
import { listServedDocuments, type ServedDocument } from '../site/served-documents.ts';

export const prerender = true;

/**
 * One endpoint for every surface of the route table whose body is a document of the built site
 * (its entry's `document`): /.well-known/* discovery documents, the OpenAPI description, the
 * overview, robots.txt, ... A new document is its builder and one route-table entry.
 */
export const getStaticPaths = (() =>
  listServedDocuments().map((document) => ({
    params: { document: document.file.slice(1) },
    props: { document },
  }))) satisfies GetStaticPaths;

/** GET of a document surface: the document as the builders computed it. */
export const GET = ({ props }: { props: { document: ServedDocument } }) =>
  documentResponse(props.document.body, props.document.mediaType);
