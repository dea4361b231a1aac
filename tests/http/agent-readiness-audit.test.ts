import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { AuditFetch } from '../../src/audit/audit-http.ts';
import {
  AUDIT_CHECKS,
  formatAuditReport,
  runAudit,
  type AuditOptions,
} from '../../src/audit/run-audit.ts';
import { buildDnsAidRecords } from '../../src/documents/dns-aid-records.ts';
import { buildServiceUrls } from '../../src/service/urls.ts';
import { startDnsTestServer, type ServedSvcb } from '../support/dns-test-server.ts';
import { buildProblem } from '../../src/documents/problem.ts';
import { findErrorKind } from '../../src/service/error-kinds.ts';
import { NODE, ROOT, runCommand } from '../support/processes.ts';

const baseUrl = inject('baseUrl');

/** An answer of the server as it came: status, headers and body bytes (null for a 204 or 304). */
interface StoredAnswer {
  readonly status: number;
  readonly statusText: string;
  readonly headers: [string, string][];
  readonly bytes: Uint8Array | null;
}

/** The statuses whose answers have no body (Fetch: null body status). */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/** The server's answers to the faults' GET and HEAD requests, by method, URL and headers. */
const storedAnswers = new Map<string, Promise<StoredAnswer>>();

/**
 * The real server, each GET or HEAD answer fetched once for all the faults and replayed as a new
 * Response with the same status, headers and bytes (the built site does not change during the
 * run, and the faults' audits read the same sitemap, pages and documents again and again).
 * Anything else (a POST to /mcp or /oauth, a request with a body) goes to the server every time.
 * The first test audits with the plain fetch: one whole run against the server itself.
 */
const serverFetch: AuditFetch = async (input, init) => {
  const method = (init?.method ?? 'GET').toUpperCase();
  if ((method !== 'GET' && method !== 'HEAD') || init?.body != null) return fetch(input, init);
  const key = JSON.stringify([method, input, init?.redirect, [...new Headers(init?.headers)]]);
  let stored = storedAnswers.get(key);
  if (!stored) {
    stored = (async () => {
      const response = await fetch(input, init);
      const bytes = NULL_BODY_STATUSES.has(response.status)
        ? null
        : new Uint8Array(await response.arrayBuffer());
      return {
        status: response.status,
        statusText: response.statusText,
        headers: [...response.headers],
        bytes,
      };
    })();
    storedAnswers.set(key, stored);
    // A failed request is tried again by the next fault, not replayed as a failure.
    stored.catch(() => storedAnswers.delete(key));
  }
  const answer = await stored;
  return new Response(answer.bytes?.slice() ?? null, {
    status: answer.status,
    statusText: answer.statusText,
    headers: answer.headers,
  });
};

/** A fetch that passes everything to the real server but rewrites the answers `matches` picks. */
function breaking(
  matches: (url: URL, init: RequestInit | undefined) => boolean,
  transform: (response: Response, text: string) => Response | Promise<Response>,
): AuditFetch {
  return async (input, init) => {
    const response = await serverFetch(input, init);
    if (!matches(new URL(input), init)) return response;
    return transform(response, await response.text());
  };
}

/** The answer with a new body and/or headers. */
function rewrite(
  response: Response,
  body: string,
  change: (headers: Headers) => void = () => undefined,
): Response {
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  change(headers);
  return new Response(body, { status: response.status, headers });
}

const path = (p: string) => (url: URL) => url.pathname === p;
const isPage = (url: URL) => ['/', '/developers', '/docs'].includes(url.pathname);

interface Fault {
  readonly name: string;
  /** The check that must catch it, run after the checks it depends on. */
  readonly check: string;
  readonly after?: readonly string[];
  readonly fetch: AuditFetch;
  /** More audit options (the DNS server and domain of the DNS checks). */
  readonly options?: () => AuditOptions;
}

/** A DNS server on 127.0.0.1 whose DNS-AID records for agents.example.com target another host. */
const dnsZone = new Map<string, readonly ServedSvcb[]>();
let dnsServer: Awaited<ReturnType<typeof startDnsTestServer>>;
beforeAll(async () => {
  dnsServer = await startDnsTestServer(dnsZone);
  const { records } = buildDnsAidRecords(buildServiceUrls(baseUrl), 'agents.example.com');
  for (const record of records) {
    dnsZone.set(record.name.replace(/\.$/, ''), [{ ...record, target: 'elsewhere.example.net.' }]);
  }
});
afterAll(async () => {
  await dnsServer?.close();
});

const FAULTS: readonly Fault[] = [
  {
    name: 'llms.txt without its Optional section',
    check: 'llms-txt',
    fetch: breaking(path('/llms.txt'), (r, t) => rewrite(r, t.replace('## Optional', '## Other'))),
  },
  {
    name: 'llms.txt linking a missing page',
    check: 'llms-txt',
    fetch: breaking(path('/llms.txt'), (r, t) => rewrite(r, `${t}- [Gone](${baseUrl}/gone): x\n`)),
  },
  {
    name: 'an API catalog served as HTML (soft 404)',
    check: 'api-catalog',
    fetch: breaking(path('/.well-known/api-catalog'), (r) =>
      rewrite(r, '<html></html>', (h) => h.set('content-type', 'text/html')),
    ),
  },
  {
    name: 'an overview missing its tagline',
    check: 'rest-v1',
    fetch: breaking(path('/api/v1/overview'), (r, t) => {
      const { tagline: _tagline, ...rest } = JSON.parse(t) as Record<string, unknown>;
      return rewrite(r, JSON.stringify(rest));
    }),
  },
  {
    name: 'a 404 that is not problem+json',
    check: 'problem-details',
    fetch: breaking(path('/api/v1/no-such-resource'), (r, t) =>
      rewrite(r, t, (h) => h.set('content-type', 'application/json')),
    ),
  },
  {
    name: 'protected-resource metadata naming a foreign authorization server',
    check: 'protected-resource',
    fetch: breaking(path('/.well-known/oauth-protected-resource/mcp'), (r, t) =>
      rewrite(r, t.replace(`"${baseUrl}"`, '"https://auth.example.com"')),
    ),
  },
  {
    name: 'an issuer that is not the origin',
    check: 'authorization-server',
    fetch: breaking(path('/.well-known/oauth-authorization-server'), (r, t) =>
      rewrite(r, t.replace(`"issuer": "${baseUrl}"`, '"issuer": "https://other.example.com"')),
    ),
  },
  {
    name: 'auth.md without its H1',
    check: 'auth-md',
    fetch: breaking(path('/auth.md'), (r, t) => rewrite(r, t.replace('# auth.md', '# Auth'))),
  },
  {
    name: 'a token whose signature does not verify',
    check: 'oauth-anonymous-flow',
    after: ['authorization-server'],
    fetch: breaking(path('/oauth/token'), (r, t) => {
      const token = JSON.parse(t) as { access_token: string };
      const forged = `${token.access_token.slice(0, -4)}AAAA`;
      return rewrite(r, JSON.stringify({ ...token, access_token: forged }));
    }),
  },
  {
    name: 'a tool not marked read-only',
    check: 'mcp-endpoint',
    fetch: breaking(
      (url, init) => url.pathname === '/mcp' && String(init?.body).includes('tools/list'),
      (r, t) =>
        rewrite(
          r,
          t
            .replace('"readOnlyHint": true', '"readOnlyHint": false')
            .replace('"readOnlyHint":true', '"readOnlyHint":false'),
        ),
    ),
  },
  // A2A (issue 28): the agent card and its endpoint.
  {
    name: 'an agent card whose JSON-RPC interface points at another host',
    check: 'a2a-agent-card',
    fetch: breaking(path('/.well-known/agent-card.json'), (r, t) =>
      rewrite(r, t.replaceAll(`${baseUrl}/a2a`, 'https://agent.example.com/a2a')),
    ),
  },
  {
    name: 'an agent card requiring a token',
    check: 'a2a-agent-card',
    fetch: breaking(path('/.well-known/agent-card.json'), (r, t) => {
      const card = JSON.parse(t) as Record<string, unknown>;
      return rewrite(
        r,
        JSON.stringify({ ...card, securityRequirements: [{ schemes: { bearer: {} } }] }),
      );
    }),
  },
  {
    name: 'an A2A answer without its data part',
    check: 'a2a-endpoint',
    fetch: breaking(
      (url, init) => url.pathname === '/a2a' && String(init?.body).includes('SendMessage'),
      (r, t) => rewrite(r, t.replace(/\{"data":/g, '{"ignored":')),
    ),
  },
  {
    name: 'GetTask answered as if a task existed',
    check: 'a2a-endpoint',
    fetch: breaking(
      (url, init) => url.pathname === '/a2a' && String(init?.body).includes('GetTask'),
      (r) => rewrite(r, JSON.stringify({ jsonrpc: '2.0', id: 1, result: { id: 'no-such-task' } })),
    ),
  },
  // DNS for agent discovery (issue 28), read from a local DNS server.
  {
    name: 'DNS-AID records targeting another host',
    check: 'dns-aid',
    fetch: serverFetch,
    options: () => ({ dnsServer: dnsServer.server, dnsDomain: 'agents.example.com' }),
  },
  {
    name: 'robots.txt without Content-Signal',
    check: 'robots-txt',
    fetch: breaking(path('/robots.txt'), (r, t) =>
      rewrite(r, t.replace(/^Content-Signal:.*\n/gm, '')),
    ),
  },
  {
    name: 'robots.txt closing llms.txt to AI crawlers',
    check: 'robots-txt',
    fetch: breaking(path('/robots.txt'), (r, t) =>
      rewrite(r, t.replace('Allow: /\n', 'Allow: /\nDisallow: /llms.txt\n')),
    ),
  },
  {
    name: 'a sitemap entry without lastmod',
    check: 'sitemap',
    fetch: breaking(path('/sitemap.xml'), (r, t) =>
      rewrite(r, t.replace(/<lastmod>[^<]*<\/lastmod>/, '')),
    ),
  },
  {
    name: 'a page without JSON-LD',
    check: 'page-signals',
    fetch: breaking(isPage, (r, t) =>
      rewrite(r, t.replace(/<script type="application\/ld\+json">[\s\S]*?<\/script>/g, '')),
    ),
  },
  {
    name: 'a page without lang',
    check: 'page-signals',
    fetch: breaking(path('/docs'), (r, t) => rewrite(r, t.replace(/<html lang="[^"]*"/, '<html'))),
  },
  {
    name: 'pages without Link headers',
    check: 'link-headers',
    fetch: breaking(isPage, (r, t) => rewrite(r, t, (h) => h.delete('link'))),
  },
  {
    name: 'a page that ignores Accept: text/markdown',
    check: 'markdown-negotiation',
    fetch: async (input, init) =>
      serverFetch(input, {
        ...init,
        headers: isPage(new URL(input)) ? { Accept: 'text/html' } : (init?.headers ?? {}),
      }),
  },
  {
    name: 'a page answer without Vary: Accept',
    check: 'markdown-negotiation',
    fetch: breaking(isPage, (r, t) => rewrite(r, t, (h) => h.delete('vary'))),
  },
  {
    name: 'a Markdown mirror without its canonical link',
    check: 'markdown-mirrors',
    fetch: breaking(path('/developers.md'), (r, t) => rewrite(r, t, (h) => h.delete('link'))),
  },
  {
    name: 'a Markdown mirror without front matter',
    check: 'markdown-mirrors',
    fetch: breaking(path('/index.md'), (r, t) => rewrite(r, t.replace(/^---[\s\S]*?---\n/, ''))),
  },
  {
    name: 'a server card naming another endpoint',
    check: 'mcp-server-card',
    after: ['mcp-endpoint'],
    fetch: breaking(path('/.well-known/mcp/server-card.json'), (r, t) =>
      rewrite(r, t.replace(`"endpoint": "${baseUrl}/mcp"`, `"endpoint": "${baseUrl}/mcp2"`)),
    ),
  },
  {
    name: 'a server card whose tools differ from tools/list',
    check: 'mcp-server-card',
    after: ['mcp-endpoint'],
    fetch: breaking(path('/.well-known/mcp.json'), (r, t) =>
      rewrite(r, t.replace('"name": "get_product"', '"name": "get_prices"')),
    ),
  },
  {
    name: 'a SKILL.md changed after its digest was taken',
    check: 'agent-skills',
    fetch: breaking(
      (url) => url.pathname.endsWith('/SKILL.md'),
      (r, t) => rewrite(r, `${t}\nOne more line.\n`),
    ),
  },
  {
    name: 'an agent-skills index whose digest is not that of the skill served over MCP',
    check: 'mcp-skills',
    fetch: breaking(path('/.well-known/agent-skills/index.json'), (r, t) =>
      rewrite(r, t.replace(/sha256:[0-9a-f]{64}/, `sha256:${'0'.repeat(64)}`)),
    ),
  },
  {
    name: 'an inline script and no WebMCP registration',
    check: 'webmcp',
    fetch: breaking(path('/'), (r, t) =>
      rewrite(r, t.replace(/<script type="module" src="[^"]*"><\/script>/g, '<script>1</script>')),
    ),
  },
  {
    name: 'a registration on navigator.modelContext only, without a signal',
    check: 'webmcp',
    fetch: breaking(
      (url) => url.pathname.startsWith('/_astro/') && url.pathname.endsWith('.js'),
      (r, t) => rewrite(r, t.replaceAll('document.modelContext', 'navigator.modelContext')),
    ),
  },
  {
    name: 'a home page whose HTML does not name its WebMCP tools',
    check: 'webmcp',
    fetch: breaking(path('/'), (r, t) => rewrite(r, t.replace(/data-webmcp-tools/g, 'data-x'))),
  },
  {
    name: 'an operation page whose Markdown misses the operation',
    check: 'markdown-parity',
    fetch: breaking(path('/docs/api/getOverview.md'), (r, t) =>
      rewrite(r, t.replace(/^# GET `\/overview`.*$/m, '')),
    ),
  },
  {
    name: "an MCP tool's page whose Markdown misses the tool",
    check: 'markdown-parity',
    fetch: breaking(path('/docs/mcp/tools/get_company_overview.md'), (r, t) =>
      rewrite(r, t.replace(/^# `get_company_overview`$/m, '')),
    ),
  },
  {
    name: 'an /errors.md missing an error of the catalogue',
    check: 'markdown-parity',
    fetch: breaking(path('/errors.md'), (r, t) =>
      rewrite(r, t.replace(/^\| \[`not_found`\].*$/m, '')),
    ),
  },
  {
    name: "a schema's page whose Markdown misses a field",
    check: 'markdown-parity',
    fetch: breaking(path('/docs/schemas/Overview.md'), (r, t) =>
      rewrite(r, t.replace(/^\s*- `alternateName`.*$/gm, '')),
    ),
  },
  {
    name: 'a /developers.md missing a heading',
    check: 'markdown-parity',
    fetch: breaking(path('/developers.md'), (r, t) =>
      rewrite(r, t.replace('## Connect an MCP client', 'Connect an MCP client')),
    ),
  },
  {
    name: 'a Markdown version without the "For AI agents" note',
    check: 'markdown-parity',
    fetch: breaking(path('/index.md'), (r, t) =>
      rewrite(r, t.replace('> **For AI agents:**', 'For agents:')),
    ),
  },
  {
    name: 'an AI Catalog served as plain JSON',
    check: 'ai-catalog',
    fetch: breaking(path('/.well-known/ai-catalog.json'), (r, t) =>
      rewrite(r, t, (h) => h.set('content-type', 'application/json')),
    ),
  },
  {
    name: 'an AI Catalog without the server card',
    check: 'ai-catalog',
    fetch: breaking(path('/.well-known/ai-catalog.json'), (r, t) =>
      rewrite(r, t.replace('/mcp/server-card', '/mcp/other-card')),
    ),
  },
  {
    name: 'a robots.txt without its Agentmap line',
    check: 'ai-catalog',
    fetch: breaking(path('/robots.txt'), (r, t) => rewrite(r, t.replace(/^Agentmap:.*$/m, ''))),
  },
  {
    name: 'a robots.txt group without Content-Usage',
    check: 'content-usage',
    fetch: breaking(path('/robots.txt'), (r, t) =>
      rewrite(r, t.replace(/^Content-Usage:.*\n/m, '')),
    ),
  },
  {
    name: 'a Content-Usage outside the vocabulary syntax',
    check: 'content-usage',
    fetch: breaking(path('/robots.txt'), (r, t) =>
      // Whatever content/agents.yaml says (train-ai=y or =n), a value outside y/n.
      rewrite(r, t.replace(/train-ai=[yn]\b/g, 'train-ai=yes')),
    ),
  },
  {
    name: 'a page without the Content-Usage header',
    check: 'content-usage',
    fetch: breaking(path('/docs'), (r, t) => rewrite(r, t, (h) => h.delete('content-usage'))),
  },
  {
    name: 'CIMD advertised with a non-boolean flag',
    check: 'cimd',
    fetch: breaking(path('/.well-known/oauth-authorization-server'), (r, t) =>
      rewrite(
        r,
        JSON.stringify({
          ...(JSON.parse(t) as object),
          client_id_metadata_document_supported: 'yes',
        }),
      ),
    ),
  },
  {
    name: 'CIMD advertised while a loopback client_id URL is let through',
    check: 'cimd',
    fetch: async (input, init) => {
      const url = new URL(input);
      if (
        url.pathname === '/oauth/authorize' &&
        url.searchParams.get('client_id')?.startsWith('https://127.')
      )
        return new Response(null, {
          status: 302,
          headers: { location: 'https://127.0.0.1/callback?code=x' },
        });
      const response = await serverFetch(input, init);
      if (url.pathname !== '/.well-known/oauth-authorization-server') return response;
      const metadata = (await response.json()) as object;
      return Response.json({ ...metadata, client_id_metadata_document_supported: true });
    },
  },
  {
    name: 'a sitemap without an error page',
    check: 'error-pages',
    fetch: breaking(path('/sitemap.xml'), (r, t) =>
      rewrite(r, t.replace(/ *<url><loc>[^<]*\/errors\/not_found<\/loc>.*\n/, '')),
    ),
  },
  {
    name: 'llms.txt without its Errors section',
    check: 'error-pages',
    fetch: breaking(path('/llms.txt'), (r, t) => rewrite(r, t.replace('## Errors', '## Problems'))),
  },
  {
    name: 'an error page without its common causes',
    check: 'error-pages',
    fetch: breaking(path('/errors/rate_limited'), (r, t) =>
      rewrite(r, t.replace('<h2>Common causes</h2>', '<h3>Common causes</h3>')),
    ),
  },
  {
    name: 'an error page without its example body',
    check: 'error-pages',
    fetch: breaking(path('/errors/invalid_grant'), (r, t) =>
      rewrite(r, t.replace('class="language-json"', 'class="language-text"')),
    ),
  },
  {
    name: 'an error page that is mostly markup',
    check: 'error-pages',
    fetch: breaking(path('/errors/not_found'), (r, t) =>
      rewrite(r, t.replace('</main>', `${'<div class="spacer"></div>'.repeat(100)}</main>`)),
    ),
  },
  {
    name: 'a page whose JSON-LD has no dateModified',
    check: 'page-freshness',
    fetch: breaking(path('/docs'), (r, t) =>
      rewrite(r, t.replace('"dateModified"', '"dateCreated"')),
    ),
  },
  {
    name: 'an error page without a BreadcrumbList',
    check: 'page-freshness',
    fetch: breaking(path('/errors/not_found'), (r, t) =>
      rewrite(r, t.replace('"BreadcrumbList"', '"ItemList"')),
    ),
  },
  {
    name: 'a Markdown version without doc_version',
    check: 'page-freshness',
    fetch: breaking(path('/glossary.md'), (r, t) =>
      rewrite(r, t.replace(/^doc_version:.*\n/m, '')),
    ),
  },
  {
    name: 'a Markdown version dated unlike its page',
    check: 'page-freshness',
    fetch: breaking(path('/errors.md'), (r, t) =>
      rewrite(r, t.replace(/^last_updated: .*$/m, 'last_updated: "2001-01-01T00:00:00.000Z"')),
    ),
  },
  {
    name: 'a Markdown version without its Sitemap section',
    check: 'markdown-navigation',
    fetch: breaking(path('/errors/not_found.md'), (r, t) =>
      rewrite(r, t.replace('## Sitemap', '## Elsewhere')),
    ),
  },
  {
    name: 'a /sitemap.md missing a page',
    check: 'markdown-navigation',
    fetch: breaking(path('/sitemap.md'), (r, t) =>
      rewrite(r, t.replace(/^.*\/errors\/invalid_scope\.md\).*\n/m, '')),
    ),
  },
  {
    name: 'a robots.txt that does not name /sitemap.md',
    check: 'markdown-navigation',
    fetch: breaking(path('/robots.txt'), (r, t) =>
      rewrite(r, t.replace(/^# Every page as Markdown.*\n/m, '')),
    ),
  },
  {
    name: 'an AGENTS.md without its Usage section',
    check: 'markdown-navigation',
    fetch: breaking(path('/AGENTS.md'), (r, t) => rewrite(r, t.replace('## Usage', '## Use'))),
  },
  {
    name: 'a page footer without the Glossary link',
    check: 'glossary',
    fetch: breaking(path('/errors/bad_request'), (r, t) =>
      rewrite(r, t.replace('<a href="/glossary">Glossary</a>', 'Glossary')),
    ),
  },
  {
    name: 'a glossary without PKCE',
    check: 'glossary',
    fetch: breaking(path('/glossary'), (r, t) =>
      rewrite(r, t.replace(/<h2 id="pkce"[^>]*>/, '<h3>')),
    ),
  },
  {
    name: 'a Markdown version nearly as large as its HTML',
    check: 'markdown-lean',
    fetch: breaking(path('/index.md'), (r, t) => rewrite(r, `${t}${' '.repeat(40_000)}`)),
  },
  // Issue 28 items 1 and 4 (src/audit/agent-docs-checks.ts).
  {
    name: 'llms.txt linking a JSON document instead of its Markdown page',
    check: 'llms-txt-markdown-links',
    fetch: breaking(path('/llms.txt'), (r, t) =>
      rewrite(r, t.replace(`${baseUrl}/documents/overview.md`, `${baseUrl}/api/v1/overview`)),
    ),
  },
  {
    name: 'a JSON document page that does not link its JSON',
    check: 'llms-txt-markdown-links',
    fetch: breaking(path('/documents/api-catalog.md'), (r, t) =>
      rewrite(r, t.replace(/^- URL: .*$/m, '')),
    ),
  },
  {
    name: 'a page without a link to /llms.txt',
    check: 'llms-txt-pointer',
    fetch: breaking(path('/errors/bad_request'), (r, t) =>
      rewrite(r, t.replaceAll('href="/llms.txt"', 'href="/elsewhere"')),
    ),
  },
  {
    name: 'a heading anchor named by hidden text',
    check: 'heading-anchors',
    // An operation page: its Responses heading has an anchor whatever content/ holds.
    fetch: breaking(path('/docs/api/getOverview'), (r, t) =>
      rewrite(
        r,
        t.replace(
          /aria-label="Link to the section ([^"]*)"([^>]*)><span aria-hidden="true">#<\/span>/,
          '$2><span aria-hidden="true">#</span><span class="visually-hidden">Link to the section $1</span>',
        ),
      ),
    ),
  },
  {
    name: 'llms.txt without its Instructions for agents',
    check: 'agent-instructions',
    fetch: breaking(path('/llms.txt'), (r, t) =>
      rewrite(r, t.replace('## Instructions for agents', '## Notes')),
    ),
  },
  {
    name: 'a Markdown version with its Instructions for agents at the end',
    check: 'agent-instructions',
    fetch: breaking(path('/errors/not_found.md'), (r, t) => {
      const section = /^## Instructions for agents\n\n(?:- .+\n)+\n/m.exec(t)?.[0] ?? '';
      return rewrite(r, `${t.replace(section, '')}\n${section}`);
    }),
  },
  {
    name: 'a Markdown version without x-markdown-tokens',
    check: 'markdown-tokens',
    fetch: breaking(path('/docs.md'), (r, t) =>
      rewrite(r, t, (h) => h.delete('x-markdown-tokens')),
    ),
  },
  {
    name: "a page's negotiated Markdown naming another count than its Markdown version",
    check: 'markdown-tokens',
    fetch: breaking(
      (url, init) =>
        url.pathname === '/developers' &&
        new Headers(init?.headers).get('accept') === 'text/markdown',
      (r, t) => rewrite(r, t, (h) => h.set('x-markdown-tokens', '1')),
    ),
  },
  {
    name: 'an x-markdown-tokens counted before the body changed',
    check: 'markdown-tokens',
    fetch: breaking(path('/llms-full.txt'), (r, t) =>
      rewrite(r, `${t}\nOne more paragraph that the count does not know.\n`),
    ),
  },
  {
    name: 'a server.json naming another endpoint',
    check: 'mcp-registry',
    fetch: breaking(path('/.well-known/mcp/server.json'), (r, t) =>
      rewrite(r, t.replace(`${baseUrl}/mcp"`, 'https://elsewhere.example/mcp"')),
    ),
  },
  {
    name: 'a namespace proof that is not v=MCPv1; k=ed25519; p=<key>',
    check: 'mcp-registry',
    fetch: breaking(
      path('/.well-known/mcp-registry-auth'),
      () =>
        new Response('v=MCPv1; k=ed25519; p=not-a-key\n', {
          status: 200,
          headers: { 'content-type': 'text/plain; charset=utf-8' },
        }),
    ),
  },
  {
    name: 'an A2A agent card at the pre-1.0 path /.well-known/agent.json',
    check: 'no-false-signals',
    fetch: breaking(
      path('/.well-known/agent.json'),
      () =>
        new Response('{"name":"x"}', {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    ),
  },
];

describe('npm run audit', () => {
  it('should pass every check against the local server', async () => {
    const report = await runAudit(baseUrl);
    expect(report.failed, formatAuditReport(report)).toBe(0);
    expect(report.checks.length).toBeGreaterThanOrEqual(24);
  });

  it.each(FAULTS)('should catch $name in $check', async (fault) => {
    const report = await runAudit(baseUrl, {
      ...fault.options?.(),
      fetch: fault.fetch,
      only: [...(fault.after ?? []), 'sitemap', fault.check],
    });
    const result = report.checks.find((check) => check.id === fault.check);
    expect(result?.status, formatAuditReport(report)).toBe('fail');
    expect(result?.fix).toBeTruthy();
  });

  it('should pass every check on the answers the faults replay, so each failure above is its fault', async () => {
    const report = await runAudit(baseUrl, { fetch: serverFetch });
    expect(report.failed, formatAuditReport(report)).toBe(0);
    expect(storedAnswers.size).toBeGreaterThan(0);
  });

  it('should name OAUTH_SIGNING_KEYS when the functions lack their signing keys at run time', async () => {
    const missing = buildProblem(baseUrl, {
      ...findErrorKind('signing_keys_missing'),
      instance: '/oauth/register',
    });
    const report = await runAudit(baseUrl, {
      fetch: breaking(path('/oauth/register'), (r) =>
        rewrite(new Response(null, { status: 503, headers: r.headers }), JSON.stringify(missing)),
      ),
      only: ['authorization-server', 'sitemap', 'oauth-anonymous-flow'],
    });
    const result = report.checks.find((check) => check.id === 'oauth-anonymous-flow');
    expect(result?.status).toBe('fail');
    expect(result?.failures.join(' ')).toContain('OAUTH_SIGNING_KEYS is missing at run time');
  });

  it('should cover every check of the audit with at least one fault', () => {
    const covered = new Set(FAULTS.map((fault) => fault.check));
    expect(AUDIT_CHECKS.length).toBeGreaterThan(0);
    for (const { id } of AUDIT_CHECKS) expect(covered, id).toContain(id);
  });

  it('should write a JSON report and exit 0 from the command line, 1 on a failure', async () => {
    const file = join(await mkdtemp(join(tmpdir(), 'audit-')), 'report.json');
    const ok = await runCommand(NODE, [
      `${ROOT}scripts/audit.ts`,
      baseUrl,
      '--json',
      file,
      '--only',
      'robots-txt,sitemap',
    ]);
    expect(ok.code, ok.stdout + ok.stderr).toBe(0);
    expect(ok.stdout).toContain('PASS  robots-txt');
    const report = JSON.parse(await readFile(file, 'utf8')) as { failed: number; target: string };
    expect(report).toMatchObject({ failed: 0, target: baseUrl });
    const failing = await runCommand(NODE, [
      `${ROOT}scripts/audit.ts`,
      'http://127.0.0.1:9',
      '--only',
      'robots-txt',
    ]);
    // Nothing listens there: one check says so, instead of every check failing on the same error.
    expect(failing.code).toBe(1);
    expect(failing.stdout).toContain(
      'FAIL  origin-answers: The origin answers a GET of its home page',
    );
    expect(failing.stdout).toContain('✗ GET http://127.0.0.1:9/ got no answer: fetch failed (');
    expect(failing.stdout).toContain('0 passed, 1 failed, of 1 check.');
    expect(failing.stdout).not.toContain('robots-txt');
  });
});
