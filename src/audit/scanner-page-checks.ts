import type { AuditCheck } from './audit-check.ts';
import { expectDocument } from './audit-expectations.ts';
import { charsetOf, mediaTypeOf, parseJson, parseLinkHeader } from './audit-http.ts';
import {
  BROWSER_ACCEPT,
  listJsonLdBlocks,
  listPageUrls,
  readFrontMatter,
  readHead,
  readVisibleText,
  toMarkdownUrl,
} from './audit-pages.ts';
import { ARD, IAR } from './check-sources.ts';
import { decodeHtmlEntities } from '../service/escape-html.ts';

/** What scanners grade on every page: head signals, Link headers, Markdown for agents. */
export const SCANNER_PAGE_CHECKS: readonly AuditCheck[] = [
  {
    id: 'page-signals',
    title:
      'Every page: HTML, lang, canonical, description, Open Graph, JSON-LD, headings, content without JavaScript',
    sources: [ARD('page checks'), 'Agent Readability spec', IAR('(page content)')],
    fix: 'Render every page on the server with <html lang>, a canonical link to itself, a meta description of 50+ characters, og:title, og:description, a JSON-LD block, at least three h1-h3 headings and language-* classes on code blocks (src/layouts/BaseLayout.astro).',
    async run(context, scope) {
      for (const url of listPageUrls(context)) {
        const response = await context.http.get(url, BROWSER_ACCEPT);
        if (!expectDocument(scope, response, ['text/html'])) continue;
        const html = response.text;
        scope.expect(response.redirects <= 1, `${url} took ${response.redirects} redirects`);
        scope.expect(charsetOf(response) === 'utf-8', `${url} has no charset=utf-8`);
        const head = readHead(html);
        scope.expect(
          /<html[^>]*\slang="[a-zA-Z]{2,3}(-[A-Za-z0-9]+)*"/.test(html),
          `${url} has no <html lang>`,
        );
        const robots = head.meta('name', 'robots') ?? '';
        scope.expect(!/noindex|noai/i.test(robots), `${url} says ${robots}`);
        const canonical = head.link('canonical');
        scope.expect(
          canonical !== undefined && new URL(canonical, url).href === url,
          `${url}: canonical is ${canonical ?? 'missing'}`,
        );
        const description = decodeHtmlEntities(head.meta('name', 'description') ?? '');
        scope.expect(
          description.length >= 50,
          `${url}: meta description has ${description.length} characters (50+ wanted)`,
        );
        scope.expect(Boolean(head.meta('property', 'og:title')), `${url}: no og:title`);
        scope.expect(Boolean(head.meta('property', 'og:description')), `${url}: no og:description`);
        const blocks = listJsonLdBlocks(html);
        scope.expect(blocks.length > 0, `${url}: no JSON-LD block`);
        for (const block of blocks)
          scope.expect(parseJson(block) !== undefined, `${url}: a JSON-LD block does not parse`);
        const headings = html.match(/<h[1-3][\s>]/g)?.length ?? 0;
        scope.expect(headings >= 3, `${url}: ${headings} h1-h3 headings (3+ wanted)`);
        scope.expect((html.match(/<h1[\s>]/g)?.length ?? 0) === 1, `${url}: not exactly one h1`);
        const text = readVisibleText(/<main[\s\S]*?<\/main>/.exec(html)?.[0] ?? '');
        scope.expect(
          text.length >= 200,
          `${url}: ${text.length} characters of server-rendered text in <main>`,
        );
        const codeBlocks = [...html.matchAll(/<pre[^>]*>\s*<code([^>]*)>/g)];
        const unlabelled = codeBlocks.filter(
          (block) => !/class="[^"]*language-/.test(block[1] ?? ''),
        );
        scope.expect(
          unlabelled.length === 0,
          `${url}: ${unlabelled.length} code blocks without a language-* class`,
        );
      }
      scope.note(`${listPageUrls(context).length} pages`);
    },
  },
  {
    id: 'link-headers',
    title: 'Link headers on pages: api-catalog, service-desc, service-doc, llms.txt',
    sources: [IAR('linkHeaders'), 'RFC 8288', 'RFC 9727 §3', 'RFC 8631'],
    fix: 'Add a Link header to every HTML page naming /.well-known/api-catalog (api-catalog), the OpenAPI document (service-desc), the docs (service-doc) and /llms.txt (describedby) (vercel.json headers; src/service/page-link-header.ts).',
    async run(context, scope) {
      for (const url of listPageUrls(context)) {
        const response = await context.http.get(url, BROWSER_ACCEPT);
        const links = parseLinkHeader(response.headers.get('link'), response.url);
        const find = (rel: string) => links.find((link) => link.rel.includes(rel));
        const wanted: [string, string][] = [
          ['api-catalog', `${context.origin}/.well-known/api-catalog`],
          ['service-desc', ''],
          ['service-doc', ''],
          ['describedby', `${context.origin}/llms.txt`],
        ];
        for (const [rel, href] of wanted) {
          const link = find(rel);
          if (!scope.expect(link !== undefined, `${url}: no Link rel="${rel}"`) || !link) continue;
          if (href)
            scope.expect(
              link.href === href,
              `${url}: rel="${rel}" points at ${link.href}, not ${href}`,
            );
          const target = await context.http.get(link.href);
          scope.expect(
            target.status === 200,
            `${url}: rel="${rel}" target ${link.href} answers ${target.status}`,
          );
        }
      }
    },
  },
  {
    id: 'markdown-negotiation',
    title:
      'Accept: text/markdown on a page URL answers Markdown, with Vary: Accept; HTML stays the default',
    sources: [IAR('markdownNegotiation'), ARD('markdown-negotiation'), 'RFC 9110 §12.5.1'],
    fix: "Serve the page's Markdown mirror when the client ranks text/markdown above text/html, and Vary: Accept on every answer of a page URL (middleware.js on Vercel; src/http/markdown-negotiation.ts in the local server).",
    async run(context, scope) {
      for (const url of listPageUrls(context)) {
        const withQuery = `${url}${url.includes('?') ? '&' : '?'}utm_source=agent`;
        for (const target of [url, withQuery]) {
          const markdown = await context.http.request(target, {
            headers: { Accept: 'text/markdown' },
          });
          scope.expect(
            markdown.status === 200 && mediaTypeOf(markdown) === 'text/markdown',
            `${target} with Accept: text/markdown answered ${markdown.status} ${mediaTypeOf(markdown)}`,
          );
          scope.expect(
            /(^|,)\s*accept\s*(,|$)/i.test(markdown.headers.get('vary') ?? ''),
            `${target} (Markdown) has no Vary: Accept`,
          );
        }
        const ranked = await context.http.request(url, {
          headers: { Accept: 'text/html;q=0.5, text/markdown' },
        });
        scope.expect(
          mediaTypeOf(ranked) === 'text/markdown',
          `${url}: text/markdown ranked above text/html answered ${mediaTypeOf(ranked)}`,
        );
        for (const accept of ['*/*', BROWSER_ACCEPT, 'text/markdown;q=0.5, text/html']) {
          const html = await context.http.request(url, { headers: { Accept: accept } });
          scope.expect(
            mediaTypeOf(html) === 'text/html',
            `${url} with Accept: ${accept} answered ${mediaTypeOf(html)}, not HTML`,
          );
          scope.expect(
            /(^|,)\s*accept\s*(,|$)/i.test(html.headers.get('vary') ?? ''),
            `${url} (HTML) has no Vary: Accept`,
          );
        }
      }
    },
  },
  {
    id: 'markdown-mirrors',
    title: 'Every page has a Markdown mirror at <path>.md with front matter, linked both ways',
    sources: [ARD('markdown-mirror'), 'Agent Readability spec'],
    fix: 'Prerender <path>.md (/index.md for /) with title and description front matter, serve it as text/markdown with Link: <page>; rel="canonical", and add <link rel="alternate" type="text/markdown"> to the page (src/documents/page-markdown.ts, vercel.json).',
    async run(context, scope) {
      for (const url of listPageUrls(context)) {
        const page = await context.http.get(url, BROWSER_ACCEPT);
        const alternate = readHead(page.text).link('alternate', 'text/markdown');
        const expected = toMarkdownUrl(url);
        scope.expect(
          alternate !== undefined && new URL(alternate, url).href === expected,
          `${url}: <link rel="alternate" type="text/markdown"> is ${alternate ?? 'missing'}, not ${expected}`,
        );
        const mirror = await context.http.get(expected, 'text/markdown');
        if (!expectDocument(scope, mirror, ['text/markdown'])) continue;
        const front = readFrontMatter(mirror.text);
        scope.expect(
          Boolean(front?.get('title')) && Boolean(front?.get('description')),
          `${expected}: front matter lacks title or description`,
        );
        const canonical = parseLinkHeader(mirror.headers.get('link'), mirror.url).find((link) =>
          link.rel.includes('canonical'),
        );
        scope.expect(
          canonical?.href === url,
          `${expected}: Link rel="canonical" is ${canonical?.href ?? 'missing'}, not ${url}`,
        );
        scope.expect(/^#\s\S/m.test(mirror.text), `${expected}: no heading`);
      }
    },
  },
];
