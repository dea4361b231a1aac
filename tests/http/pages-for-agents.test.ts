import { describe, expect, inject, it } from 'vitest';
import { listMarkdownLinks } from '../../src/site-content/parse-markdown-outline.ts';
import { findParityGaps } from '../../src/audit/markdown-parity.ts';
import { readFrontMatter, readHead } from '../../src/audit/audit-pages.ts';
import { GLOSSARY_TERMS } from '../../src/reference/glossary.ts';
import { listErrorCatalogue } from '../../src/service/error-catalogue.ts';
import { decodeHtmlEntities } from '../../src/service/escape-html.ts';
import type { SitePage } from '../../src/service/site-pages.ts';
import { API_VERSION } from '../../src/service/versions.ts';
import { readSourcesLastModified } from '../../src/site-content/source-dates.ts';
import { loadSampleRoutes } from '../support/sample-content.ts';
import { readGraph } from '../support/expected-site.ts';

const baseUrl = inject('baseUrl');
/** Every page of the served content, its own content pages included. */
const SITE_PAGES = (await loadSampleRoutes()).pages;
/** The project copy the served site was built from: its sources date its pages. */
const builtFrom = inject('siteBuild').dir;

async function fetchText(path: string, accept = '*/*') {
  const response = await fetch(`${baseUrl}${path}`, { headers: { Accept: accept } });
  expect(response.status, path).toBe(200);
  return { text: await response.text(), headers: response.headers };
}

const sitemapXml = (await fetchText('/sitemap.xml')).text;
/** Every page of the served sitemap, as a path. */
const sitemapPaths = [...sitemapXml.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
  (match) => new URL(match[1] ?? '').pathname,
);
const pages = sitemapPaths.map((path) => {
  const page = SITE_PAGES.find((candidate) => candidate.path === path);
  if (!page) throw new Error(`${path} is in the sitemap but not among the pages`);
  return page;
});

/** Each section's date, read once: every read starts git, a fork of this worker's process. */
const sectionDates = new Map<SitePage['section'], string>();

/** When the sources behind a page last changed, read the way the build reads it. */
function expectedDate(page: SitePage): string {
  const known = sectionDates.get(page.section);
  if (known !== undefined) return known;
  const sources: Record<SitePage['section'], string[]> = {
    main: ['content'],
    content: ['content'],
    errors: [
      'src/service/error-kinds.ts',
      'src/service/oauth-errors.ts',
      'src/service/error-catalogue.ts',
      'src/documents/error-pages.ts',
    ],
    reference: ['src/reference/glossary.ts'],
    docs: ['src/documents/openapi', 'src/schemas', 'src/mcp/tools', 'src/reference'],
  };
  const date = readSourcesLastModified(builtFrom, sources[page.section]).date.toISOString();
  sectionDates.set(page.section, date);
  return date;
}

describe('sitemap.xml', () => {
  it('should list every page: the main pages, the glossary, /errors and every error page', () => {
    expect(sitemapPaths).toEqual(SITE_PAGES.map((page) => page.path));
    for (const entry of listErrorCatalogue())
      expect(sitemapPaths).toContain(`/errors/${entry.code}`);
    expect(sitemapPaths).toContain('/glossary');
  });
});

describe.each(pages)('the page $path', (page) => {
  it('should have a Markdown version at parity, by URL and by Accept, at least 30% smaller', async () => {
    const html = await fetchText(page.path, 'text/html');
    const markdown = await fetchText(page.markdownPath, 'text/markdown');
    const negotiated = await fetchText(page.path, 'text/markdown');
    expect(negotiated.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(negotiated.text).toBe(markdown.text);
    expect(readHead(html.text).link('alternate', 'text/markdown')).toBe(page.markdownPath);
    expect(findParityGaps(html.text, markdown.text)).toEqual([]);
    expect(
      listMarkdownLinks(markdown.text).filter((url) => !/^(?:https?:|mailto:)/.test(url)),
    ).toEqual([]);
    const saving = 1 - Buffer.byteLength(markdown.text) / Buffer.byteLength(html.text);
    expect(
      saving,
      `${page.markdownPath} is ${Math.round(saving * 100)}% smaller`,
    ).toBeGreaterThanOrEqual(0.3);
  });

  it('should carry a description of 50+ characters and at least three headings', async () => {
    const { text } = await fetchText(page.path, 'text/html');
    const description = readHead(text).meta('name', 'description') ?? '';
    expect(description.length).toBeGreaterThanOrEqual(50);
    expect(text.match(/<h[1-3][\s>]/g)?.length ?? 0).toBeGreaterThanOrEqual(3);
  });

  it('should date the page in JSON-LD and in the front matter from its sources, with a breadcrumb', async () => {
    const { text } = await fetchText(page.path, 'text/html');
    const graph = readGraph(text);
    const webPage = graph.find((node) => node['@type'] === 'WebPage');
    const date = expectedDate(page);
    expect(webPage?.dateModified).toBe(date);
    const trail = graph.find((node) => node['@type'] === 'BreadcrumbList') as
      { itemListElement: { position: number; item: string }[] } | undefined;
    expect(trail?.itemListElement[0]?.item).toBe(`${baseUrl}/`);
    expect(trail?.itemListElement.at(-1)?.item).toBe(new URL(page.path, baseUrl).href);
    const front = readFrontMatter((await fetchText(page.markdownPath)).text);
    expect(front?.get('doc_version')).toBe(API_VERSION);
    expect(front?.get('last_updated')).toBe(date);
    expect(front?.get('title')).toBeTruthy();
    expect(front?.get('description')).toBeTruthy();
  });

  it('should end its Markdown version with a short ## Sitemap and link the glossary in its footer', async () => {
    const markdown = (await fetchText(page.markdownPath)).text;
    const sitemap = markdown.slice(markdown.lastIndexOf('\n## ') + 1);
    expect(sitemap.startsWith('## Sitemap\n')).toBe(true);
    expect(sitemap).toContain(`](${baseUrl}/sitemap.md)`);
    const html = (await fetchText(page.path, 'text/html')).text;
    expect(/<footer[\s\S]*<a href="\/glossary">Glossary<\/a>[\s\S]*<\/footer>/.test(html)).toBe(
      true,
    );
    // The header's pages, in its order and by its labels (an owner's navLabel, in its language,
    // and the owner's pages in the navigation), then the reference's.
    const linked = [...sitemap.matchAll(/\[((?:\\.|[^\]\\])*)\]\(([^)\s]+)\)/g)].map(
      ([, label = '', url = '']) => [label.replace(/\\(.)/g, '$1'), url],
    );
    const header = /<nav aria-label="Main"[^>]*>([\s\S]*?)<\/nav>/.exec(html)?.[1] ?? '';
    const links = [...header.matchAll(/<a href="([^"]+)"[^>]*>([^<]*)<\/a>/g)].map(
      ([, href = '', label = '']) => [
        decodeHtmlEntities(label).trim(),
        `${baseUrl}${href === '/' ? '/index' : href}.md`,
      ],
    );
    for (const path of ['/index', '/developers', '/docs']) {
      expect(links.map(([, url]) => url)).toContain(`${baseUrl}${path}.md`);
    }
    expect(linked.slice(0, links.length)).toEqual(links);
    expect(linked.slice(links.length).map(([label]) => label)).toEqual([
      'Glossary',
      'Errors',
      'Every page',
    ]);
  });
});

describe('error pages', () => {
  it.each(listErrorCatalogue())(
    '/errors/$code should say what it means, its causes, how to recover, with an example body',
    async (entry) => {
      const html = (await fetchText(`/errors/${entry.code}`, 'text/html')).text;
      for (const heading of ['What it means', 'Common causes', 'How to recover', 'Example body'])
        expect(html).toContain(`<h2>${heading}</h2>`);
      const example = /<code class="language-json">([\s\S]*?)<\/code>/.exec(html)?.[1] ?? '';
      expect(example.replace(/&quot;/g, '"')).toContain(
        `"type": "${baseUrl}/errors/${entry.code}"`,
      );
      const main = /<main[\s\S]*?<\/main>/.exec(html)?.[0] ?? '';
      const text = main
        .replace(/<[^>]+>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim();
      expect(text.length).toBeGreaterThanOrEqual(600);
      expect(text.length / main.length).toBeGreaterThanOrEqual(0.5);
      const markdown = (await fetchText(`/errors/${entry.code}.md`)).text;
      expect(markdown).toContain('```json\n{');
      expect(markdown).toContain(entry.resolution ?? '');
    },
  );

  it('should be listed in an Errors section of llms.txt by their Markdown versions', async () => {
    const llms = (await fetchText('/llms.txt')).text;
    const section = /^## Errors\n([\s\S]*?)^## /m.exec(llms)?.[1] ?? '';
    expect(section).toContain(`](${baseUrl}/errors.md)`);
    for (const entry of listErrorCatalogue())
      expect(section).toContain(`](${baseUrl}/errors/${entry.code}.md)`);
  });
});

describe('/sitemap.md, /AGENTS.md and the glossary', () => {
  it('should link every page as Markdown from /sitemap.md, itself linked from llms.txt and robots.txt', async () => {
    const sitemap = await fetchText('/sitemap.md');
    expect(sitemap.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    for (const page of SITE_PAGES)
      expect(sitemap.text).toContain(`](${baseUrl}${page.markdownPath})`);
    for (const path of ['/copy/product.md', '/llms.txt', '/AGENTS.md', '/auth.md'])
      expect(sitemap.text).toContain(`](${baseUrl}${path})`);
    expect((await fetchText('/llms.txt')).text).toContain(`](${baseUrl}/sitemap.md)`);
    expect((await fetchText('/robots.txt')).text).toContain(`${baseUrl}/sitemap.md`);
  });

  it('should serve /AGENTS.md with Getting started, Usage and Reference from the content', async () => {
    const agents = await fetchText('/AGENTS.md');
    expect(agents.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(agents.text.match(/^## .*$/gm)).toEqual([
      '## Getting started',
      '## Usage',
      '## Reference',
    ]);
    const llms = (await fetchText('/llms.txt')).text;
    const summary = /^> (.*)$/m.exec(llms)?.[1] ?? '';
    expect(agents.text).toContain(`> ${summary}`);
  });

  it('should define every glossary term under its anchor, and /docs should link the glossary', async () => {
    const html = (await fetchText('/glossary', 'text/html')).text;
    for (const term of GLOSSARY_TERMS)
      expect(html).toMatch(new RegExp(`<h2 id="${term.id}"[^>]*>`));
    const docs = (await fetchText('/docs', 'text/html')).text;
    expect(/<main[\s\S]*href="\/glossary"[\s\S]*<\/main>/.test(docs)).toBe(true);
  });
});
