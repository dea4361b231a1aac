import { describe, expect, it } from 'vitest';
import { buildDocsOutline, buildTagId } from '../../src/reference/docs-outline.ts';

describe('buildTagId', () => {
  it('should make an anchor of a tag name', () => {
    expect(buildTagId('Agent resources')).toBe('tag-agent-resources');
  });
});

describe('buildDocsOutline', () => {
  it("should list the copy's second-level headings, then the reference with its tags", () => {
    const outline = buildDocsOutline({
      copyHeadings: [
        { depth: 2, slug: 'versioning', text: 'Versioning' },
        { depth: 3, slug: 'detail', text: 'Detail' },
      ],
      tagNames: ['REST', 'MCP'],
    });
    expect(outline.map((entry) => entry.id)).toEqual([
      'versioning',
      'servers',
      'authentication',
      'operations',
      'mcp',
      'schemas',
      'error-catalogue',
      'limits',
      'versions',
    ]);
    expect(outline.find((entry) => entry.id === 'operations')?.children).toEqual([
      { id: 'tag-rest', text: 'REST', children: [] },
      { id: 'tag-mcp', text: 'MCP', children: [] },
    ]);
  });
});
