import { describe, expect, it } from 'vitest';
import { listReferenceOperations } from '../../src/reference/api-reference.ts';
import {
  listOperationErrors,
  listOwnResponses,
  resolveDocsPage,
} from '../../src/reference/docs-page-kinds.ts';
import {
  buildDocsNavigation,
  buildDocsTrail,
  buildTagId,
  findDocsPlace,
} from '../../src/reference/docs-reference.ts';
import { buildDocsPageMarkdownParts } from '../../src/reference/docs-pages-markdown.ts';
import { runToolExamples } from '../../src/reference/tool-examples.ts';
import { listDocsPages, readDocsPageNames } from '../../src/service/docs-pages.ts';
import { listErrorCatalogue } from '../../src/service/error-catalogue.ts';
import { loadExpectedSite } from '../support/expected-site.ts';
import { loadFixtureContent } from '../support/fixture-content.ts';

const site = await loadExpectedSite('https://facts.example.com', await loadFixtureContent('rich'));
const groups = buildDocsNavigation(site);
const pages = listDocsPages(
  readDocsPageNames(
    site.openapi,
    site.mcpTools.map((tool) => tool.name),
  ),
);
const operation = (id: string) => {
  const found = listReferenceOperations(site.openapi).find((o) => o.operationId === id);
  if (!found) throw new Error(`no operation ${id}`);
  return found;
};

describe('buildTagId', () => {
  it('should make an anchor of a tag name', () => {
    expect(buildTagId('Agent resources')).toBe('tag-agent-resources');
  });
});

describe('buildDocsNavigation', () => {
  it('should list the entry, every page the route table names, then every error', () => {
    const paths = groups.flatMap((group) => group.items.map((item) => item.path));
    expect(paths[0]).toBe('/docs');
    expect(paths.filter((path) => path.startsWith('/docs/'))).toEqual(
      expect.arrayContaining(pages.map((page) => page.path)),
    );
    expect(paths.filter((path) => path.startsWith('/docs/'))).toHaveLength(pages.length);
    for (const entry of listErrorCatalogue()) expect(paths).toContain(`/errors/${entry.code}`);
  });

  it("should keep the one-page /docs' ids on the items", () => {
    const ids = groups.flatMap((group) => group.items.map((item) => item.formerId));
    expect(ids).toEqual(
      expect.arrayContaining(['getOverview', 'tool-get_product', 'schema-Overview', 'mcp-prompts']),
    );
    expect(groups.map((group) => group.id)).toEqual(
      expect.arrayContaining(['tag-rest', 'mcp-tools', 'schemas', 'error-catalogue']),
    );
  });
});

describe('findDocsPlace', () => {
  it('should link each page to its neighbours in reading order, the errors left out', () => {
    const first = findDocsPlace(groups, '/docs');
    expect(first.previous).toBeUndefined();
    expect(first.next?.path).toBe(pages[0]?.path);
    const last = findDocsPlace(groups, pages.at(-1)?.path ?? '');
    expect(last.next).toBeUndefined();
    expect(buildDocsTrail(last).map((crumb) => crumb.path)).toEqual([
      '/docs',
      '/docs#schemas',
      pages.at(-1)?.path,
    ]);
  });

  it('should refuse a path that is no page of the reference', () => {
    expect(() => findDocsPlace(groups, '/errors/not_found')).toThrow('is no page of the reference');
    expect(() => resolveDocsPage(site, '/docs/api/nothing')).toThrow('names nothing');
  });
});

describe('listOperationErrors', () => {
  const statuses = (id: string) => listOperationErrors(operation(id)).map((error) => error.status);

  it('should list for a prerendered document only what its server can refuse, no 401 or 429', () => {
    expect(statuses('getOverview')).toEqual(['405', '408', '414', '417', '431', '503']);
  });

  it('should list 401 only where the function reads a bearer token', () => {
    expect(statuses('postMcpMessage')).toContain('401');
    expect(statuses('postMcpMessage')).toContain('429');
    expect(statuses('getJwks')).not.toContain('401');
  });

  it('should name the codes a shared response stands for', () => {
    const unavailable = listOperationErrors(operation('getOverview')).find(
      (e) => e.status === '503',
    );
    expect(unavailable?.codes.map((entry) => entry.code)).toEqual(['too_many_connections']);
  });
});

describe('listOwnResponses', () => {
  const statuses = (id: string) =>
    listOwnResponses(operation(id)).map((response) => response.status);

  it("should list a prerendered document's 200 and its shared 304, with the ETag, and no error", () => {
    expect(statuses('getOverview')).toEqual(['200', '304']);
    const notModified = listOwnResponses(operation('getOverview')).find((r) => r.status === '304');
    expect(notModified?.headers.map((header) => header.name)).toEqual(['ETag']);
  });

  it('should list no 304 for a function, which sends no validator', () => {
    expect(statuses('getJwks')).not.toContain('304');
    expect(statuses('getJwks')).toContain('200');
  });
});

describe('buildDocsPageMarkdownParts', () => {
  it('should give each reference page its heading, trail and neighbours in Markdown', async () => {
    const { copy, body } = buildDocsPageMarkdownParts(
      site,
      '/docs/api/getOverview',
      await runToolExamples(site),
    );
    expect(copy.heading).toBe('GET `/overview`: Get the company overview');
    expect(body[0]).toBe(
      'Trail: [API docs](https://facts.example.com/docs.md) › [REST API](https://facts.example.com/docs.md#tag-rest)',
    );
    expect(body.join('\n')).toContain('- `links` ([OverviewLinks]');
    expect(body.at(-2)).toMatch(/^Previous: .* · Next: /);
  });
});
