import { siteSnapshot } from '../generated/site-snapshot.ts';
import { buildSiteDocuments } from '../documents/site-documents.ts';

/** The built site: every public document, computed once from the build's content snapshot. */
export const site = buildSiteDocuments(siteSnapshot);
