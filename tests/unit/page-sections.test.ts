import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readPageSections } from '../../src/integrations/page-sections.ts';
import { readSiteSections, weighPageForSearch } from '../../src/integrations/search-index.ts';
import type { SitePage } from '../../src/service/site-pages.ts';

const PAGE = `<!doctype html><html><head><title>Docs · Example</title>
<script>var notText = 1;</script></head><body>
<header><a href="/">Home</a><input id="q"></header>
<main id="main">
  <p class="agent-note" data-search-ignore>For AI agents: llms.txt</p>
  <h1>API reference</h1>
  <div data-search-ignore><button>Copy page</button></div>
  <p>How to call the API &amp; read its answers.</p>
  <h2 id="limits">Limits</h2><a class="heading-anchor" href="#limits" data-search-ignore>#</a>
  <table><tr><td>MCP body</td><td>256 KiB</td></tr></table>
  <h3>No anchor here</h3><p>Still<strong>part</strong> of the limits.</p>
  <svg><text>drawn</text></svg>
  <h2 id="errors">Errors <code>rate_limited</code></h2>
  <p hidden>secret</p><p>Every error is a problem, as application/<wbr>problem+json.</p><br><img alt="x">
</main>
<footer>Footer text</footer>
</body></html>`;

describe('readPageSections', () => {
  it('should cut <main> at each heading with an id, the page title from its h1', () => {
    expect(readPageSections(PAGE, '/docs')).toEqual([
      {
        url: '/docs',
        page: 'API reference',
        heading: 'API reference',
        text: 'How to call the API & read its answers.',
      },
      {
        url: '/docs#limits',
        page: 'API reference',
        heading: 'Limits',
        text: 'MCP body 256 KiB No anchor here Stillpart of the limits.',
      },
      {
        url: '/docs#errors',
        page: 'API reference',
        heading: 'Errors rate_limited',
        text: 'Every error is a problem, as application/problem+json.',
      },
    ]);
  });

  it('should give each section the language its heading inherits when asked, and the title its own', () => {
    const html = `<html lang="en"><body><main>
      <h1 lang="el-GR">Αναφορά API</h1><div lang="el-GR"><p>Κείμενο.</p>
      <h2 id="arxi">Η αρχή</h2><p>Πρώτα.</p></div>
      <h2 id="quickstart">Quickstart</h2><br><img alt=""><p>Call it.</p>
    </main></body></html>`;
    expect(readPageSections(html, '/docs', { languages: true })).toEqual([
      {
        url: '/docs',
        page: 'Αναφορά API',
        heading: 'Αναφορά API',
        text: 'Κείμενο.',
        lang: 'el-GR',
        pageLang: 'el-GR',
      },
      {
        url: '/docs#arxi',
        page: 'Αναφορά API',
        heading: 'Η αρχή',
        text: 'Πρώτα.',
        lang: 'el-GR',
        pageLang: 'el-GR',
      },
      {
        url: '/docs#quickstart',
        page: 'Αναφορά API',
        heading: 'Quickstart',
        text: 'Call it.',
        lang: 'en',
        pageLang: 'el-GR',
      },
    ]);
    // Without it (a site in English), no section carries a language.
    expect(readPageSections(html, '/docs').some((section) => 'lang' in section)).toBe(false);
  });

  it('should fall back to the document title, and drop an empty first section', () => {
    const html = '<title>Only &lt;title&gt;</title><main><h2 id="a">A</h2><p>text</p></main>';
    expect(readPageSections(html, '/x')).toEqual([
      { url: '/x#a', page: 'Only <title>', heading: 'A', text: 'text' },
    ]);
  });

  it('should read nothing outside <main>, and nothing from a page without one', () => {
    expect(readPageSections('<title>T</title><p>body text</p>', '/y')).toEqual([]);
  });

  it("should keep a code block's text apart from the prose, each block a word apart from the next", () => {
    // A request sample quotes the questions a reader types; the search weighs its words less.
    const html = `<main><h1>T</h1><h2 id="samples">Request samples</h2>
      <p>Example: ask a question</p><p>curl</p>
      <pre><code><span>curl -d '{"text":"What does it do?"}'</span></code></pre>
      <pre><code>fetch(url)</code></pre><p>Then read the answer.</p>
      <div data-search-section="samples"><pre>moved code</pre><p>moved prose</p></div>
    </main>`;
    expect(readPageSections(html, '/z')).toEqual([
      {
        url: '/z#samples',
        page: 'T',
        heading: 'Request samples',
        text: 'Example: ask a question curl Then read the answer. moved prose',
        code: `curl -d '{"text":"What does it do?"}' fetch(url) moved code`,
      },
    ]);
    // A section without a code block has no code.
    expect(readPageSections('<main><h1>T</h1><p>prose</p></main>', '/y')[0]).not.toHaveProperty(
      'code',
    );
  });

  it('should keep unbalanced or broken markup from leaking skipped text', () => {
    const html = '<main><h1>T</h1><div data-search-ignore><p>hidden<p>more</div><p>shown</main>';
    expect(readPageSections(html, '/z')).toEqual([
      { url: '/z', page: 'T', heading: 'T', text: 'shown' },
    ]);
  });
});

describe('readPageSections with data-search-section', () => {
  it('should give the text of a card to the section it leads to, not to the section it stands in', () => {
    // The home page lists its copy sections as cards after the product's last heading: their
    // titles and descriptions belong to the sections, not to that heading.
    const html = `<main><h1>Home</h1>
      <h2 id="product">Tide</h2><p>Tracks containers.</p>
      <h3 id="how-it-works">How it works</h3><p>Carrier events.</p>
      <nav><ul>
        <li data-search-section="about"><a href="#about">About</a><p>Who we are<br>and <em>why</em>.</p></li>
        <li data-search-section="security"><a href="#security">Security</a><p>ISO 27001.</p></li>
        <li data-search-section="gone"><p>Leads nowhere.</p></li>
      </ul></nav>
      <h2 id="about">About</h2><p>Founded in 2019.</p>
      <h2 id="security">Security</h2><p>Audited yearly.</p>
    </main>`;
    expect(readPageSections(html, '/').map(({ url, text }) => ({ url, text }))).toEqual([
      { url: '/#product', text: 'Tracks containers.' },
      { url: '/#how-it-works', text: 'Carrier events.' },
      { url: '/#about', text: 'Founded in 2019. About Who we are and why.' },
      { url: '/#security', text: 'Audited yearly. Security ISO 27001.' },
    ]);
  });

  it('should end a card where its element ends, however broken the markup inside it', () => {
    const html =
      '<main><h1>T</h1><div data-search-section="a"><p>card<p>more</div><p>after</p><h2 id="a">A</h2><p>text</p></main>';
    expect(readPageSections(html, '/z').map(({ url, text }) => ({ url, text }))).toEqual([
      { url: '/z', text: 'after' },
      { url: '/z#a', text: 'text card more' },
    ]);
  });
});

describe('weighPageForSearch', () => {
  const page = (name: string, section: SitePage['section'], path: string): SitePage => ({
    name,
    section,
    path,
    markdownPath: `${path}.md`,
  });

  it('should weigh a schema page a little less and the changelog half, every other page fully', () => {
    expect(weighPageForSearch(page('Overview', 'docs', '/docs/schemas/Overview'))).toBe(0.8);
    expect(weighPageForSearch(page('changelog', 'content', '/changelog'))).toBe(0.5);
    expect(weighPageForSearch(page('getOverview', 'docs', '/docs/api/getOverview'))).toBe(1);
    expect(weighPageForSearch(page('search_site', 'docs', '/docs/mcp/tools/search_site'))).toBe(1);
    expect(weighPageForSearch(page('about', 'content', '/about'))).toBe(1);
  });
});

describe('readSiteSections', () => {
  it("should give the home page's first section the company's names, and no other section", async () => {
    const root = await mkdtemp(join(tmpdir(), 'site-sections-'));
    try {
      await mkdir(join(root, 'docs'));
      await writeFile(
        join(root, 'index.html'),
        '<main><h1>Heather honey from the hills</h1><p>Raw honey.</p><h2 id="about">About</h2><p>Us.</p></main>',
      );
      await writeFile(
        join(root, 'docs', 'index.html'),
        '<main><h1>API reference</h1><p>Calls.</p></main>',
      );
      const pages: SitePage[] = [
        { name: 'home', section: 'main', path: '/', markdownPath: '/index.md' },
        { name: 'docs', section: 'main', path: '/docs', markdownPath: '/docs.md' },
      ];
      const sections = await readSiteSections(root, pages, {
        companyNames: ['Mêl Eryri Cydweithredol Cyf.', 'Mêl Eryri', 'Mêl Eryri'],
      });
      expect(sections.map(({ url, names }) => ({ url, names }))).toEqual([
        { url: '/', names: 'Mêl Eryri Cydweithredol Cyf. Mêl Eryri' },
        { url: '/#about', names: undefined },
        { url: '/docs', names: undefined },
      ]);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
