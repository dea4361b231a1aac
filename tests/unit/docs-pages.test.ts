import { describe, expect, it } from 'vitest';
import { listDocsPages, readDocsPageNames } from '../../src/service/docs-pages.ts';

const OPENAPI = {
  paths: {
    '/overview': { get: { operationId: 'getOverview' } },
    '/mcp': { get: { operationId: 'getMcp' }, post: { operationId: 'postMcp' } },
  },
  components: { schemas: { Overview: {}, Problem: {} } },
};

describe('readDocsPageNames', () => {
  it('should name a page for every operation, tool and schema, in document order', () => {
    expect(readDocsPageNames(OPENAPI, ['get_product'])).toEqual({
      operations: ['getOverview', 'getMcp', 'postMcp'],
      tools: ['get_product'],
      schemas: ['Overview', 'Problem'],
    });
  });

  it('should refuse an operation without an operationId, and two with one id', () => {
    expect(() => readDocsPageNames({ paths: { '/x': { get: {} } } }, [])).toThrow(
      'GET /x has no operationId',
    );
    expect(() =>
      readDocsPageNames(
        {
          paths: { '/a': { get: { operationId: 'same' } }, '/b': { get: { operationId: 'same' } } },
        },
        [],
      ),
    ).toThrow('two operations are named same');
  });
});

describe('listDocsPages', () => {
  it('should give each thing a page and a Markdown version under /docs', () => {
    const pages = listDocsPages(readDocsPageNames(OPENAPI, ['get_product']));
    expect(pages.map((page) => [page.name, page.path, page.markdownPath])).toEqual([
      ['docs-api-getOverview', '/docs/api/getOverview', '/docs/api/getOverview.md'],
      ['docs-api-getMcp', '/docs/api/getMcp', '/docs/api/getMcp.md'],
      ['docs-api-postMcp', '/docs/api/postMcp', '/docs/api/postMcp.md'],
      ['docs-tool-get_product', '/docs/mcp/tools/get_product', '/docs/mcp/tools/get_product.md'],
      ['docs-mcp-resources', '/docs/mcp/resources', '/docs/mcp/resources.md'],
      ['docs-mcp-prompts', '/docs/mcp/prompts', '/docs/mcp/prompts.md'],
      ['docs-schema-Overview', '/docs/schemas/Overview', '/docs/schemas/Overview.md'],
      ['docs-schema-Problem', '/docs/schemas/Problem', '/docs/schemas/Problem.md'],
    ]);
    expect(pages.every((page) => page.section === 'docs')).toBe(true);
  });

  it('should list no page without names, and refuse a name that cannot be a path segment', () => {
    expect(listDocsPages({ operations: [], tools: [], schemas: [] })).toEqual([]);
    expect(() => listDocsPages({ operations: ['get/../x'], tools: [], schemas: [] })).toThrow(
      '"get/../x" cannot name a page of the reference',
    );
  });
});
