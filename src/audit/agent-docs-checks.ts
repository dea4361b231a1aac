import { MARKDOWN_TOKENS_HEADER } from '../service/markdown-tokens.ts';
import type { AuditCheck, AuditContext, CheckScope } from './audit-check.ts';
import { expectDocument } from './audit-expectations.ts';
import { mediaTypeOf, parseJson, type AuditResponse } from './audit-http.ts';
import { BROWSER_ACCEPT, listPageUrls, toMarkdownUrl } from './audit-pages.ts';
import { buildReverseDnsNamespace } from '../documents/mcp-server-card.ts';

/** A check of the Agent-Friendly Docs scanner (afdocs), as a check's source. */
const AFDOCS = (check: string) => `afdocs ${check}`;

/** The section llms.txt and every Markdown version carry (src/documents/agent-instructions.ts). */
const INSTRUCTIONS = /^## Instructions for agents\n\n((?:- .+\n)+)/m;

/** The share of a page's body within which a pointer to llms.txt counts as near the top. */
const NEAR_TOP = 0.1;

/**
 * Where a page first links llms.txt, as a share of its body with nav, scripts and styles left out
 * (what afdocs searches); undefined when it does not link it.
 */
function findLlmsTxtPointer(html: string): number | undefined {
  const body = (/<body[^>]*>([\s\S]*?)<\/body>/i.exec(html)?.[1] ?? html)
    .replace(/<nav\b[\s\S]*?<\/nav>/gi, '')
    .replace(/<script\b[\s\S]*?<\/script>/gi, '')
    .replace(/<style\b[\s\S]*?<\/style>/gi, '');
  const at = body.search(/<a\s[^>]*href\s*=\s*["'][^"']*\/llms\.txt(?:[?#][^"']*)?["']/i);
  return at < 0 ? undefined : at / Math.max(1, body.length);
}

/**
 * The Markdown answers of a site an agent reads: llms.txt and llms-full.txt, the agent documents,
 * every Markdown link of llms.txt (document pages, copy sections), each page's Markdown version,
 * and each SKILL.md the agent-skills index lists.
 */
async function listMarkdownUrls(context: AuditContext): Promise<string[]> {
  const { origin } = context;
  const urls = ['/llms.txt', '/llms-full.txt', '/auth.md', '/AGENTS.md', '/sitemap.md'].map(
    (path) => `${origin}${path}`,
  );
  const llms = await context.http.get(`${origin}/llms.txt`, 'text/plain');
  for (const [, href = ''] of llms.text.matchAll(/\]\((\S+?\.md)\)/g)) {
    if (href.startsWith(`${origin}/`)) urls.push(href);
  }
  urls.push(...listPageUrls(context).map(toMarkdownUrl));
  const index = parseJson(
    (await context.http.get(`${origin}/.well-known/agent-skills/index.json`, 'application/json'))
      .text,
  ) as { skills?: { url?: unknown }[] } | undefined;
  for (const skill of index?.skills ?? []) {
    if (typeof skill.url === 'string') urls.push(new URL(skill.url, origin).href);
  }
  return [...new Set(urls)];
}

/**
 * Expects an answer's x-markdown-tokens to be the o200k_base token count of its body; returns the
 * count it names, or undefined.
 */
function expectTokenCount(
  scope: CheckScope,
  answer: AuditResponse,
  label: string,
  countMarkdownTokens: (text: string) => number,
) {
  const named = answer.headers.get(MARKDOWN_TOKENS_HEADER);
  if (!scope.expect(named !== null, `${label} has no ${MARKDOWN_TOKENS_HEADER}`)) return undefined;
  const counted = countMarkdownTokens(answer.text);
  scope.expect(
    named === String(counted),
    `${label} names ${MARKDOWN_TOKENS_HEADER}: ${named}, but its body is ${counted} o200k_base tokens`,
  );
  return Number(named);
}

/** Issue 28 items 1, 3 and 4: what the Agent-Friendly Docs scanner reads, the MCP registry, the instructions. */
export const AGENT_DOCS_CHECKS: readonly AuditCheck[] = [
  {
    id: 'llms-txt-markdown-links',
    title: 'llms.txt links Markdown only: each JSON document through a Markdown page that links it',
    sources: [AFDOCS('llms-txt-links-markdown'), 'llmstxt.org'],
    fix: 'Link every page of this origin in llms.txt by its Markdown version and every JSON document by its page under /documents/<slug>.md, which links the JSON (src/documents/llms-txt.ts, src/documents/json-document-pages.ts).',
    async run(context, scope) {
      const llms = await context.http.get(`${context.origin}/llms.txt`, 'text/plain');
      if (!expectDocument(scope, llms, ['text/plain', 'text/markdown'])) return;
      const own = [
        ...new Set(
          [...llms.text.matchAll(/\]\(([^)\s]+)\)/g)]
            .map((m) => m[1] ?? '')
            .filter((href) => href.startsWith(`${context.origin}/`)),
        ),
      ];
      const notMarkdown = own.filter((href) => !/\.(md|txt)(#.*)?$/.test(new URL(href).pathname));
      scope.expect(
        notMarkdown.length === 0,
        `links that are not Markdown or text: ${notMarkdown.join(', ')}`,
      );
      const pages = own.filter((href) => new URL(href).pathname.startsWith('/documents/'));
      scope.expect(pages.length > 0, 'llms.txt links no Markdown page of a JSON document');
      for (const href of pages) {
        const page = await context.http.get(href, 'text/markdown');
        if (!expectDocument(scope, page, ['text/markdown'])) continue;
        const json = /^- URL: <([^>]+)>$/m.exec(page.text)?.[1];
        if (!scope.expect(json?.startsWith(context.origin) === true, `${href} links no JSON`)) {
          continue;
        }
        // The MCP endpoint answers a GET with its JSON metadata too.
        const answer = await context.http.get(json ?? '', 'application/json');
        scope.expect(
          answer.status === 200 && /json/.test(mediaTypeOf(answer)),
          `${href} links ${json ?? ''}, which answers ${answer.status} ${mediaTypeOf(answer)}`,
        );
      }
      scope.note(`${own.length} links on this origin, ${pages.length} JSON document pages`);
    },
  },
  {
    id: 'llms-txt-pointer',
    title: 'Every page links /llms.txt near its top',
    sources: [AFDOCS('llms-txt-directive-html')],
    fix: 'Keep src/components/LlmsTxtPointer.astro in src/layouts/BaseLayout.astro, before the header.',
    async run(context, scope) {
      const pages = listPageUrls(context);
      const far: string[] = [];
      for (const url of pages) {
        const html = await context.http.get(url, BROWSER_ACCEPT);
        if (!expectDocument(scope, html, ['text/html'])) continue;
        const at = findLlmsTxtPointer(html.text);
        if (at === undefined || at > NEAR_TOP)
          far.push(`${url} (${at === undefined ? 'none' : `${Math.round(at * 100)}%`})`);
      }
      scope.expect(
        far.length === 0,
        `pages without a link to /llms.txt in their first tenth: ${far.join(', ')}`,
      );
      scope.note(`${pages.length} pages link /llms.txt in their first tenth`);
    },
  },
  {
    id: 'heading-anchors',
    title: 'Heading anchors carry their name in aria-label, with no hidden text',
    sources: [AFDOCS('markdown-content-parity'), 'WAI-ARIA 1.2 aria-label'],
    fix: 'Give each heading anchor an aria-label and no visually hidden text (src/integrations/heading-anchors.ts, src/components/SectionHeading.astro).',
    async run(context, scope) {
      let anchors = 0;
      for (const url of listPageUrls(context)) {
        const html = await context.http.get(url, BROWSER_ACCEPT);
        if (!expectDocument(scope, html, ['text/html'])) continue;
        for (const [anchor = '', attributes = ''] of html.text.matchAll(
          /<a\b([^>]*class="heading-anchor"[^>]*)>[\s\S]*?<\/a>/g,
        )) {
          anchors++;
          const problem = !/\baria-label="[^"]+"/.test(attributes)
            ? 'no aria-label'
            : /visually-hidden/.test(anchor)
              ? 'hidden text'
              : undefined;
          if (problem)
            scope.fail(`${url}: a heading anchor with ${problem}: ${anchor.slice(0, 160)}`);
        }
      }
      scope.note(`${anchors} heading anchors`);
    },
  },
  {
    id: 'agent-instructions',
    title: 'llms.txt and every Markdown version carry "Instructions for agents" at the top',
    sources: ['llmstxt.org'],
    fix: 'Write content/agents.yaml\'s guidance; src/documents/agent-instructions.ts puts it into llms.txt and after the "For AI agents" note of every Markdown version.',
    async run(context, scope) {
      const llms = await context.http.get(`${context.origin}/llms.txt`, 'text/plain');
      if (expectDocument(scope, llms, ['text/plain', 'text/markdown'])) {
        const section = INSTRUCTIONS.exec(llms.text);
        scope.expect(section !== null, 'llms.txt has no "## Instructions for agents" list');
        const firstSection = /^## .*$/m.exec(llms.text)?.[0];
        scope.expect(
          firstSection === '## Instructions for agents',
          `llms.txt's first section is ${firstSection ?? 'missing'}, not the instructions`,
        );
      }
      const pages = listPageUrls(context);
      for (const url of pages) {
        const markdown = await context.http.get(toMarkdownUrl(url), 'text/markdown');
        if (!expectDocument(scope, markdown, ['text/markdown'])) continue;
        const section = INSTRUCTIONS.exec(markdown.text);
        // At the top: after the page's H1, before the first section of the page's own body.
        const h1 = markdown.text.search(/^# /m);
        const own = markdown.text.slice(h1 + 1).search(/^## (?!Instructions for agents$)/m);
        const ownAt = own < 0 ? Infinity : h1 + 1 + own;
        scope.expect(
          section !== null && h1 >= 0 && section.index > h1 && section.index < ownAt,
          `${toMarkdownUrl(url)} has no "## Instructions for agents" before its own sections`,
        );
      }
      scope.note(`llms.txt and ${pages.length} Markdown versions carry the instructions`);
    },
  },
  {
    id: 'markdown-tokens',
    title:
      'Every Markdown answer names its size in o200k_base tokens (x-markdown-tokens), on every URL that serves it and to HEAD',
    sources: ['Cloudflare Markdown for Agents (x-markdown-tokens)'],
    fix: 'Keep src/integrations/markdown-tokens.ts in astro.config.mjs: it counts every Markdown answer after the build into a header route per file in .vercel/output/config.json and into src/generated/markdown-tokens.ts, which the middleware (negotiated pages) and the local server send.',
    async run(context, scope) {
      // The tokenizer's tables take a second or two to load: only this check pays for them.
      const { countMarkdownTokens } = await import('../documents/markdown-token-count.ts');
      const urls = await listMarkdownUrls(context);
      let total = 0;
      for (const url of urls) {
        const answer = await context.http.get(url, 'text/markdown, text/plain');
        if (!expectDocument(scope, answer, ['text/markdown', 'text/plain'])) continue;
        total += expectTokenCount(scope, answer, url, countMarkdownTokens) ?? 0;
      }
      // A page's URL answers its Markdown version with the same bytes, so the same count.
      const pages = listPageUrls(context);
      for (const url of pages) {
        const answer = await context.http.get(url, 'text/markdown');
        if (!expectDocument(scope, answer, ['text/markdown'])) continue;
        expectTokenCount(scope, answer, `${url} (Accept: text/markdown)`, countMarkdownTokens);
      }
      const full = `${context.origin}/llms-full.txt`;
      const head = await context.http.request(full, { method: 'HEAD' });
      const got = (await context.http.get(full, 'text/markdown, text/plain')).headers;
      scope.expect(
        head.headers.get(MARKDOWN_TOKENS_HEADER) === got.get(MARKDOWN_TOKENS_HEADER),
        `HEAD ${full} names ${MARKDOWN_TOKENS_HEADER}: ${String(head.headers.get(MARKDOWN_TOKENS_HEADER))}, GET ${String(got.get(MARKDOWN_TOKENS_HEADER))}`,
      );
      scope.note(
        `${urls.length} Markdown answers and ${pages.length} negotiated pages, ${total} tokens in the first`,
      );
    },
  },
  {
    id: 'mcp-registry',
    title:
      "MCP registry: server.json names this origin's /mcp in its domain's namespace; the proof, when served, is well formed",
    sources: ['MCP registry server.json (schema 2025-12-11)', 'MCP registry HTTP authentication'],
    fix: 'Serve /.well-known/mcp/server.json from src/documents/mcp-registry-server.ts, and set MCP_REGISTRY_PUBLIC_KEY to the base64 Ed25519 public key only (docs/owners.md, section 6).',
    async run(context, scope) {
      const response = await context.http.get(
        `${context.origin}/.well-known/mcp/server.json`,
        'application/json',
      );
      if (!expectDocument(scope, response, ['application/json'])) return;
      const server = parseJson(response.text) as
        | {
            name?: unknown;
            description?: unknown;
            version?: unknown;
            remotes?: { type?: unknown; url?: unknown }[];
          }
        | undefined;
      if (!scope.expect(server !== undefined, 'server.json is not JSON')) return;
      const namespace = buildReverseDnsNamespace(new URL(context.origin).hostname);
      scope.expect(
        typeof server?.name === 'string' && server.name.startsWith(`${namespace}/`),
        `name ${String(server?.name)} is not in the namespace ${namespace}/`,
      );
      scope.expect(
        typeof server?.description === 'string' && server.description.length <= 100,
        'description missing or over 100 characters',
      );
      const remote = server?.remotes?.[0];
      scope.expect(
        remote?.type === 'streamable-http' && remote.url === `${context.origin}/mcp`,
        `remotes[0] is not the streamable HTTP endpoint ${context.origin}/mcp`,
      );
      const version = context.state.serverInfo?.version;
      if (version !== undefined) {
        scope.expect(
          server?.version === version,
          `version ${String(server?.version)} is not /mcp's ${version}`,
        );
      }
      const proof = await context.http.get(`${context.origin}/.well-known/mcp-registry-auth`);
      if (proof.status === 404) {
        scope.note(
          `${String(server?.name)}; no namespace proof served (MCP_REGISTRY_PUBLIC_KEY unset)`,
        );
        return;
      }
      scope.expect(
        proof.status === 200 && /^v=MCPv1; k=ed25519; p=[A-Za-z0-9+/]{43}=\s*$/.test(proof.text),
        `/.well-known/mcp-registry-auth answers ${proof.status} "${proof.text.slice(0, 80)}", not "v=MCPv1; k=ed25519; p=<key>"`,
      );
      scope.note(`${String(server?.name)}; namespace proof served`);
    },
  },
];
