import { describe, expect, inject, it } from 'vitest';
import { findParityGaps, readPageInventory } from '../../src/audit/markdown-parity.ts';
import { listReferenceOperations } from '../../src/reference/api-reference.ts';
import { listErrorCatalogue } from '../../src/service/error-catalogue.ts';
import { loadSampleRoutes } from '../support/sample-content.ts';
import { loadExpectedSite } from '../support/expected-site.ts';

/** Every page of the served content, its own content pages included. */
const SITE_PAGES = (await loadSampleRoutes()).pages;

const baseUrl = inject('baseUrl');
const site = await loadExpectedSite(baseUrl);

async function fetchText(path: string, accept: string): Promise<string> {
  const response = await fetch(`${baseUrl}${path}`, { headers: { Accept: accept } });
  expect(response.status, path).toBe(200);
  return response.text();
}

describe('Markdown versions of the pages', () => {
  it.each(SITE_PAGES)('should carry everything $path shows', async (page) => {
    const html = await fetchText(page.path, 'text/html');
    const markdown = await fetchText(page.markdownPath, 'text/markdown');
    expect(findParityGaps(html, markdown)).toEqual([]);
    expect(markdown).not.toMatch(/\]\((?!https?:|mailto:)[^)]*\)/);
    expect(markdown.split('\n').slice(0, 12).join('\n')).toContain('> **For AI agents:**');
  });

  it('should compare every operation, tool and error that /docs shows', async () => {
    const inventory = readPageInventory(await fetchText('/docs', 'text/html'));
    expect(inventory.operations).toHaveLength(listReferenceOperations(site.openapi).length);
    expect(inventory.tools).toEqual(site.mcpTools.map((tool) => tool.name));
    for (const error of listErrorCatalogue()) expect(inventory.tableKeys).toContain(error.code);
    expect(inventory.tableKeys).toContain('alternateName');
  });

  it('should find the gap when the Markdown drops a heading, an operation, a tool, a field or an error', async () => {
    const html = await fetchText('/docs', 'text/html');
    const markdown = await fetchText('/docs.md', 'text/markdown');
    const cases: [RegExp, string][] = [
      [/^## Limits$/m, 'Limits'],
      [/^#### GET `\/overview`.*$/m, 'GET /overview'],
      [/^#### `search_site_copy`$/m, 'search_site_copy'],
      [/^\| `alternateName` .*$/gm, 'alternateName'],
      [/^\| \[`not_found`\].*$/m, 'not_found'],
    ];
    for (const [pattern, text] of cases) {
      const gaps = findParityGaps(html, markdown.replace(pattern, ''));
      expect(gaps.map((gap) => gap.text).join('\n'), text).toContain(text);
    }
  });
});
