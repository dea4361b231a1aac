import { createHash } from 'node:crypto';
import { AgentSkillsIndexSchema } from '../schemas/agent-skills-index.ts';
import {
  McpCatalogSchema,
  McpServerCardSchema,
  McpServerCardV2Schema,
  SERVER_CARD_MEDIA_TYPE,
} from '../schemas/mcp-server-card.ts';
import type { AuditCheck, AuditContext, CheckScope } from './audit-check.ts';
import {
  charsetOf,
  mediaTypeOf,
  parseJson,
  parseLinkHeader,
  type AuditResponse,
} from './audit-http.ts';
import { expectDocument, parseWith } from './spec-checks.ts';

const IAR = (check: string) => `isitagentready ${check}`;
const ARD = (check: string) => `agent-ready.dev ${check}`;

/** AI crawlers a robots.txt group may name (isitagentready robotsTxtAiRules). */
const AI_CRAWLER_NAMES = [
  'gptbot',
  'chatgpt-user',
  'oai-searchbot',
  'google-extended',
  'ccbot',
  'anthropic-ai',
  'claudebot',
  'claude-web',
  'perplexitybot',
  'bytespider',
  'cohere-ai',
  'applebot-extended',
  'amazonbot',
  'meta-externalagent',
  'facebookbot',
  'diffbot',
];

interface RobotsGroup {
  readonly agents: string[];
  readonly rules: { field: string; value: string }[];
}

/** Parses robots.txt into groups (RFC 9309 §2.1) and its Sitemap lines. */
function parseRobots(text: string): { groups: RobotsGroup[]; sitemaps: string[] } {
  const groups: RobotsGroup[] = [];
  const sitemaps: string[] = [];
  let current: RobotsGroup | undefined;
  let lastWasAgent = false;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/#.*$/, '').trim();
    const match = /^([A-Za-z-]+)\s*:\s*(.*)$/.exec(line);
    if (!match) continue;
    const field = (match[1] ?? '').toLowerCase();
    const value = (match[2] ?? '').trim();
    if (field === 'sitemap') {
      sitemaps.push(value);
    } else if (field === 'user-agent') {
      if (!current || !lastWasAgent) {
        current = { agents: [], rules: [] };
        groups.push(current);
      }
      current.agents.push(value.toLowerCase());
      lastWasAgent = true;
      continue;
    } else if (current) {
      current.rules.push({ field, value });
    }
    lastWasAgent = false;
  }
  return { groups, sitemaps };
}

/** True when a group's rules disallow a path (longest match wins, RFC 9309 §2.2.2). */
function disallows(group: RobotsGroup, path: string): boolean {
  let best: { length: number; allow: boolean } = { length: -1, allow: true };
  for (const rule of group.rules) {
    if ((rule.field !== 'allow' && rule.field !== 'disallow') || rule.value === '') continue;
    const prefix = rule.value.replace(/\*.*$/, '').replace(/\$$/, '');
    if (!path.startsWith(prefix)) continue;
    const allow = rule.field === 'allow';
    if (rule.value.length > best.length || (rule.value.length === best.length && allow))
      best = { length: rule.value.length, allow };
  }
  return !best.allow;
}

function pageUrls(context: AuditContext): string[] {
  return context.state.pages ?? [`${context.origin}/`];
}

/** The `<head>` tags of an HTML document, crudely but sufficiently for server-rendered pages. */
function readHead(html: string) {
  const tags = [...html.matchAll(/<(meta|link)\b([^>]*)>/gi)].map((match) => {
    const attributes = new Map<string, string>();
    for (const attr of (match[2] ?? '').matchAll(
      /([a-zA-Z:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/g,
    )) {
      attributes.set((attr[1] ?? '').toLowerCase(), attr[2] ?? attr[3] ?? attr[4] ?? '');
    }
    return { tag: (match[1] ?? '').toLowerCase(), attributes };
  });
  const meta = (key: string, name: string) =>
    tags
      .find((t) => t.tag === 'meta' && t.attributes.get(key)?.toLowerCase() === name)
      ?.attributes.get('content');
  const link = (rel: string, type?: string) =>
    tags
      .find(
        (t) =>
          t.tag === 'link' &&
          t.attributes.get('rel')?.toLowerCase().split(/\s+/).includes(rel) &&
          (!type || t.attributes.get('type') === type),
      )
      ?.attributes.get('href');
  return { meta, link };
}

function decodeEntities(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** Front matter fields of a Markdown document (simple `key: value` lines, JSON-quoted or plain). */
function readFrontMatter(markdown: string): Map<string, string> | undefined {
  const match = /^---\n([\s\S]*?)\n---\n/.exec(markdown);
  if (!match) return undefined;
  const fields = new Map<string, string>();
  for (const line of (match[1] ?? '').split('\n')) {
    const field = /^([A-Za-z_-]+):\s*(.*)$/.exec(line);
    if (!field) continue;
    const raw = (field[2] ?? '').trim();
    const value = raw.startsWith('"') ? ((parseJson(raw) as string | undefined) ?? raw) : raw;
    fields.set(field[1] ?? '', value);
  }
  return fields;
}

async function getPage(context: AuditContext, url: string, accept: string): Promise<AuditResponse> {
  return context.http.get(url, accept);
}

const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

/** The checks public agent-readiness scanners run, beyond SPEC.md. */
export const SCANNER_CHECKS: readonly AuditCheck[] = [
  {
    id: 'robots-txt',
    title: 'robots.txt: AI crawler rules, Content-Signal and Sitemap',
    sources: [
      IAR('robotsTxt'),
      IAR('robotsTxtAiRules'),
      IAR('contentSignals'),
      ARD('robots-ai-crawlers'),
      'RFC 9309',
    ],
    fix: 'Serve /robots.txt as text/plain with a group naming the AI crawlers, Allow rules that keep / and /llms.txt open, a "Content-Signal: search=…, ai-input=…, ai-train=…" line and a Sitemap line (src/documents/robots-txt.ts).',
    async run(context, scope) {
      const response = await context.http.get(`${context.origin}/robots.txt`, 'text/plain');
      if (!expectDocument(scope, response, ['text/plain'])) return;
      const { groups, sitemaps } = parseRobots(response.text);
      scope.expect(groups.length > 0, 'no User-agent line');
      const aiGroups = groups.filter((group) =>
        group.agents.some((agent) => AI_CRAWLER_NAMES.includes(agent)),
      );
      scope.expect(aiGroups.length > 0, 'no group names an AI crawler');
      const named = new Set(aiGroups.flatMap((group) => group.agents));
      for (const group of [...aiGroups, ...groups.filter((g) => g.agents.includes('*'))]) {
        for (const path of ['/', '/llms.txt']) {
          scope.expect(!disallows(group, path), `${group.agents.join(', ')} may not fetch ${path}`);
        }
      }
      const signals = groups.flatMap((group) =>
        group.rules.filter((rule) => rule.field === 'content-signal').map((rule) => rule.value),
      );
      scope.expect(signals.length > 0, 'no Content-Signal line in a group');
      for (const signal of signals) {
        scope.expect(
          /^(search|ai-input|ai-train)=(yes|no)(\s*,\s*(search|ai-input|ai-train)=(yes|no))*$/.test(
            signal,
          ),
          `Content-Signal "${signal}" is malformed`,
        );
      }
      scope.expect(sitemaps.length > 0, 'no Sitemap line');
      scope.expect(
        sitemaps.every((url) => /^https?:\/\//.test(url)),
        'a Sitemap URL is not absolute',
      );
      scope.note(
        `${groups.length} groups, ${named.size} AI crawlers named, Content-Signal ${signals[0] ?? '-'}`,
      );
    },
  },
  {
    id: 'sitemap',
    title: 'sitemap.xml lists every page with lastmod',
    sources: [IAR('sitemap'), ARD('sitemap-lastmod'), 'sitemaps.org'],
    fix: 'Serve /sitemap.xml (application/xml) as a urlset with a <loc> and <lastmod> per page, and name it in robots.txt (src/documents/sitemap-xml.ts).',
    async run(context, scope) {
      const response = await context.http.get(`${context.origin}/sitemap.xml`, 'application/xml');
      if (!expectDocument(scope, response, ['application/xml', 'text/xml'])) return;
      scope.expect(
        /<urlset[^>]*xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9"/.test(
          response.text,
        ),
        'no sitemaps.org urlset',
      );
      const entries = [...response.text.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((m) => m[1] ?? '');
      scope.expect(entries.length > 0, 'no <url> entries');
      const pages: string[] = [];
      for (const entry of entries) {
        const loc = /<loc>([^<]+)<\/loc>/.exec(entry)?.[1]?.trim();
        const lastmod = /<lastmod>([^<]+)<\/lastmod>/.exec(entry)?.[1]?.trim();
        if (!scope.expect(loc !== undefined, 'an entry has no <loc>') || !loc) continue;
        scope.expect(
          lastmod !== undefined && !Number.isNaN(Date.parse(lastmod)),
          `${loc} has no valid <lastmod>`,
        );
        scope.expect(loc.startsWith(`${context.origin}/`), `${loc} is not on ${context.origin}`);
        pages.push(loc);
      }
      scope.expect(pages.includes(`${context.origin}/`), 'the home page is not listed');
      if (pages.length > 0) context.state.pages = pages;
      scope.note(`${pages.length} pages`);
    },
  },
  {
    id: 'page-signals',
    title:
      'Every page: HTML, lang, canonical, description, Open Graph, JSON-LD, headings, content without JavaScript',
    sources: [ARD('page checks'), 'Agent Readability spec', IAR('(page content)')],
    fix: 'Render every page on the server with <html lang>, a canonical link to itself, a meta description of 50+ characters, og:title, og:description, a JSON-LD block, at least three h1-h3 headings and language-* classes on code blocks (src/layouts/BaseLayout.astro).',
    async run(context, scope) {
      for (const url of pageUrls(context)) {
        const response = await getPage(context, url, BROWSER_ACCEPT);
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
        const description = decodeEntities(head.meta('name', 'description') ?? '');
        scope.expect(
          description.length >= 50,
          `${url}: meta description has ${description.length} characters (50+ wanted)`,
        );
        scope.expect(Boolean(head.meta('property', 'og:title')), `${url}: no og:title`);
        scope.expect(Boolean(head.meta('property', 'og:description')), `${url}: no og:description`);
        const blocks = [
          ...html.matchAll(/<script[^>]*type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g),
        ];
        scope.expect(blocks.length > 0, `${url}: no JSON-LD block`);
        for (const block of blocks)
          scope.expect(
            parseJson(block[1] ?? '') !== undefined,
            `${url}: a JSON-LD block does not parse`,
          );
        const headings = html.match(/<h[1-3][\s>]/g)?.length ?? 0;
        scope.expect(headings >= 3, `${url}: ${headings} h1-h3 headings (3+ wanted)`);
        scope.expect((html.match(/<h1[\s>]/g)?.length ?? 0) === 1, `${url}: not exactly one h1`);
        const main = /<main[\s\S]*?<\/main>/.exec(html)?.[0] ?? '';
        const text = main
          .replace(/<script[\s\S]*?<\/script>/g, '')
          .replace(/<[^>]+>/g, ' ')
          .replace(/\s+/g, ' ')
          .trim();
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
      scope.note(`${pageUrls(context).length} pages`);
    },
  },
  {
    id: 'link-headers',
    title: 'Link headers on pages: api-catalog, service-desc, service-doc, llms.txt',
    sources: [IAR('linkHeaders'), 'RFC 8288', 'RFC 9727 §3', 'RFC 8631'],
    fix: 'Add a Link header to every HTML page naming /.well-known/api-catalog (api-catalog), the OpenAPI document (service-desc), the docs (service-doc) and /llms.txt (describedby) (vercel.json headers; src/service/page-link-header.ts).',
    async run(context, scope) {
      for (const url of pageUrls(context)) {
        const response = await getPage(context, url, BROWSER_ACCEPT);
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
    fix: "Serve the page's Markdown mirror when the client ranks text/markdown above text/html, and Vary: Accept on every answer of a page URL (middleware.ts on Vercel; src/http/markdown-negotiation.ts in the local server).",
    async run(context, scope) {
      for (const url of pageUrls(context)) {
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
      for (const url of pageUrls(context)) {
        const page = await getPage(context, url, BROWSER_ACCEPT);
        const alternate = readHead(page.text).link('alternate', 'text/markdown');
        const { pathname } = new URL(url);
        const expected = new URL(
          pathname === '/' ? '/index.md' : `${pathname.replace(/\/$/, '')}.md`,
          url,
        ).href;
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
  {
    id: 'mcp-server-card',
    title:
      'MCP server cards (SEP-1649 locations, SEP-2127 shape) describe the real /mcp endpoint and its tools',
    sources: [IAR('mcpServerCard'), 'SEP-1649', 'SEP-2127'],
    fix: 'Serve /.well-known/mcp/server-card.json (and /.well-known/mcp.json) with serverInfo, transport, capabilities, remotes and tools matching initialize and tools/list, and the SEP-2127 card at /mcp/server-card (src/documents/mcp-server-card.ts).',
    async run(context, scope) {
      const { serverInfo, toolNames } = context.state;
      const endpoint = `${context.origin}/mcp`;
      let card: unknown;
      for (const path of ['/.well-known/mcp/server-card.json', '/.well-known/mcp.json']) {
        const response = await context.http.get(`${context.origin}${path}`, 'application/json');
        if (!expectDocument(scope, response, ['application/json'])) continue;
        const data = parseWith(scope, path, McpServerCardSchema, parseJson(response.text));
        if (!data) continue;
        card ??= data;
        scope.expect(
          data.transport.endpoint === endpoint,
          `${path}: transport.endpoint is ${data.transport.endpoint}, not ${endpoint}`,
        );
        scope.expect(
          data.remotes.some((remote) => remote.url === endpoint),
          `${path}: no remote at ${endpoint}`,
        );
        if (serverInfo) {
          scope.expect(
            data.serverInfo.name === serverInfo.name &&
              data.serverInfo.version === serverInfo.version,
            `${path}: serverInfo ${data.serverInfo.name} ${data.serverInfo.version} differs from initialize's ${serverInfo.name} ${serverInfo.version}`,
          );
        }
        if (toolNames) {
          const listed = data.tools
            .map((tool) => tool.name)
            .sort()
            .join(',');
          scope.expect(
            listed === [...toolNames].sort().join(','),
            `${path}: tools ${listed} differ from tools/list`,
          );
        }
      }
      const v2 = await context.http.get(`${endpoint}/server-card`, SERVER_CARD_MEDIA_TYPE);
      if (expectDocument(scope, v2, [SERVER_CARD_MEDIA_TYPE, 'application/json'])) {
        const parsed = parseWith(
          scope,
          '/mcp/server-card (SEP-2127)',
          McpServerCardV2Schema,
          parseJson(v2.text),
        );
        scope.expect(
          parsed?.remotes?.some((remote) => remote.url === endpoint) === true,
          `/mcp/server-card has no remote at ${endpoint}`,
        );
      }
      const catalog = await context.http.get(
        `${context.origin}/.well-known/mcp/catalog.json`,
        'application/json',
      );
      if (expectDocument(scope, catalog, ['application/json'])) {
        const parsed = McpCatalogSchema.safeParse(parseJson(catalog.text));
        scope.expect(
          parsed.success &&
            parsed.data.entries.some((entry) => entry.url === `${endpoint}/server-card`),
          '/.well-known/mcp/catalog.json does not list /mcp/server-card',
        );
      }
      if (card)
        scope.note(
          `${(card as { name: string }).name}: ${toolNames?.length ?? '?'} tools agree with tools/list`,
        );
    },
  },
  {
    id: 'agent-skills',
    title:
      'Agent skills index: every skill resolves and its sha256 digest matches the bytes served',
    sources: [
      IAR('agentSkills'),
      'Cloudflare agent-skills discovery RFC 0.2.0',
      'agentskills.io SKILL.md',
    ],
    fix: 'Serve /.well-known/agent-skills/index.json listing each SKILL.md with digest "sha256:<hex of the exact bytes served>", and serve each SKILL.md as text/markdown with name and description front matter (src/documents/agent-skills.ts).',
    async run(context, scope) {
      const response = await context.http.get(
        `${context.origin}/.well-known/agent-skills/index.json`,
        'application/json',
      );
      if (!expectDocument(scope, response, ['application/json'])) return;
      const index = parseWith(scope, 'the index', AgentSkillsIndexSchema, parseJson(response.text));
      if (!index) return;
      for (const skill of index.skills) {
        const file = await context.http.get(skill.url, 'text/markdown');
        if (!expectDocument(scope, file, ['text/markdown', 'text/plain'])) continue;
        const digest = `sha256:${createHash('sha256').update(file.bytes).digest('hex')}`;
        scope.expect(
          digest === skill.digest,
          `${skill.name}: digest ${skill.digest} does not match the bytes served (${digest})`,
        );
        const front = readFrontMatter(file.text);
        scope.expect(
          front?.get('name') === skill.name,
          `${skill.url}: front matter name is ${front?.get('name') ?? 'missing'}`,
        );
        scope.expect(
          Boolean(front?.get('description')),
          `${skill.url}: front matter has no description`,
        );
      }
      scope.note(
        `${index.skills.length} skills: ${index.skills.map((skill) => skill.name).join(', ')}`,
      );
    },
  },
  {
    id: 'webmcp',
    title:
      'WebMCP: pages register read-only tools through navigator.modelContext, from a same-origin script',
    sources: [IAR('webMcp'), 'WebMCP (W3C community draft)'],
    fix: 'Include a bundled module script on every page that calls navigator.modelContext.registerTool (or provideContext) when it exists (src/components/AgentSignals.astro).',
    async run(context, scope) {
      const home = await getPage(context, `${context.origin}/`, BROWSER_ACCEPT);
      const sources = [...home.text.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
      const inline = sources.filter(
        (s) =>
          !/\ssrc=/.test(s[1] ?? '') &&
          !/application\/ld\+json/.test(s[1] ?? '') &&
          (s[2] ?? '').trim(),
      );
      scope.expect(
        inline.length === 0,
        `${inline.length} inline scripts (a script-src 'self' policy blocks them)`,
      );
      const scripts = sources
        .map((s) => /\ssrc="([^"]+)"/.exec(s[1] ?? '')?.[1])
        .filter((src): src is string => Boolean(src));
      let registers = false;
      for (const src of scripts) {
        const url = new URL(src, home.url);
        if (!scope.expect(url.origin === context.origin, `script ${url.href} is not same-origin`))
          continue;
        const script = await context.http.get(url.href);
        if (/modelContext/.test(script.text) && /registerTool|provideContext/.test(script.text))
          registers = true;
      }
      scope.expect(registers, 'no page script registers tools with navigator.modelContext');
    },
  },
  {
    id: 'no-false-signals',
    title: 'Nothing false: no A2A card without an A2A endpoint, no commerce signals',
    sources: [
      IAR('informational: A2A, x402, UCP, ACP, AP2'),
      'SPEC.md §1 (no pricing, no products sold)',
    ],
    fix: 'Remove /.well-known/agent-card.json (or agent.json) and any commerce manifest: the service has no A2A endpoint and sells nothing.',
    async run(context, scope) {
      for (const path of [
        '/.well-known/agent-card.json',
        '/.well-known/agent.json',
        '/.well-known/x402',
        '/.well-known/ucp',
        '/.well-known/acp.json',
      ]) {
        const response = await context.http.get(`${context.origin}${path}`, 'application/json');
        scope.expect(
          response.status === 404 || response.status === 410,
          `${path} answers ${response.status}: the service publishes no such protocol`,
        );
      }
    },
  },
];

export type { CheckScope };
