import { describe, expect, inject, it } from 'vitest';
import { findParityGaps, readPageInventory } from '../../src/audit/markdown-parity.ts';
import { listReferenceOperations } from '../../src/reference/api-reference.ts';
import { listErrorCatalogue } from '../../src/service/error-catalogue.ts';
import { loadSampleRoutes } from '../support/sample-content.ts';
import { loadExpectedSite } from '../support/expected-site.ts';
import { findMarkdownVersionProblems } from '../support/markdown-versions.ts';

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
    expect(await findMarkdownVersionProblems(baseUrl, page)).toEqual([]);
  });

  it('should compare every operation, tool and field that the reference pages show', async () => {
    const references = SITE_PAGES.filter((page) => page.section === 'docs');
    const inventories = await Promise.all(
      references.map(async (page) => readPageInventory(await fetchText(page.path, 'text/html'))),
    );
    expect(inventories.flatMap((inventory) => inventory.operations)).toHaveLength(
      listReferenceOperations(site.openapi).length,
    );
    expect(inventories.flatMap((inventory) => inventory.tools).sort()).toEqual(
      site.mcpTools.map((tool) => tool.name).sort(),
    );
    expect(inventories.flatMap((inventory) => inventory.fields)).toContain('alternateName');
    const errors = readPageInventory(await fetchText('/errors', 'text/html'));
    for (const error of listErrorCatalogue()) expect(errors.tableKeys).toContain(error.code);
  });

  it('should find the gap when the Markdown drops a heading, an operation, a tool, a field or an error', async () => {
    const cases: [string, RegExp, string][] = [
      ['/docs', /^## Limits$/m, 'Limits'],
      ['/docs/api/getOverview', /^# GET `\/overview`.*$/m, 'GET /overview'],
      ['/docs/mcp/tools/search_site_copy', /^# `search_site_copy`$/m, 'search_site_copy'],
      ['/docs/schemas/Overview', /^\s*- `alternateName`.*$/gm, 'alternateName'],
      ['/errors', /^\| \[`not_found`\].*$/m, 'not_found'],
    ];
    for (const [path, pattern, text] of cases) {
      const html = await fetchText(path, 'text/html');
      const markdown = await fetchText(`${path}.md`, 'text/markdown');
      expect(findParityGaps(html, markdown), path).toEqual([]);
      const gaps = findParityGaps(html, markdown.replace(pattern, ''));
      expect(gaps.map((gap) => gap.text).join('\n'), text).toContain(text);
    }
  });
});
