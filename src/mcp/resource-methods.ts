import { JSONRPCErrorException } from 'json-rpc-2.0';
import type { SiteDocuments } from '../documents/site-documents.ts';
import { getVersionFeatures } from '../service/mcp-protocol.ts';
import {
  invalidParams,
  readObjectParams,
  readPage,
  withTitle,
  type AddMcpMethod,
} from './method-context.ts';
import { buildResourceCatalog } from './resources.ts';

/**
 * Adds resources/list, resources/templates/list and resources/read over every public document.
 * @see MCP 2025-11-25 server/resources
 */
export function addResourceMethods(addMethod: AddMcpMethod, site: SiteDocuments): void {
  const catalog = buildResourceCatalog(site);

  addMethod('resources/list', (params, context) => {
    const features = getVersionFeatures(context.version);
    const { items, ...next } = readPage(
      'resources/list',
      catalog.resources,
      readObjectParams(params).cursor,
    );
    return {
      resources: items.map(({ text, ...resource }) => ({
        ...withTitle(resource, features),
        size: Buffer.byteLength(text),
      })),
      ...next,
    };
  });

  addMethod('resources/templates/list', (params, context) => {
    const features = getVersionFeatures(context.version);
    const { items, ...next } = readPage(
      'resources/templates/list',
      catalog.templates,
      readObjectParams(params).cursor,
    );
    return { resourceTemplates: items.map((template) => withTitle(template, features)), ...next };
  });

  addMethod('resources/read', (params, context) => {
    const { uri } = readObjectParams(params);
    if (typeof uri !== 'string') throw invalidParams('resources/read needs params.uri (a string)');
    const resource = catalog.read(uri);
    if (!resource) {
      throw new JSONRPCErrorException(
        `Resource not found: ${uri}. Call resources/list for the available resources.`,
        getVersionFeatures(context.version).resourceNotFoundCode,
        { uri },
      );
    }
    return { contents: [{ uri: resource.uri, mimeType: resource.mimeType, text: resource.text }] };
  });
}
