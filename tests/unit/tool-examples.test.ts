import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  formatInlinePythonLiteral,
  formatJavaScriptLiteral,
  listToolCallSamples,
} from '../../src/documents/mcp-sdk-samples.ts';
import type { PageSection } from '../../src/documents/page-search.ts';
import { writeToolExamples } from '../../src/integrations/tool-examples.ts';
import { renderCodeBlockHtml } from '../../src/reference/code-block-html.ts';
import { renderToolExampleHtml } from '../../src/reference/tool-example-html.ts';
import { formatToolExampleMarkdown, runToolExamples } from '../../src/reference/tool-examples.ts';
import { loadExpectedSite } from '../support/expected-site.ts';
import { loadFixtureContent } from '../support/fixture-content.ts';

const site = await loadExpectedSite('https://facts.example.com', await loadFixtureContent('rich'));
const { pageSearch: _none, ...documents } = site;

/** Sections of two built pages, as the search-index integration writes them. */
const SECTIONS: PageSection[] = [
  {
    url: '/docs#limits',
    page: 'API reference',
    heading: 'Limits',
    text: 'Over the rate limit a client gets 429 rate_limited with Retry-After.',
  },
  {
    url: '/glossary#pkce',
    page: 'Glossary',
    heading: 'PKCE',
    text: 'Proof Key for Code Exchange.',
  },
];

const made: string[] = [];
afterAll(async () => {
  for (const dir of made) await rm(dir, { recursive: true, force: true });
});

describe('listToolCallSamples', () => {
  it('should give the HTTP samples, then the TypeScript and Python SDK clients with the arguments as literals', () => {
    const samples = listToolCallSamples('https://facts.example.com/mcp', {
      name: 'search_site',
      arguments: { query: "it's a rate limit", limit: 3, exact: true, none: null },
    });
    expect(samples.map((sample) => [sample.id, sample.fence])).toEqual([
      ['curl', 'sh'],
      ['javascript', 'javascript'],
      ['python', 'python'],
      ['typescript-sdk', 'typescript'],
      ['python-sdk', 'python'],
    ]);
    const [, , , typescript, python] = samples;
    expect(typescript?.code).toContain(
      "arguments: { query: 'it\\'s a rate limit', limit: 3, exact: true, none: null },",
    );
    expect(typescript?.code).toContain("new URL('https://facts.example.com/mcp')");
    expect(typescript?.code).toContain(
      'console.log(JSON.stringify(result.structuredContent, null, 2));',
    );
    expect(python?.code).toContain(
      '"search_site", {"query": "it\'s a rate limit", "limit": 3, "exact": True, "none": None}',
    );
    expect(python?.code).toContain('streamable_http_client("https://facts.example.com/mcp")');
  });
});

describe('formatJavaScriptLiteral and formatInlinePythonLiteral', () => {
  it('should quote keys that are no identifiers and write empty objects and lists', () => {
    expect(formatJavaScriptLiteral({ 'a-b': [1, 'x'], c: {} })).toBe("{ 'a-b': [1, 'x'], c: {} }");
    expect(formatInlinePythonLiteral({ 'a-b': [1, false], c: {} })).toBe(
      '{"a-b": [1, False], "c": {}}',
    );
  });
});

describe('runToolExamples', () => {
  it('should run every tool on its example, and leave search_site to the build without pages', async () => {
    const examples = await runToolExamples(documents);
    expect([...examples.keys()]).toEqual(site.mcpTools.map((tool) => tool.name));
    expect(examples.get('search_site')).toBeNull();
    const overview = examples.get('get_company_overview');
    expect(JSON.parse(overview?.json ?? '')).toEqual(site.overview);
    expect(overview?.textContent).toBe('its text content is the same JSON');
    expect(examples.get('get_site_copy_section')?.textContent).toBe(
      'its text content is the `markdown` field alone',
    );
  });

  it("should run search_site over the built pages' sections when it has them", async () => {
    const examples = await runToolExamples({
      ...documents,
      pageSearch: async () => ({ sections: SECTIONS, stopWords: [] }),
    });
    const result = JSON.parse(examples.get('search_site')?.json ?? '') as {
      results: { section: string; url: string }[];
    };
    expect(result.results[0]).toMatchObject({
      section: 'Limits',
      url: 'https://facts.example.com/docs#limits',
    });
  });
});

describe('renderCodeBlockHtml', () => {
  it('should highlight JSON with token classes and no style, and escape a plain block', async () => {
    const highlighted = await renderCodeBlockHtml({
      code: '{\n  "a": "<b>",\n  "n": 1\n}\n',
      lang: 'json',
      label: 'An "example"',
      highlight: true,
    });
    expect(highlighted).toContain('<div class="code-block" data-label="An &quot;example&quot;">');
    expect(highlighted).toContain('<code class="language-json">');
    expect(highlighted).toMatch(/<span class="tok-keyword">\s*"a"<\/span>/);
    expect(highlighted).toContain('<span class="tok-constant"> 1</span>');
    expect(highlighted).not.toContain('style=');
    // Punctuation has no colour of its own: no span for it.
    expect(highlighted).not.toContain('tok-punctuation');
    const plain = await renderCodeBlockHtml({
      code: 'a < b & c',
      lang: 'json',
      label: 'x',
      highlight: false,
    });
    expect(plain).toContain(
      '<pre tabindex="0"><code class="language-json">a &lt; b &amp; c</code></pre>',
    );
  });
});

describe('writeToolExamples', () => {
  /** A built tool page and its Markdown version holding the placeholder, as the build writes them. */
  async function buildPlaceholderFiles(): Promise<string> {
    const root = await mkdtemp(join(tmpdir(), 'tool-examples-'));
    made.push(root);
    await mkdir(join(root, 'docs/mcp/tools/search_site'), { recursive: true });
    await writeFile(
      join(root, 'docs/mcp/tools/search_site/index.html'),
      `<main><h2>Example result</h2>${await renderToolExampleHtml('search_site', null)}</main>`,
    );
    await writeFile(
      join(root, 'docs/mcp/tools/search_site.md'),
      ['## Example result', '', ...formatToolExampleMarkdown(null), 'Next'].join('\n'),
    );
    return root;
  }

  it("should write search_site's example over the built pages into its page and Markdown version", async () => {
    const root = await buildPlaceholderFiles();
    const written = await writeToolExamples(root, {
      ...documents,
      pageSearch: async () => ({ sections: SECTIONS, stopWords: [] }),
    });
    expect(written).toEqual(['search_site']);
    const html = await readFile(join(root, 'docs/mcp/tools/search_site/index.html'), 'utf8');
    const markdown = await readFile(join(root, 'docs/mcp/tools/search_site.md'), 'utf8');
    const example = (
      await runToolExamples({
        ...documents,
        pageSearch: async () => ({ sections: SECTIONS, stopWords: [] }),
      })
    ).get('search_site');
    expect(html).toBe(
      `<main><h2>Example result</h2>${await renderToolExampleHtml('search_site', example ?? null)}</main>`,
    );
    expect(html).toContain(
      '<span class="tok-string-expression"> "https://facts.example.com/docs#limits"</span>',
    );
    expect(markdown).toContain(example?.json.trimEnd() ?? 'no example');
    expect(markdown).not.toContain('(written by the build)');
  });

  it('should fail the build when a page lacks the placeholder it was built with', async () => {
    const root = await buildPlaceholderFiles();
    await writeFile(join(root, 'docs/mcp/tools/search_site/index.html'), '<main></main>');
    await expect(
      writeToolExamples(root, {
        ...documents,
        pageSearch: async () => ({ sections: SECTIONS, stopWords: [] }),
      }),
    ).rejects.toThrow(/does not hold exactly one example placeholder/);
  });
});
