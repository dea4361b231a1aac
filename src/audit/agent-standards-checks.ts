import { createHash } from 'node:crypto';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { SkillsClient } from '@modelcontextprotocol/client/ext/skills';
import { AgentSkillsIndexSchema } from '../schemas/agent-skills-index.ts';
import { AI_CATALOG_MEDIA_TYPE } from '../schemas/discovery-media-types.ts';
import { AiCatalogSchema } from '../schemas/ai-catalog.ts';
import { SERVER_CARD_MEDIA_TYPE } from '../schemas/discovery-media-types.ts';
import type { AuditCheck, AuditContext } from './audit-check.ts';
import { expectDocument, getJson, parseWith } from './audit-expectations.ts';
import { parseLinkHeader } from './audit-http.ts';
import { BROWSER_ACCEPT, listPageUrls, readHead } from './audit-pages.ts';
import { IAR } from './check-sources.ts';
import { listMarkdownLinks } from '../site-content/parse-markdown-outline.ts';
import { findParityGaps } from './markdown-parity.ts';

/** One AIPREF statement: a Structured Fields dictionary of `y`/`n` tokens. @see draft-ietf-aipref-vocab §6 */
const CONTENT_USAGE = /^[a-z][a-z0-9_.*-]*=[yn](\s*,\s*[a-z][a-z0-9_.*-]*=[yn])*$/;

/** The fetch the MCP SDK uses: the audit's own client, so injected faults reach it too. */
function toFetch(context: AuditContext): typeof fetch {
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    const answer = await context.http.request(url, init);
    return new Response(answer.status === 204 ? null : new Uint8Array(answer.bytes), {
      status: answer.status,
      headers: answer.headers,
    });
  }) as typeof fetch;
}

/** What issue 17 adds for agents: Markdown at parity, the AI Catalog, AIPREF, CIMD, MCP skills. */
export const AGENT_STANDARDS_CHECKS: readonly AuditCheck[] = [
  {
    id: 'markdown-parity',
    title:
      "Each page's Markdown version carries every heading, operation, tool and table key of the page",
    sources: ['Agent Readability spec (Markdown versions)'],
    fix: 'Build the Markdown version from the data the page renders (src/reference/page-markdown-versions.ts) so nothing the HTML shows is missing.',
    async run(context, scope) {
      for (const url of listPageUrls(context)) {
        const page = await context.http.get(url, BROWSER_ACCEPT);
        if (!expectDocument(scope, page, ['text/html'])) continue;
        const href = readHead(page.text).link('alternate', 'text/markdown');
        if (!scope.expect(href !== undefined, `${url}: no Markdown version linked`)) continue;
        const markdown = await context.http.get(new URL(href ?? '', url).href, 'text/markdown');
        if (!expectDocument(scope, markdown, ['text/markdown'])) continue;
        const gaps = findParityGaps(page.text, markdown.text);
        for (const gap of gaps.slice(0, 10))
          scope.fail(`${href}: lacks the ${gap.kind} "${gap.text}"`);
        if (gaps.length > 10) scope.fail(`${href}: ${gaps.length - 10} more gaps`);
        scope.expect(
          /^> \*\*For AI agents:\*\*/m.test(markdown.text.slice(0, 2000)),
          `${href}: no "For AI agents" note near the top`,
        );
        // On the page the note follows the content (issue 27: people read the page first); agents
        // find it at the top of the Markdown version, checked above.
        scope.expect(/id="for-ai-agents"/.test(page.text), `${url}: no "For AI agents" note`);
        const relative = listMarkdownLinks(markdown.text).filter(
          (target) => !/^(?:https?:|mailto:|#)/.test(target),
        );
        scope.expect(
          relative.length === 0,
          `${href}: relative links ${relative.slice(0, 3).join(' ')}`,
        );
      }
      scope.note(`${listPageUrls(context).length} pages at parity with their Markdown versions`);
    },
  },
  {
    id: 'ai-catalog',
    title:
      'AI Catalog: the server card, API catalog and OpenAPI document, found from pages and robots.txt',
    sources: [
      'ARD v0.9 §4, §6.1',
      'experimental-ext-server-card docs/discovery.md',
      IAR('mcpServerCard'),
    ],
    fix: 'Serve /.well-known/ai-catalog.json as application/ai-catalog+json listing <mcp-url>/server-card, and name it in a Link rel="ai-catalog" header, a <link rel="ai-catalog"> and an Agentmap: line in robots.txt (src/documents/ai-catalog.ts).',
    async run(context, scope) {
      const url = `${context.origin}/.well-known/ai-catalog.json`;
      const json = await getJson(context, scope, url, [AI_CATALOG_MEDIA_TYPE]);
      const catalog = json ? parseWith(scope, 'the AI Catalog', AiCatalogSchema, json) : undefined;
      if (catalog) {
        const byType = (type: string) => catalog.entries.find((entry) => entry.type === type);
        const card = byType(SERVER_CARD_MEDIA_TYPE);
        scope.expect(
          card?.url === `${context.origin}/mcp/server-card`,
          'no entry for /mcp/server-card',
        );
        scope.expect(
          byType('application/linkset+json')?.url === `${context.origin}/.well-known/api-catalog`,
          'no entry for the API catalog',
        );
        scope.expect(
          byType('application/vnd.oai.openapi+json') !== undefined,
          'no entry for the OpenAPI description',
        );
        for (const entry of catalog.entries) {
          const answer = await context.http.get(entry.url, entry.type);
          scope.expect(answer.status === 200, `${entry.url} answered ${answer.status}`);
          scope.expect(
            entry.identifier.startsWith(
              `urn:air:${new URL(context.origin).hostname.replace(/^\[|\]$/g, '').replace(/[^a-zA-Z0-9.-]/g, '-')}:`,
            ),
            `${entry.identifier} is not anchored to this origin`,
          );
        }
      }
      const home = await context.http.get(`${context.origin}/`, BROWSER_ACCEPT);
      const links = parseLinkHeader(home.headers.get('link'), home.url);
      scope.expect(
        links.some((link) => link.rel.includes('ai-catalog')),
        '/ has no Link rel="ai-catalog"',
      );
      scope.expect(
        readHead(home.text).link('ai-catalog') !== undefined,
        '/ has no <link rel="ai-catalog">',
      );
      const robots = await context.http.get(`${context.origin}/robots.txt`, 'text/plain');
      scope.expect(
        new RegExp(`^Agentmap:\\s*${url.replace(/[.]/g, '\\.')}\\s*$`, 'mi').test(robots.text),
        'robots.txt has no Agentmap: line naming the catalog',
      );
      if (catalog)
        scope.note(
          `${catalog.entries.length} entries: ${catalog.entries.map((e) => e.type).join(', ')}`,
        );
    },
  },
  {
    id: 'content-usage',
    title:
      'AIPREF Content-Usage in robots.txt and on pages and agent documents, beside Content-Signal',
    sources: ['draft-ietf-aipref-vocab', 'draft-ietf-aipref-attach §2-3', IAR('contentSignals')],
    fix: 'State the preferences of content/agents.yaml as Content-Usage (train-ai=y|n, search=y|n) in each robots.txt group and as a response header (src/documents/robots-txt.ts, vercel.ts).',
    async run(context, scope) {
      const robots = await context.http.get(`${context.origin}/robots.txt`, 'text/plain');
      const groups = robots.text.split(/\n\s*\n/).filter((group) => /^user-agent:/im.test(group));
      const values = new Set<string>();
      for (const group of groups) {
        const usage = /^content-usage:\s*(.*?)\s*$/im.exec(group)?.[1];
        if (!scope.expect(usage !== undefined, `a robots.txt group has no Content-Usage rule`))
          continue;
        scope.expect(
          CONTENT_USAGE.test(usage ?? ''),
          `Content-Usage "${usage}" is not y/n tokens of the vocabulary`,
        );
        values.add(usage ?? '');
      }
      scope.expect(
        values.size === 1,
        `robots.txt states ${values.size} different Content-Usage values`,
      );
      const [expected] = values;
      const documents = [
        ...listPageUrls(context),
        ...[
          '/index.md',
          '/llms.txt',
          '/auth.md',
          '/openapi.json',
          '/.well-known/ai-catalog.json',
        ].map((p) => `${context.origin}${p}`),
      ];
      for (const url of documents) {
        const answer = await context.http.get(
          url,
          url.endsWith('/') || !/\.[a-z]+$/.test(url) ? BROWSER_ACCEPT : '*/*',
        );
        scope.expect(
          answer.headers.get('content-usage') === expected,
          `${url}: Content-Usage is ${answer.headers.get('content-usage') ?? 'missing'}, not ${expected}`,
        );
      }
      scope.note(`Content-Usage: ${expected ?? '?'} on ${documents.length} documents`);
    },
  },
  {
    id: 'cimd',
    title: 'Client ID Metadata Documents, when advertised: a loopback client_id URL is refused',
    sources: [
      'MCP 2026-07-28 authorization (SEP-991)',
      'draft-ietf-oauth-client-id-metadata-document',
    ],
    fix: 'Accept https client_id URLs only under the fetch policy of src/oauth/ (no loopback, private or metadata addresses), or stop advertising client_id_metadata_document_supported.',
    async run(context, scope) {
      const metadata = (await getJson(
        context,
        scope,
        '/.well-known/oauth-authorization-server',
      )) as Record<string, unknown> | undefined;
      const flag = metadata?.client_id_metadata_document_supported;
      if (flag === undefined)
        return scope.note('not advertised (client_id_metadata_document_supported absent)');
      if (
        !scope.expect(
          flag === true || flag === false,
          'client_id_metadata_document_supported is not a boolean',
        ) ||
        !flag
      )
        return;
      const authorize = new URL(
        String(metadata?.authorization_endpoint ?? `${context.origin}/oauth/authorize`),
      );
      authorize.search = new URLSearchParams({
        response_type: 'code',
        client_id: 'https://127.0.0.1/client.json',
        redirect_uri: 'https://127.0.0.1/callback',
        code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
        code_challenge_method: 'S256',
      }).toString();
      const answer = await context.http.request(authorize.href, { redirect: 'manual' });
      scope.expect(
        answer.status === 400 || answer.status === 401,
        `a loopback client_id URL got ${answer.status}, not a refusal`,
      );
      scope.note('advertised; a loopback client_id URL is refused');
    },
  },
  {
    id: 'mcp-skills',
    title:
      'MCP skills extension, when declared: every skill verifies and matches the agent-skills index',
    sources: [
      'SEP-2640 (io.modelcontextprotocol/skills)',
      'MCP Inspector skills/list --verify',
      IAR('agentSkills'),
    ],
    fix: 'Serve the skills of /.well-known/agent-skills/index.json through skills/list and resources/read with the same bytes (src/mcp/).',
    async run(context, scope) {
      const client = new Client({ name: 'agent-readiness-audit', version: '1.0.0' });
      const transport = new StreamableHTTPClientTransport(new URL(`${context.origin}/mcp`), {
        fetch: toFetch(context),
      });
      await client.connect(transport);
      try {
        const skills = new SkillsClient(client);
        if (!skills.supported)
          return scope.note('not declared (no io.modelcontextprotocol/skills extension)');
        const json = await getJson(context, scope, '/.well-known/agent-skills/index.json');
        const index = parseWith(scope, 'the agent-skills index', AgentSkillsIndexSchema, json);
        const { skills: entries } = await skills.list();
        for (const entry of entries) {
          const file = await skills.read(entry);
          const digest = `sha256:${createHash('sha256').update(file.bytes).digest('hex')}`;
          const name = String(entry.frontmatter.name);
          const published = index?.skills.find((skill) => skill.name === name);
          scope.expect(
            published?.digest === digest,
            `${name}: digest ${digest} differs from the agent-skills index (${published?.digest ?? 'missing'})`,
          );
        }
        scope.expect(
          entries.length === (index?.skills.length ?? -1),
          `${entries.length} skills over MCP, ${index?.skills.length ?? '?'} in the index`,
        );
        scope.note(`${entries.length} skills verify and match the index`);
      } finally {
        await client.close();
      }
    },
  },
];
