import { createHash } from 'node:crypto';
import { AgentSkillsIndexSchema } from '../schemas/agent-skills-index.ts';
import { AI_CATALOG_MEDIA_TYPE } from '../schemas/discovery-media-types.ts';
import { AiCatalogSchema } from '../schemas/ai-catalog.ts';
import { McpServerCardSchema, McpServerCardV2Schema } from '../schemas/mcp-server-card.ts';
import { SERVER_CARD_MEDIA_TYPE } from '../schemas/discovery-media-types.ts';
import type { AuditCheck } from './audit-check.ts';
import { expectDocument, parseWith } from './audit-expectations.ts';
import { parseJson } from './audit-http.ts';
import { BROWSER_ACCEPT, readFrontMatter } from './audit-pages.ts';
import { IAR } from './check-sources.ts';

/** Agent protocols scanners look for: MCP server cards, agent skills, WebMCP, and nothing false. */
export const SCANNER_AGENT_PROTOCOL_CHECKS: readonly AuditCheck[] = [
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
      // The older catalog path scanners still probe serves the AI Catalog too.
      const catalog = await context.http.get(
        `${context.origin}/.well-known/mcp/catalog.json`,
        AI_CATALOG_MEDIA_TYPE,
      );
      if (expectDocument(scope, catalog, [AI_CATALOG_MEDIA_TYPE])) {
        const parsed = AiCatalogSchema.safeParse(parseJson(catalog.text));
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
      'WebMCP: pages register read-only tools through document.modelContext, from a same-origin script, and say so in the HTML',
    sources: [IAR('webMcp'), 'WebMCP (W3C community draft)'],
    fix: 'Include a bundled module script on every page that calls document.modelContext.registerTool (navigator.modelContext as fallback) with an AbortSignal, and name the tools in the page (src/components/AgentSignals.astro, AgentNote.astro).',
    async run(context, scope) {
      const home = await context.http.get(`${context.origin}/`, BROWSER_ACCEPT);
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
        // The shipping API (document.modelContext, Promise-returning registerTool torn down by
        // an AbortSignal), with navigator.modelContext as the fallback.
        if (
          /document\.modelContext/.test(script.text) &&
          /registerTool/.test(script.text) &&
          /signal/.test(script.text)
        )
          registers = true;
      }
      scope.expect(
        registers,
        'no page script registers tools with document.modelContext.registerTool and a signal',
      );
      // A scanner that reads only the HTML: the page itself says that it registers tools.
      const marker = /data-webmcp-tools[^>]*>([\s\S]*?)<\/span>/.exec(home.text)?.[1] ?? '';
      const named = [...marker.matchAll(/<code>([^<]+)<\/code>/g)].map((m) => m[1]);
      scope.expect(
        /modelContext/.test(home.text) && named.length > 0,
        'the home page HTML does not name the WebMCP tools it registers',
      );
      if (named.length > 0) scope.note(`the HTML names ${named.join(', ')}`);
    },
  },
  {
    id: 'no-false-signals',
    title:
      'Nothing false: no A2A card at the pre-1.0 path beside the real one, no commerce signals',
    sources: [
      IAR('informational: A2A, x402, UCP, ACP, AP2'),
      'docs/spec.md §1 (no pricing, no products sold)',
    ],
    fix: 'Remove /.well-known/agent.json (the A2A card lives at /.well-known/agent-card.json, checked by a2a-agent-card) and any commerce manifest: the service sells nothing.',
    async run(context, scope) {
      for (const path of [
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
