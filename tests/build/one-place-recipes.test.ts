import { readProjectToolNames } from '../../src/integrations/mcp-tool-modules.ts';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildSiteRoutes } from '../../src/documents/site-routes.ts';
import { buildSiteVercelConfig } from '../../src/documents/site-vercel-config.ts';
import { buildSiteNavigation } from '../../src/reference/site-navigation.ts';
import { CACHE_POLICIES } from '../../src/service/route-policies.ts';
import { readSiteContent } from '../../src/site-content/read-site-content.ts';
import { decodeHtmlText } from '../support/expected-site.ts';
import { waitForCopyBuild, type CopyBuild } from '../support/copy-builds.ts';
import { DOCUMENT_PATH, PAGE, PAGE_SLUG, TOOL_NAME } from '../support/recipe-fixtures.ts';

/*
 * The recipes of docs/architecture.md ("Recipes: one place per new thing"), all in ONE copy of the
 * project, built once and served as a site owner would (`astro build`, then `src/server/serve.ts`):
 * a new MCP tool is one file in src/mcp/tools/; a new page is one file in content/pages/; a new
 * well-known document is one builder plus one route-table entry. Nothing else is edited, and each
 * new thing must be found on every surface it should reach.
 */
let served: CopyBuild | undefined;
let origin: string;

beforeAll(async () => {
  // Built with the three new things and served in the background since the run began.
  served = await waitForCopyBuild('one-place-recipes');
  origin = served.baseUrl;
}, 900_000);

/** A JSON-RPC call to the copy's MCP endpoint. */
async function callMcp(method: string, params: Record<string, unknown>) {
  const response = await fetch(`${origin}/mcp`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      'MCP-Protocol-Version': '2025-11-25',
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return (await response.json()) as { result: Record<string, unknown> };
}

async function fetchText(path: string, accept = '*/*'): Promise<string> {
  const response = await fetch(`${origin}${path}`, { headers: { Accept: accept } });
  expect(response.status, path).toBe(200);
  return response.text();
}

describe('a new MCP tool written as one file in src/mcp/tools/', () => {
  it('should be listed by tools/list and answer tools/call with its example', async () => {
    const listed = (await callMcp('tools/list', {})).result.tools as { name: string }[];
    expect(listed.map((tool) => tool.name)).toContain(TOOL_NAME);
    const called = await callMcp('tools/call', {
      name: TOOL_NAME,
      arguments: { words: 'one file' },
    });
    expect(called.result.structuredContent).toMatchObject({ words: 'one file' });
    const refused = await callMcp('tools/call', { name: TOOL_NAME, arguments: { words: '' } });
    expect(refused.result.isError).toBe(true);
  });

  it('should have its own reference page and Markdown version, linked from /docs', async () => {
    expect(await fetchText('/docs')).toContain(`id="tool-${TOOL_NAME}"`);
    const page = `/docs/mcp/tools/${TOOL_NAME}`;
    const html = await fetchText(page);
    expect(html).toContain(`id="tool-${TOOL_NAME}"`);
    // Its SDK samples and the result it gave to its example when the copy was built.
    expect(html).toContain('data-sample-language="python-sdk"');
    expect(decodeHtmlText(html)).toMatch(/"words"\s*:\s*"one file"\s*,\s*"company"/);
    const markdown = await fetchText(`${page}.md`);
    expect(markdown).toContain(`# \`${TOOL_NAME}\``);
    expect(markdown).toContain('## Example result');
    expect(markdown).toMatch(/```json\n\{\n {2}"words": "one file",/);
    expect(await fetchText('/docs.md')).toContain(`${page}.md`);
  });

  it('should be listed by llms.txt and the MCP server card', async () => {
    expect(await fetchText('/llms.txt')).toMatch(new RegExp(`^- \\[${TOOL_NAME}\\]\\(`, 'm'));
    const card = JSON.parse(await fetchText('/.well-known/mcp/server-card.json')) as {
      tools?: { name: string }[];
    };
    expect(card.tools?.map((tool) => tool.name)).toContain(TOOL_NAME);
  });

  it('should be registered through WebMCP by every page and named in its agent note', async () => {
    for (const path of ['/', '/developers']) {
      const html = await fetchText(path);
      const list = /<meta name="webmcp-tools" content="([^"]*)"/.exec(html)?.[1] ?? '[]';
      const tools = JSON.parse(decodeHtmlText(list)) as { name: string; runs: { kind: string } }[];
      expect(tools.find((tool) => tool.name === TOOL_NAME)?.runs, path).toEqual({
        kind: 'mcp-tool',
      });
      expect(html, path).toContain(`<code>${TOOL_NAME}</code>`);
    }
    expect(await fetchText('/index.md')).toContain(`\`${TOOL_NAME}\``);
  });
});

describe('a new page written as one file in content/pages/', () => {
  it('should be served at /<slug> with the shared layout, JSON-LD, page actions and its body', async () => {
    const response = await fetch(`${origin}/${PAGE_SLUG}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('link')).toContain(`</${PAGE_SLUG}.md>; rel="alternate"`);
    expect(response.headers.get('vary')).toContain('Accept');
    expect(response.headers.get('cache-control')).toBe(CACHE_POLICIES.revalidate);
    const html = await response.text();
    expect(html).toContain(`<title>${PAGE.title}</title>`);
    expect(decodeHtmlText(html)).toContain(PAGE.heading);
    expect(html).toContain(PAGE.body);
    expect(html).toMatch(/<h2[^>]*id="opening-hours"/);
    expect(html).toContain('data-page-actions');
    expect(html).toContain(`data-copy-markdown="/${PAGE_SLUG}.md"`);
    const jsonLd = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1];
    expect(jsonLd).toContain(`${origin}/${PAGE_SLUG}`);
    expect(jsonLd).toContain('dateModified');
  });

  it('should be linked from the navigation of every page, in its navOrder', async () => {
    // The copy's content/ may hold content pages of its own (an owner's): they keep their places.
    const content = await readSiteContent(join(served?.dir ?? '', 'content'));
    const expected = buildSiteNavigation(content).map((link) => link.href);
    for (const path of ['/', '/docs', `/${PAGE_SLUG}`]) {
      const nav = /<nav aria-label="Main"[^>]*>([\s\S]*?)<\/nav>/.exec(await fetchText(path))?.[1];
      const links = [...(nav ?? '').matchAll(/href="([^"]+)"/g)].map((match) => match[1]);
      expect(links, path).toEqual(expected);
      // navOrder 15: after Home (10), before Developers (20).
      expect(links.indexOf(`/${PAGE_SLUG}`), path).toBeGreaterThan(links.indexOf('/'));
      expect(links.indexOf(`/${PAGE_SLUG}`), path).toBeLessThan(links.indexOf('/developers'));
    }
  });

  it('should have a Markdown mirror, also negotiated on its own URL', async () => {
    const markdown = await fetchText(`/${PAGE_SLUG}.md`);
    expect(markdown).toContain(`title: ${JSON.stringify(PAGE.title)}`);
    expect(markdown).toContain(`canonical: "${origin}/${PAGE_SLUG}"`);
    expect(markdown).toContain(`\n# ${PAGE.heading}\n`);
    expect(markdown).toContain(PAGE.body);
    expect(markdown).toContain('\n## Opening hours\n');
    expect(await fetchText(`/${PAGE_SLUG}`, 'text/markdown')).toBe(markdown);
    const mirror = await fetch(`${origin}/${PAGE_SLUG}.md`);
    expect(mirror.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(mirror.headers.get('link')).toBe(`</${PAGE_SLUG}>; rel="canonical"; type="text/html"`);
  });

  it('should be listed by sitemap.xml, sitemap.md, llms.txt and the search index', async () => {
    expect(await fetchText('/sitemap.xml')).toContain(`<loc>${origin}/${PAGE_SLUG}</loc>`);
    expect(await fetchText('/sitemap.md')).toContain(
      `- [${PAGE.title}](${origin}/${PAGE_SLUG}.md): ${PAGE.description}`,
    );
    const llms = await fetchText('/llms.txt');
    expect(llms).toContain(
      `## ${PAGE.llmsSection}\n\n- [${PAGE.title}](${origin}/${PAGE_SLUG}.md): ${PAGE.description}\n`,
    );
    expect(llms.indexOf(`## ${PAGE.llmsSection}`)).toBeLessThan(llms.indexOf('## Optional'));
    const { sections } = JSON.parse(await fetchText('/search-index.json')) as {
      sections: { url: string }[];
    };
    expect(sections.map((section) => section.url)).toContain(`/${PAGE_SLUG}`);
  });

  it("should be in the copy's route table, Vercel configuration and middleware bundle", async () => {
    const dir = served?.dir ?? '';
    const content = await readSiteContent(join(dir, 'content'));
    expect(
      buildSiteRoutes(content, readProjectToolNames(dir)).findSurface(`/${PAGE_SLUG}`).id,
    ).toBe(`page-${PAGE_SLUG}`);
    const sources = buildSiteVercelConfig(content, readProjectToolNames(dir)).headers.map(
      (rule) => rule.source,
    );
    // A rule of the page's own: its source matches the page (and its Markdown version), not any
    // path (the rules for every path, such as the security headers, are left out).
    const ownRules = (path: string) =>
      sources.filter((source) => {
        const matches = new RegExp(`^${source}$`);
        return matches.test(path) && !matches.test('/no-such-page');
      });
    expect(ownRules(`/${PAGE_SLUG}`)).not.toEqual([]);
    expect(ownRules(`/${PAGE_SLUG}.md`)).not.toEqual([]);
    // The middleware's bundle (what Vercel ships) negotiates the page from the slugs it was built with.
    const bundle = join(dir, 'src', 'generated', 'functions', 'middleware', 'middleware.mjs');
    const middleware = (
      (await import(pathToFileURL(bundle).href)) as {
        default: (request: Request) => Response;
      }
    ).default;
    const answer = middleware(
      new Request(`${origin}/${PAGE_SLUG}`, { headers: { Accept: 'text/markdown' } }),
    );
    expect(answer.headers.get('x-middleware-rewrite')).toBe(`${origin}/${PAGE_SLUG}.md`);
  });
});

describe('a new well-known document written as a builder and one route-table entry', () => {
  it('should be served at its path with the media type, cache and CORS its entry names', async () => {
    const response = await fetch(`${origin}${DOCUMENT_PATH}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('cache-control')).toBe(CACHE_POLICIES.metadata);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(await response.json()).toEqual({ company: expect.any(String), mcp: `${origin}/mcp` });
  });
});
