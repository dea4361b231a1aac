import type { AuditCheck, AuditContext, CheckScope } from './audit-check.ts';
import { expectDocument } from './audit-expectations.ts';
import { parseJson, type AuditResponse } from './audit-http.ts';
import {
  BROWSER_ACCEPT,
  listJsonLdBlocks,
  listPageUrls,
  readFrontMatter,
  readHead,
  readVisibleText,
  toMarkdownUrl,
} from './audit-pages.ts';
import { ARD } from './check-sources.ts';

/** An ISO 8601 date-time with a time zone, as JSON-LD `dateModified` and `last_updated` carry it. */
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** Every node of a page's JSON-LD blocks (top-level objects and `@graph` members). */
function readJsonLdNodes(html: string): Record<string, unknown>[] {
  return listJsonLdBlocks(html).flatMap((block) => {
    const json = parseJson(block) as Record<string, unknown> | undefined;
    if (!json) return [];
    const graph = json['@graph'];
    return Array.isArray(graph) ? (graph as Record<string, unknown>[]) : [json];
  });
}

/** Reads the page and its Markdown version; undefined (with a failure) when either is missing. */
async function readPagePair(
  context: AuditContext,
  scope: CheckScope,
  url: string,
): Promise<{ html: AuditResponse; markdown: AuditResponse } | undefined> {
  const html = await context.http.get(url, BROWSER_ACCEPT);
  if (!expectDocument(scope, html, ['text/html'])) return undefined;
  const markdown = await context.http.get(toMarkdownUrl(url), 'text/markdown');
  if (!expectDocument(scope, markdown, ['text/markdown'])) return undefined;
  return { html, markdown };
}

/** The glossary terms the issue names; each must have an anchored definition. */
const REQUIRED_TERMS = [
  /\bMCP\b/,
  /streamable HTTP/i,
  /client credentials/i,
  /\bPKCE\b/,
  /problem details/i,
  /llms\.txt/,
  /server card/i,
  /content signals/i,
];

/** Issue 20: error pages, freshness, Markdown navigation, the glossary, lean Markdown. */
export const AGENT_READING_CHECKS: readonly AuditCheck[] = [
  {
    id: 'error-pages',
    title:
      'Error pages are first-class: in the sitemap and llms.txt, described, sectioned, mostly text',
    sources: ['RFC 9457 §3.1.1', ARD('page checks')],
    fix: 'List /errors and every /errors/<code> in sitemap.xml and an ## Errors section of llms.txt, and give each error page what it means, common causes, how to recover and an example body (src/documents/error-pages.ts, src/service/site-pages.ts).',
    async run(context, scope) {
      const index = await context.http.get(`${context.origin}/errors`, BROWSER_ACCEPT);
      if (!expectDocument(scope, index, ['text/html'])) return;
      const codes = [
        ...new Set([...index.text.matchAll(/href="\/errors\/([a-z0-9_]+)"/g)].map((m) => m[1])),
      ];
      scope.expect(codes.length > 0, '/errors links no error page');
      const pages = new Set(listPageUrls(context));
      const llms = await context.http.get(`${context.origin}/llms.txt`, 'text/plain');
      const errorsSection = /^## Errors\n([\s\S]*?)(?=^## |(?![\s\S]))/m.exec(llms.text)?.[1] ?? '';
      scope.expect(errorsSection !== '', 'llms.txt has no ## Errors section');
      for (const path of ['/errors', ...codes.map((code) => `/errors/${String(code)}`)]) {
        const url = `${context.origin}${path}`;
        scope.expect(pages.has(url), `${path} is not in sitemap.xml`);
        scope.expect(
          errorsSection.includes(`](${toMarkdownUrl(url)})`),
          `llms.txt's ## Errors section does not link ${path}.md`,
        );
        if (path === '/errors') continue;
        const page = await context.http.get(url, BROWSER_ACCEPT);
        if (!expectDocument(scope, page, ['text/html'])) continue;
        const headings = [...page.text.matchAll(/<h2\b[^>]*>([\s\S]*?)<\/h2>/g)].map((m) =>
          readVisibleText(m[1] ?? ''),
        );
        for (const wanted of ['What it means', 'Common causes', 'How to recover'])
          scope.expect(headings.includes(wanted), `${path} has no "${wanted}" heading`);
        const example = /<code class="language-json">([\s\S]*?)<\/code>/.exec(page.text)?.[1];
        scope.expect(
          example?.includes(`${context.origin}${path}`) === true,
          `${path} shows no example body naming its type`,
        );
        const main = /<main[\s\S]*?<\/main>/.exec(page.text)?.[0] ?? '';
        const text = readVisibleText(main);
        scope.expect(
          text.length >= 600,
          `${path}: ${text.length} characters of text in <main> (600+ wanted)`,
        );
        // Mostly content, not markup: text is at least half of <main>'s HTML.
        scope.expect(
          text.length >= main.length / 2,
          `${path}: text is ${Math.round((100 * text.length) / main.length)}% of <main>'s HTML (50%+ wanted)`,
        );
      }
      scope.note(`/errors and ${codes.length} error pages`);
    },
  },
  {
    id: 'page-freshness',
    title:
      'Every page: JSON-LD dateModified and BreadcrumbList; its Markdown version dated and versioned',
    sources: ['schema.org WebPage, BreadcrumbList', 'Agent Readability spec'],
    fix: "Add a WebPage with dateModified (ISO 8601) and a BreadcrumbList to the JSON-LD (src/reference/structured-data.ts), and title, description, doc_version and last_updated to every Markdown version's front matter (src/documents/page-markdown.ts), both from src/site/page-dates.ts.",
    async run(context, scope) {
      const overview = parseJson(
        (await context.http.get(`${context.origin}/api/v1/overview`, 'application/json')).text,
      ) as { apiVersion?: string } | undefined;
      for (const url of listPageUrls(context)) {
        const pair = await readPagePair(context, scope, url);
        if (!pair) continue;
        const nodes = readJsonLdNodes(pair.html.text);
        const dated = nodes.find((node) => typeof node.dateModified === 'string');
        const modified = String(dated?.dateModified ?? '');
        scope.expect(
          ISO_DATE_TIME.test(modified) && Date.parse(modified) <= Date.now() + 60_000,
          `${url}: JSON-LD dateModified is ${modified || 'missing'}`,
        );
        const trail = nodes.find((node) => node['@type'] === 'BreadcrumbList');
        const items = (trail?.itemListElement ?? []) as { position?: number; item?: string }[];
        scope.expect(
          items.length > 0 && items.every((item, index) => item.position === index + 1),
          `${url}: no BreadcrumbList with positions 1..n`,
        );
        scope.expect(
          items.at(-1)?.item === url,
          `${url}: the BreadcrumbList ends at ${items.at(-1)?.item ?? 'nothing'}, not the page`,
        );
        const front = readFrontMatter(pair.markdown.text);
        const where = pair.markdown.url;
        scope.expect(Boolean(front?.get('title')), `${where}: no title`);
        scope.expect(Boolean(front?.get('description')), `${where}: no description`);
        scope.expect(
          front?.get('doc_version') === overview?.apiVersion,
          `${where}: doc_version is ${front?.get('doc_version') ?? 'missing'}, not the API's ${overview?.apiVersion ?? '?'}`,
        );
        const updated = front?.get('last_updated') ?? '';
        scope.expect(
          ISO_DATE_TIME.test(updated) && updated === modified,
          `${where}: last_updated is ${updated || 'missing'}, the page's dateModified ${modified}`,
        );
      }
      scope.note(`${listPageUrls(context).length} pages dated`);
    },
  },
  {
    id: 'markdown-navigation',
    title:
      'Markdown navigation: each version ends with ## Sitemap; /sitemap.md and /AGENTS.md, linked',
    sources: ['https://llmstxt.org/', 'https://agents.md/'],
    fix: "End every Markdown version with a short ## Sitemap (the main pages and /sitemap.md), serve /sitemap.md linking every page's Markdown version and /AGENTS.md with Getting started, Usage and Reference, and link /sitemap.md from llms.txt and robots.txt (src/reference/agent-guides.ts).",
    async run(context, scope) {
      const sitemapUrl = `${context.origin}/sitemap.md`;
      const sitemap = await context.http.get(sitemapUrl, 'text/markdown');
      const sitemapOk = expectDocument(scope, sitemap, ['text/markdown']);
      for (const url of listPageUrls(context)) {
        const markdownUrl = toMarkdownUrl(url);
        if (sitemapOk)
          scope.expect(
            sitemap.text.includes(`](${markdownUrl})`),
            `/sitemap.md does not link ${markdownUrl}`,
          );
        const markdown = await context.http.get(markdownUrl, 'text/markdown');
        if (!expectDocument(scope, markdown, ['text/markdown'])) continue;
        const last = markdown.text.slice(markdown.text.lastIndexOf('\n## ') + 1);
        scope.expect(
          last.startsWith('## Sitemap\n'),
          `${markdownUrl} does not end with ## Sitemap`,
        );
        for (const path of ['/index.md', '/developers.md', '/docs.md', '/sitemap.md'])
          scope.expect(
            last.includes(`](${context.origin}${path})`),
            `${markdownUrl}: its ## Sitemap does not link ${path}`,
          );
        scope.expect(last.length <= 1000, `${markdownUrl}: its ## Sitemap is not short`);
      }
      const llms = await context.http.get(`${context.origin}/llms.txt`, 'text/plain');
      scope.expect(llms.text.includes(`](${sitemapUrl})`), 'llms.txt does not link /sitemap.md');
      const robots = await context.http.get(`${context.origin}/robots.txt`, 'text/plain');
      scope.expect(robots.text.includes(sitemapUrl), 'robots.txt does not name /sitemap.md');
      const agents = await context.http.get(`${context.origin}/AGENTS.md`, 'text/markdown');
      if (expectDocument(scope, agents, ['text/markdown'])) {
        scope.expect(/^# \S/m.test(agents.text), '/AGENTS.md has no H1');
        for (const section of ['Getting started', 'Usage', 'Reference'])
          scope.expect(
            new RegExp(`^## ${section}$`, 'm').test(agents.text),
            `/AGENTS.md has no ## ${section}`,
          );
      }
      scope.note(`${listPageUrls(context).length} Markdown versions end with ## Sitemap`);
    },
  },
  {
    id: 'glossary',
    title: 'A glossary with anchored terms, linked from every footer and from /docs',
    sources: ['docs/pages.md (the glossary)'],
    fix: 'Serve /glossary with an anchored heading per term (src/reference/glossary.ts) and link it as "Glossary" in the footer of src/layouts/BaseLayout.astro and from /docs.',
    async run(context, scope) {
      const glossaryUrl = `${context.origin}/glossary`;
      scope.expect(listPageUrls(context).includes(glossaryUrl), '/glossary is not in sitemap.xml');
      const glossary = await context.http.get(glossaryUrl, BROWSER_ACCEPT);
      if (expectDocument(scope, glossary, ['text/html'])) {
        const terms = [...glossary.text.matchAll(/<h2 id="([^"]+)"[^>]*>([\s\S]*?)<\/h2>/g)].map(
          (m) => readVisibleText(m[2] ?? ''),
        );
        for (const term of REQUIRED_TERMS)
          scope.expect(
            terms.some((text) => term.test(text)),
            `/glossary defines no term matching ${String(term)}`,
          );
        scope.note(`${terms.length} anchored terms`);
      }
      for (const url of listPageUrls(context)) {
        const page = await context.http.get(url, BROWSER_ACCEPT);
        const footer = /<footer[\s\S]*?<\/footer>/.exec(page.text)?.[0] ?? '';
        scope.expect(
          /<a href="\/glossary">Glossary<\/a>/.test(footer),
          `${url}: no "Glossary" link in the footer`,
        );
      }
      const docs = await context.http.get(`${context.origin}/docs`, BROWSER_ACCEPT);
      const main = /<main[\s\S]*?<\/main>/.exec(docs.text)?.[0] ?? '';
      scope.expect(/href="\/glossary(#[^"]*)?"/.test(main), '/docs does not link the glossary');
      scope.expect(
        readHead(glossary.text).link('alternate', 'text/markdown') === '/glossary.md',
        '/glossary has no Markdown version linked',
      );
    },
  },
  {
    id: 'markdown-lean',
    title: "Each page's Markdown version is at least 30% smaller than its HTML",
    sources: ['Agent Readability spec (token efficiency)'],
    fix: "Keep the Markdown versions to the page's content: no repeated navigation, no markup (src/reference/page-markdown-versions.ts).",
    async run(context, scope) {
      let worst = 1;
      for (const url of listPageUrls(context)) {
        const pair = await readPagePair(context, scope, url);
        if (!pair) continue;
        const ratio = pair.markdown.bytes.length / pair.html.bytes.length;
        worst = Math.min(worst, 1 - ratio);
        scope.expect(
          ratio <= 0.7,
          `${pair.markdown.url}: ${pair.markdown.bytes.length} bytes, ${Math.round((1 - ratio) * 100)}% smaller than the HTML's ${pair.html.bytes.length} (30%+ wanted)`,
        );
      }
      scope.note(`the least saving is ${Math.round(worst * 100)}%`);
    },
  },
];
