import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { SiteDocuments } from '../../src/documents/site-documents.ts';
import { buildMcpServerName } from '../../src/documents/mcp-server-identity.ts';
import { buildPassages, SiteSearchIndex } from '../../src/documents/site-search.ts';
import { loadContentStemmer } from '../../src/integrations/search-language.ts';
import { PAGE_SIZE } from '../../src/mcp/pagination.ts';
import { loadExpectedSite } from '../support/expected-site.ts';
import { buildSampleQuery } from '../support/sample-content.ts';

const baseUrl = inject('baseUrl');
let client: Client;
let transport: StreamableHTTPClientTransport;
let expected: SiteDocuments;

beforeAll(async () => {
  expected = await loadExpectedSite(baseUrl);
  client = new Client({ name: 'sdk-test-client', version: '1.0.0' });
  transport = new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp`));
  await client.connect(transport);
});

afterAll(async () => {
  await client?.close();
});

/** The first copy section of content/ (the reader refuses a collection without one). */
function firstSection() {
  const [section] = expected.content.copy;
  if (!section) throw new Error('content/copy holds no section');
  return section;
}

describe('the official MCP TypeScript SDK client', () => {
  it('should connect, negotiating its latest protocol version, with server info 0.1.0', () => {
    expect(transport.protocolVersion).toBe('2025-11-25');
    expect(client.getServerVersion()).toMatchObject({
      name: buildMcpServerName(expected.content),
      version: '0.1.0',
    });
    expect(client.getServerCapabilities()).toEqual({
      tools: {},
      resources: {},
      prompts: {},
      extensions: { 'io.modelcontextprotocol/skills': {} },
    });
    expect(client.getInstructions()).toContain(expected.content.company.name);
  });

  it('should list read-only tools with titles, annotations and input and output schemas', async () => {
    const { tools } = await client.listTools();
    // Every tool of src/mcp/tools/, by name, as the build collected them.
    expect(tools.map((tool) => tool.name)).toEqual(expected.mcpTools.map((tool) => tool.name));
    expect(tools.length).toBeGreaterThan(0);
    for (const tool of tools) {
      expect(tool.title).toBeTruthy();
      expect(tool.description?.length).toBeGreaterThan(60);
      expect(tool.annotations).toMatchObject({
        readOnlyHint: true,
        destructiveHint: false,
        idempotentHint: true,
      });
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.outputSchema?.type).toBe('object');
    }
  });

  it('should call get_company_overview and return the REST overview as structured content', async () => {
    const result = await client.callTool({ name: 'get_company_overview', arguments: {} });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual(expected.overview);
    expect(JSON.parse((result.content as { text: string }[])[0]?.text ?? '')).toEqual(
      expected.overview,
    );
  });

  it('should call every tool successfully, the SDK validating each result against its output schema', async () => {
    const calls = [
      { name: 'get_product', arguments: {} },
      { name: 'list_calls_to_action', arguments: { priority: 1 } },
      { name: 'get_agent_document', arguments: { document: 'auth.md' } },
      { name: 'get_site_copy_section', arguments: { section: firstSection().slug } },
      {
        name: 'search_site_copy',
        arguments: { query: buildSampleQuery(expected.content), limit: 3 },
      },
    ];
    for (const call of calls) {
      const result = await client.callTool(call);
      expect(result.isError, call.name).toBeFalsy();
      expect(result.structuredContent, call.name).toBeTypeOf('object');
    }
    const ctas = await client.callTool({
      name: 'list_calls_to_action',
      arguments: { priority: 1 },
    });
    expect((ctas.structuredContent as { callsToAction: unknown[] }).callsToAction).toEqual(
      expected.content.callsToAction.filter((cta) => cta.priority === 1),
    );
    const authMd = await client.callTool({
      name: 'get_agent_document',
      arguments: { document: 'auth.md' },
    });
    expect((authMd.structuredContent as { text: string }).text).toBe(expected.authMd);
  });

  it('should rank search passages and name their source', async () => {
    const query = buildSampleQuery(expected.content);
    const result = await client.callTool({ name: 'search_site_copy', arguments: { query } });
    const { results } = result.structuredContent as {
      results: { rank: number; section: string; source: string; score: number }[];
    };
    expect(results.length).toBeGreaterThan(0);
    // The ranking the search library gives the same copy, computed here from content/.
    const ranked = new SiteSearchIndex(
      buildPassages(expected.content, expected.urls, expected.outlines),
      expected.searchStopWords,
      await loadContentStemmer(expected.content.company.locale),
    ).search(query, 5);
    expect(results.map((hit) => [hit.section, hit.source])).toEqual(
      ranked.map((hit) => [hit.section, hit.source]),
    );
    expect(results.map((hit) => hit.rank)).toEqual(results.map((_, index) => index + 1));
    const scores = results.map((hit) => hit.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  });

  it('should answer invalid arguments with a tool error the model can read (2025-11-25)', async () => {
    const result = await client.callTool({ name: 'search_site_copy', arguments: { query: '' } });
    expect(result.isError).toBe(true);
    expect((result.content as { text: string }[])[0]?.text).toMatch(/query: must not be empty/);
  });

  it('should refuse an unknown tool with JSON-RPC -32602', async () => {
    await expect(
      client.callTool({ name: 'delete_everything', arguments: {} }),
    ).rejects.toMatchObject({
      code: -32602,
    });
  });

  it('should list every resource across pages and read each one as it is served over HTTP', async () => {
    const uris: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await client.listResources(cursor ? { cursor } : {});
      uris.push(...page.resources.map((resource) => resource.uri));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(Math.ceil(uris.length / PAGE_SIZE));
    expect(uris).toContain(`${baseUrl}/llms.txt`);
    expect(uris).toContain(`${baseUrl}/openapi.json`);
    expect(new Set(uris).size).toBe(uris.length);
    for (const uri of uris) {
      const { contents } = await client.readResource({ uri });
      const served = await fetch(uri);
      expect(served.status, uri).toBe(200);
      expect(contents[0] && 'text' in contents[0] ? contents[0].text : undefined, uri).toBe(
        await served.text(),
      );
      expect(contents[0]?.mimeType, uri).toBe(served.headers.get('content-type'));
    }
  });

  it('should list the copy-section template and resolve it', async () => {
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates[0]?.uriTemplate).toBe(`${baseUrl}/copy/{section}.md`);
    const { contents } = await client.readResource({
      uri: `${baseUrl}/copy/${firstSection().slug}.md`,
    });
    expect(contents[0]?.mimeType).toBe('text/markdown; charset=utf-8');
  });

  it('should refuse an unknown resource with -32002 (resource not found, before 2026-07-28)', async () => {
    await expect(client.readResource({ uri: `${baseUrl}/nothing.md` })).rejects.toMatchObject({
      code: -32002,
    });
  });

  it('should list and render the prompts', async () => {
    const { prompts } = await client.listPrompts();
    expect(prompts.map((prompt) => prompt.name)).toEqual([
      'company_brief',
      'answer_from_site_copy',
    ]);
    const brief = await client.getPrompt({
      name: 'company_brief',
      arguments: { audience: 'a CFO' },
    });
    expect(brief.messages[0]?.content).toMatchObject({ type: 'text' });
    expect(JSON.stringify(brief.messages)).toContain('a CFO');
    await expect(
      client.getPrompt({ name: 'answer_from_site_copy', arguments: {} }),
    ).rejects.toMatchObject({
      code: -32602,
    });
  });

  it('should answer ping', async () => {
    await expect(client.ping()).resolves.toEqual({});
  });
});
