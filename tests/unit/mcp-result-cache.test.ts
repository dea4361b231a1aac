import { describe, expect, it } from 'vitest';
import { joinBody, toWebHandler } from '../../src/http/plain-http.ts';
import { createMcpHandler } from '../../src/mcp/http-handler.ts';
import { answerMessage, type JsonRpcMessage } from '../../src/mcp/json-rpc-messages.ts';
import { createResultCache, KEPT_TOOL_RESULTS } from '../../src/mcp/result-cache.ts';
import { createMcpRpcServer } from '../../src/mcp/rpc-server.ts';
import { PROTOCOL_VERSIONS, type ProtocolVersion } from '../../src/service/mcp-protocol.ts';
import { loadExpectedSite } from '../support/expected-site.ts';
import { modernMeta, postMcp } from '../support/mcp-requests.ts';
import { loadFixtureContent } from '../support/fixture-content.ts';
import { AgentCatalogue } from '../../src/insight/agent-catalogue.ts';
import { InsightRecorder, withInsight } from '../../src/insight/insight-recorder.ts';
import { readDay, readTallyKey } from '../../src/insight/insight-tallies.ts';
import { MemoryStore } from '../../src/shared-state/memory-store.ts';

const site = await loadExpectedSite('https://facts.example.com', await loadFixtureContent('rich'));

/** Tool calls of every tool, valid and not, with and without arguments. */
const CALLS: ReadonlyArray<Record<string, unknown>> = [
  { name: 'search_site_copy', arguments: { query: 'bakery bread forecast', limit: 3 } },
  { name: 'search_site_copy', arguments: { query: '  bread  ' } },
  { name: 'search_site_copy', arguments: { query: '' } },
  { name: 'search_site_copy', arguments: { query: 'eta', limit: 0 } },
  { name: 'search_site_copy' },
  { name: 'get_company_overview' },
  { name: 'get_company_overview', arguments: {} },
  { name: 'get_company_overview', arguments: null },
  { name: 'get_company_overview', arguments: { unexpected: true } },
  { name: 'get_product' },
  { name: 'list_calls_to_action', arguments: {} },
  { name: 'get_agent_document', arguments: { document: 'llms.txt' } },
  { name: 'get_site_copy_section', arguments: { section: 'no-such-section' } },
  { name: 'no_such_tool', arguments: {} },
];

/** The answer the method table gives, serialized on its own (no kept result involved). */
async function answerDirectly(message: JsonRpcMessage, version: ProtocolVersion) {
  const rpc = createMcpRpcServer(site, () => undefined);
  return JSON.stringify(await answerMessage(rpc, message, { version }));
}

describe('createResultCache', () => {
  // 210 answers, each also from a method table made afresh: about 11 s at a load average of 25 on
  // the 2-core machine once llms-full.txt carried the API reference (3.8 s before), over 5 s.
  it('answers every repeated tools/call with the very bytes the method table gives', async () => {
    const handler = toWebHandler(createMcpHandler({ site }));
    for (const version of PROTOCOL_VERSIONS) {
      const modern = version === '2026-07-28';
      for (const params of CALLS) {
        for (const id of [1, 'second', 3]) {
          const message = {
            jsonrpc: '2.0' as const,
            id,
            method: 'tools/call',
            params: modern ? { ...params, _meta: modernMeta() } : params,
          };
          const response = await handler(
            new Request('https://facts.example.com/mcp', {
              method: 'POST',
              headers: {
                'Content-Type': 'application/json',
                Accept: 'application/json, text/event-stream',
                'MCP-Protocol-Version': version,
                ...(modern ? { 'Mcp-Method': 'tools/call', 'Mcp-Name': String(params.name) } : {}),
              },
              body: JSON.stringify(message),
            }),
          );
          expect(await response.text(), `${version} ${JSON.stringify(params)} id ${id}`).toBe(
            await answerDirectly(message, version),
          );
        }
      }
    }
  }, 60_000);

  it('keeps an absent arguments member and a null one apart', async () => {
    const cache = createResultCache();
    const absent = {
      jsonrpc: '2.0' as const,
      id: 1,
      method: 'tools/call',
      params: { name: 'get_product' } as Record<string, unknown>,
    };
    cache.keepAnswer(absent, '2025-11-25', { jsonrpc: '2.0', id: 1, result: { kept: true } });
    const withNull = { ...absent, params: { name: 'get_product', arguments: null } };
    expect(cache.readAnswer(7, withNull, '2025-11-25')).toBeUndefined();
    const kept = cache.readAnswer(7, absent, '2025-11-25');
    expect(kept && String(joinBody(kept))).toBe('{"jsonrpc":"2.0","id":7,"result":{"kept":true}}');
    expect(cache.readAnswer(7, absent, '2025-06-18')).toBeUndefined();
  });

  it('keeps at most its number of distinct calls, dropping the oldest first', () => {
    const cache = createResultCache();
    const message = (query: number) => ({
      jsonrpc: '2.0' as const,
      id: 1,
      method: 'tools/call',
      params: { name: 'search_site_copy', arguments: { query: `q${query}` } },
    });
    for (let query = 0; query <= KEPT_TOOL_RESULTS.entries; query += 1) {
      cache.keepAnswer(message(query), '2025-11-25', { jsonrpc: '2.0', id: 1, result: { query } });
    }
    expect(cache.readAnswer(1, message(0), '2025-11-25')).toBeUndefined();
    expect(cache.readAnswer(1, message(1), '2025-11-25')).toBeDefined();
    expect(cache.readAnswer(1, message(KEPT_TOOL_RESULTS.entries), '2025-11-25')).toBeDefined();
  });

  it('keeps at most its bytes of tool results, and never a call with a long key', () => {
    const cache = createResultCache();
    const text = 'x'.repeat(256 * 1024);
    const message = (query: string) => ({
      jsonrpc: '2.0' as const,
      id: 1,
      method: 'tools/call',
      params: { name: 'search_site_copy', arguments: { query } },
    });
    const count = Math.floor(KEPT_TOOL_RESULTS.bytes / text.length);
    for (let index = 0; index <= count; index += 1) {
      cache.keepAnswer(message(`q${index}`), '2025-11-25', {
        jsonrpc: '2.0',
        id: 1,
        result: { text },
      });
    }
    const kept = Array.from({ length: count + 1 }, (_, index) =>
      cache.readAnswer(1, message(`q${index}`), '2025-11-25'),
    ).filter((answer) => answer !== undefined);
    expect(kept.length).toBeLessThan(count);
    expect(cache.readAnswer(1, message(`q${count}`), '2025-11-25')).toBeDefined();

    const long = message('y'.repeat(KEPT_TOOL_RESULTS.keyLength));
    cache.keepAnswer(long, '2025-11-25', { jsonrpc: '2.0', id: 1, result: {} });
    expect(cache.readAnswer(1, long, '2025-11-25')).toBeUndefined();
  });
});

describe('kept answers and the insight report', () => {
  it('notes the method, tool and query of a repeated call as the method table does', async () => {
    const store = new MemoryStore();
    const recorder = new InsightRecorder({
      store,
      catalogue: new AgentCatalogue(),
    });
    const handler = toWebHandler(
      withInsight(createMcpHandler({ site }), { surface: 'mcp', recorder }),
    );
    const post = (method: string, params: Record<string, unknown>) =>
      postMcp(
        'https://facts.example.com',
        { jsonrpc: '2.0', id: 1, method, params },
        { 'MCP-Protocol-Version': '2025-11-25' },
        (url, init) => handler(new Request(url, init)),
      );
    const call = { name: 'search_site_copy', arguments: { query: 'Bread' } };
    const invalid = { name: 'search_site_copy', arguments: { query: 7 } };
    for (let round = 0; round < 3; round += 1) {
      expect((await post('tools/list', {})).status).toBe(200);
      expect((await post('tools/call', call)).status).toBe(200);
      expect((await post('tools/call', invalid)).status).toBe(200);
    }
    await recorder.flush();
    const day = readDay(Date.now());
    const [methods, tools, queries] = (await store.readTallies(
      (['methods', 'tools', 'queries'] as const).map((dimension) => readTallyKey(day, dimension)),
    )) as Record<string, number>[];
    expect(methods).toEqual({ 'tools/list': 3, 'tools/call': 6 });
    // The invalid call never reached the tool, kept or not: only the valid one is counted.
    expect(tools).toEqual({ search_site_copy: 3 });
    expect(queries).toEqual({ bread: 3 });
  });
});
