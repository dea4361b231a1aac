import { describe, expect, it } from 'vitest';
import { buildRouteTable, type RouteTable, type Surface } from '../../src/service/routes.ts';
import { listSitePages } from '../../src/service/site-pages.ts';
import { listServedDocuments, readServedDocument } from '../../src/site/served-documents.ts';
import { siteRoutes } from '../../src/site/site-routes.ts';

/** A route table holding only the given surfaces (the lookups are not used here). */
const tableOf = (surfaces: Surface[]): RouteTable => ({ ...siteRoutes, surfaces });
const base = buildRouteTable(listSitePages([])).findSurface('/robots.txt');

describe('listServedDocuments', () => {
  it('should write each document surface of the table at each path, or at its renamed file', () => {
    const documents = listServedDocuments();
    const named = siteRoutes.surfaces.filter((surface) => surface.document);
    expect(new Set(documents.map((document) => document.surface))).toEqual(
      new Set(named.map((surface) => surface.id)),
    );
    const files = documents.map((document) => document.file);
    expect(files).toEqual(
      expect.arrayContaining([
        '/.well-known/api-catalog',
        '/.well-known/oauth-protected-resource.json',
        '/.well-known/ai-catalog.json',
        '/.well-known/mcp/catalog.json',
        '/openapi.json',
        '/api/v1/openapi.json',
        '/llms.txt',
      ]),
    );
    expect(files).not.toContain('/.well-known/oauth-protected-resource');
    expect(new Set(files).size).toBe(files.length);
    for (const document of documents)
      expect(document.body.length, document.file).toBeGreaterThan(0);
  });

  it('should serialize JSON documents and keep text documents as they are', () => {
    const [llms] = listServedDocuments().filter((document) => document.file === '/llms.txt');
    expect(llms?.body.startsWith('# ')).toBe(true);
    expect(llms?.mediaType).toBe('text/plain; charset=utf-8');
    const [catalog] = listServedDocuments().filter(
      (document) => document.file === '/.well-known/api-catalog',
    );
    expect(JSON.parse(catalog?.body ?? '')).toHaveProperty('linkset');
  });

  it('should refuse a surface that names a document at a pattern path', () => {
    const table = tableOf([
      { ...base, id: 'family', paths: ['/x/*.json'], document: 'apiCatalog' },
    ]);
    expect(() => listServedDocuments(table)).toThrow(
      "the route table's surface family names a document but holds patterns (/x/*.json)",
    );
  });
});

describe('readServedDocument', () => {
  it('should name the surface and the document when the built site has no such document', () => {
    expect(() => readServedDocument('apiCatalogue', 'typo')).toThrow(
      `the route table's surface typo names the document "apiCatalogue", which the built site does not have`,
    );
  });
});
