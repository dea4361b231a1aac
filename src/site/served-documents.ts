import { serializeJson } from '../documents/site-documents.ts';
import { MEDIA_TYPES } from '../service/media-types.ts';
import { listDocumentFiles, type RouteTable } from '../service/routes.ts';
import { agentReadiness } from './agent-readiness.ts';
import { site } from './built-site.ts';
import { siteRoutes } from './site-routes.ts';

/** One prerendered file whose body is a document of the built site. */
export interface ServedDocument {
  /** The file's path in the build output (the public path, or the renamed file). */
  readonly file: string;
  readonly body: string;
  /** The surface that names the document. */
  readonly surface: string;
  readonly mediaType: string;
}

/** Every document of the built site, by name: the builders' results (`site`, `agentReadiness`). */
const DOCUMENTS: Readonly<Record<string, unknown>> = { ...site, ...agentReadiness };

/**
 * The body of a document of the built site, by its name: text as it is, anything else as JSON.
 * Throws, naming the surface, for a name no builder's result has (a typo in the route table).
 */
export function readServedDocument(name: string, surface: string): string {
  const document = DOCUMENTS[name];
  if (document === undefined || typeof document === 'function') {
    throw new Error(
      `the route table's surface ${surface} names the document "${name}", which the built site does not have`,
    );
  }
  return typeof document === 'string' ? document : serializeJson(document);
}

/**
 * Every file of the route table whose body is a document named by its surface (`document`), with
 * the media type the surface declares: what src/pages/[...document].ts prerenders.
 */
export function listServedDocuments(routes: RouteTable = siteRoutes): ServedDocument[] {
  return routes.surfaces.flatMap((surface) => {
    if (!surface.document) return [];
    const body = readServedDocument(surface.document, surface.id);
    const mediaType = surface.mediaType ? MEDIA_TYPES[surface.mediaType] : MEDIA_TYPES.text;
    return listDocumentFiles(surface).map((file) => ({
      file,
      body,
      surface: surface.id,
      mediaType,
    }));
  });
}
