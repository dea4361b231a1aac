import { describe, expect, it } from 'vitest';
import { toWebHandler } from '../../src/http/plain-http.ts';
import { RateLimiter } from '../../src/http/rate-limit.ts';
import { serveFunction } from '../../src/http/serve-function.ts';
import { buildMcpServerCard } from '../../src/documents/mcp-server-card.ts';
import { buildMcpServerName } from '../../src/documents/mcp-server-identity.ts';
import { createMcpHandler } from '../../src/mcp/http-handler.ts';
import { ProblemSchema } from '../../src/schemas/problem.ts';
import { loadExpectedSite } from '../support/expected-site.ts';
import {
  call,
  initialize,
  modernMeta,
  postMcp as postMcpOver,
  postModern as postModernOver,
  type SendRequest,
} from '../support/mcp-requests.ts';
import { loadFixtureContent } from '../support/fixture-content.ts';

/**
 * The MCP protocol over the function's handler, in-process (as Hono tests its apps): version
 * negotiation, the MCP-Protocol-Version header, notifications and batches, JSON-RPC errors, the
 * 2026-07-28 rules and the transport's answers. tests/http/mcp-protocol.test.ts keeps what only
 * the real server shows.
 */

const baseUrl = 'https://facts.example.com';
const site = await loadExpectedSite(baseUrl, await loadFixtureContent('rich'));
const handler = toWebHandler(createMcpHandler({ site }));
const send: SendRequest = (url, init) => handler(new Request(url, init));
const postMcp = (origin: string, body: unknown, headers: Record<string, string> = {}) =>
  postMcpOver(origin, body, headers, send);
const postModern = (
  origin: string,
  method: string,
  params: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) => postModernOver(origin, method, params, headers, send);
const callHandler = (url: string, init: RequestInit = {}) => send(url, init);

describe('createMcpHandler: version negotiation', () => {
  it.each(['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25'])(
    'should echo %s',
    async (version) => {
      expect((await postMcp(baseUrl, initialize(version))).body.result.protocolVersion).toBe(
        version,
      );
    },
  );

  it.each(['1999-01-01', '2026-07-28', 'latest'])(
    'should answer %s with our latest initialize version',
    async (version) => {
      expect((await postMcp(baseUrl, initialize(version))).body.result.protocolVersion).toBe(
        '2025-11-25',
      );
    },
  );

  it('should refuse initialize without a protocolVersion with -32602', async () => {
    const response = await postMcp(baseUrl, {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {},
    });
    expect(response.body.error.code).toBe(-32602);
  });

  it('should give serverInfo the fields each version defines', async () => {
    const old = (await postMcp(baseUrl, initialize('2024-11-05'))).body.result.serverInfo;
    const current = (await postMcp(baseUrl, initialize('2025-11-25'))).body.result.serverInfo;
    expect(Object.keys(old)).toEqual(['name', 'version']);
    expect(current).toMatchObject({
      name: buildMcpServerName(site.content),
      version: '0.1.0',
      title: expect.any(String),
      websiteUrl: `${baseUrl}/developers`,
    });
  });
});

describe('createMcpHandler: the MCP-Protocol-Version header', () => {
  it('should refuse an unsupported version with 400 and -32022 naming the supported ones', async () => {
    const response = await postMcp(baseUrl, call(7, 'tools/list'), {
      'MCP-Protocol-Version': '2099-01-01',
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      id: 7,
      error: {
        code: -32022,
        data: {
          requested: '2099-01-01',
          supported: expect.arrayContaining(['2025-11-25', '2026-07-28']),
        },
      },
    });
  });

  it("should give the server card each tool's hints as tools/list gives them, not MCP's defaults", async () => {
    const listed = (
      await postMcp(baseUrl, call(1, 'tools/list'), { 'MCP-Protocol-Version': '2025-11-25' })
    ).body.result.tools as { name: string; annotations: Record<string, unknown> }[];
    const card = buildMcpServerCard(site.content, site.urls, site.mcpTools);
    expect(card.tools.map((tool) => [tool.name, tool.annotations])).toEqual(
      listed.map(({ name, annotations: { title: _title, ...hints } }) => [name, hints]),
    );
    // Every hint that differs from MCP's default is stated.
    expect(listed[0]?.annotations).toMatchObject({ idempotentHint: true, openWorldHint: false });
  });

  it('should answer a headerless request as 2025-03-26: annotations but no titles or structured content', async () => {
    const tool = (await postMcp(baseUrl, call(1, 'tools/list'))).body.result.tools[0];
    expect(tool.annotations.readOnlyHint).toBe(true);
    expect(tool.title).toBeUndefined();
    expect(tool.outputSchema).toBeUndefined();
    const result = (await postMcp(baseUrl, call(2, 'tools/call', { name: 'get_company_overview' })))
      .body.result;
    expect(result.structuredContent).toBeUndefined();
    expect(result.content[0].type).toBe('text');
  });

  it('should add titles, output schemas and structured content from 2025-06-18', async () => {
    const headers = { 'MCP-Protocol-Version': '2025-06-18' };
    const tool = (await postMcp(baseUrl, call(1, 'tools/list'), headers)).body.result.tools[0];
    expect(tool.title).toBeTruthy();
    expect(tool.outputSchema.type).toBe('object');
    const result = (
      await postMcp(baseUrl, call(2, 'tools/call', { name: 'get_company_overview' }), headers)
    ).body.result;
    expect(result.structuredContent.apiVersion).toBe('1.0.0');
  });

  it('should answer invalid tool arguments with -32602 before 2025-11-25 and with an isError result from it', async () => {
    const request = call(3, 'tools/call', { name: 'search_site_copy', arguments: { query: 42 } });
    const before = await postMcp(baseUrl, request, { 'MCP-Protocol-Version': '2025-06-18' });
    expect(before.body.error.code).toBe(-32602);
    expect(before.body.error.message).toMatch(/Invalid arguments for search_site_copy: query:/);
    const after = await postMcp(baseUrl, request, { 'MCP-Protocol-Version': '2025-11-25' });
    expect(after.body.result.isError).toBe(true);
    expect(after.body.result.content[0].text).toMatch(/query:/);
  });

  it('should name the priorities list_calls_to_action accepts when it is given another', async () => {
    for (const priority of [3, 0, '1']) {
      const request = call(5, 'tools/call', {
        name: 'list_calls_to_action',
        arguments: { priority },
      });
      const answer = await postMcp(baseUrl, request, { 'MCP-Protocol-Version': '2025-11-25' });
      expect(answer.body.result.isError).toBe(true);
      expect(answer.body.result.content[0].text).toContain(
        `priority: must be 1 (primary) or 2 (secondary), or left out for all (it is ${JSON.stringify(priority)})`,
      );
    }
  });

  it('should answer an unknown resource with -32002 before 2026-07-28', async () => {
    const response = await postMcp(
      baseUrl,
      call(4, 'resources/read', { uri: 'https://nowhere.example/x' }),
      {
        'MCP-Protocol-Version': '2025-11-25',
      },
    );
    expect(response.body.error).toMatchObject({
      code: -32002,
      data: { uri: 'https://nowhere.example/x' },
    });
  });
});

describe('createMcpHandler: notifications and batches', () => {
  it('should accept a notification with 202 and no body', async () => {
    const response = await postMcp(baseUrl, {
      jsonrpc: '2.0',
      method: 'notifications/initialized',
    });
    expect(response.status).toBe(202);
    expect(response.body).toBeUndefined();
  });

  it('should accept a JSON-RPC response from the client with 202 (2025-03-26 to 2025-11-25)', async () => {
    const response = await postMcp(
      baseUrl,
      { jsonrpc: '2.0', id: 5, result: {} },
      { 'MCP-Protocol-Version': '2025-11-25' },
    );
    expect(response.status).toBe(202);
  });

  it('should answer a 2025-03-26 batch with an array of responses, even of one', async () => {
    const response = await postMcp(baseUrl, [
      call(1, 'ping'),
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      call(2, 'tools/list'),
    ]);
    expect(response.status).toBe(200);
    expect(response.body.map((entry: { id: number }) => entry.id)).toEqual([1, 2]);
    const single = await postMcp(baseUrl, [call(9, 'ping')]);
    expect(single.body).toEqual([{ jsonrpc: '2.0', id: 9, result: {} }]);
  });

  it('should refuse initialize inside a batch and answer the rest', async () => {
    const response = await postMcp(baseUrl, [initialize('2025-03-26', 1), call(2, 'ping')]);
    expect(response.body[0].error.code).toBe(-32600);
    expect(response.body[1].result).toEqual({});
  });

  it('should answer a batch of notifications with 202', async () => {
    const response = await postMcp(baseUrl, [
      { jsonrpc: '2.0', method: 'notifications/initialized' },
    ]);
    expect(response.status).toBe(202);
  });

  it.each(['2025-06-18', '2025-11-25', '2026-07-28'])(
    'should refuse batches in %s with 400 and -32600',
    async (version) => {
      const response = await postMcp(baseUrl, [call(1, 'ping')], {
        'MCP-Protocol-Version': version,
      });
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe(-32600);
    },
  );

  it('should refuse an empty batch', async () => {
    expect((await postMcp(baseUrl, [])).body.error.code).toBe(-32600);
  });

  it('should count each message of a batch against the rate limit, and answer none past it', async () => {
    const limiter = new RateLimiter({ limit: 5, windowSeconds: 60 }, { now: () => 0 });
    const counted = toWebHandler(
      serveFunction(createMcpHandler({ site }), { siteUrl: baseUrl, limiter, log: () => {} }),
    );
    const post = (body: unknown) =>
      postMcpOver(baseUrl, body, {}, (url, init) => counted(new Request(url, init)));
    // Four messages: four of the five requests of the window.
    const four = await post([1, 2, 3, 4].map((id) => call(id, 'tools/list')));
    expect(four.status).toBe(200);
    expect(four.body).toHaveLength(4);
    expect(four.headers.get('RateLimit')).toBe('"per-client";r=1;t=60');
    // Two more pass the limit: a 429 problem instead of their responses.
    const refused = await post([5, 6].map((id) => call(id, 'ping')));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('Content-Type')).toBe('application/problem+json');
    expect(refused.body).toMatchObject({ status: 429, code: 'rate_limited' });
  });
});

describe('createMcpHandler: JSON-RPC errors', () => {
  it('should answer a body that is not JSON with 400 and -32700', async () => {
    const response = await postMcp(baseUrl, '{"jsonrpc": "2.0", "id": 1,');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32700, message: expect.any(String) },
    });
  });

  it.each([
    ['a number', 5],
    ['a string', '"hello"'],
    ['no jsonrpc member', { id: 1, method: 'ping' }],
    ['jsonrpc 1.0', { jsonrpc: '1.0', id: 1, method: 'ping' }],
    ['a numeric method', { jsonrpc: '2.0', id: 1, method: 7 }],
    ['an object id', { jsonrpc: '2.0', id: { a: 1 }, method: 'ping' }],
    ['string params', { jsonrpc: '2.0', id: 1, method: 'ping', params: 'x' }],
  ])('should answer %s with 400 and -32600', async (_label, body) => {
    const response = await postMcp(baseUrl, body);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe(-32600);
  });

  it('should answer an unknown method with -32601', async () => {
    const response = await postMcp(baseUrl, call(1, 'tools/destroy'));
    expect(response.status).toBe(200);
    expect(response.body.error.code).toBe(-32601);
  });

  it('should answer array params with -32602', async () => {
    expect(
      (await postMcp(baseUrl, { jsonrpc: '2.0', id: 1, method: 'tools/list', params: [] })).body
        .error.code,
    ).toBe(-32602);
  });

  it('should answer an unknown tool and a forged cursor with -32602', async () => {
    expect((await postMcp(baseUrl, call(1, 'tools/call', { name: 'nope' }))).body.error.code).toBe(
      -32602,
    );
    for (const cursor of [
      'bm9wZQ',
      '!!!',
      12,
      Buffer.from('tools/list:10').toString('base64url'),
    ]) {
      expect(
        (await postMcp(baseUrl, call(1, 'resources/list', { cursor }))).body.error.code,
        String(cursor),
      ).toBe(-32602);
    }
  });
});

describe('createMcpHandler: protocol version 2026-07-28', () => {
  it('should answer server/discover with every supported version, caching hints and server info', async () => {
    const response = await postModern(baseUrl, 'server/discover');
    expect(response.status).toBe(200);
    expect(response.body.result).toMatchObject({
      resultType: 'complete',
      supportedVersions: ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28'],
      capabilities: { tools: {}, resources: {}, prompts: {} },
      ttlMs: expect.any(Number),
      cacheScope: 'public',
      _meta: {
        'io.modelcontextprotocol/serverInfo': {
          name: buildMcpServerName(site.content),
          version: '0.1.0',
        },
      },
    });
  });

  it('should mark every result complete, and cache lists and reads but not calls', async () => {
    const list = await postModern(baseUrl, 'tools/list');
    expect(list.body.result).toMatchObject({
      resultType: 'complete',
      ttlMs: 300000,
      cacheScope: 'public',
    });
    const result = (await postModern(baseUrl, 'tools/call', { name: 'get_product', arguments: {} }))
      .body.result;
    expect(result.resultType).toBe('complete');
    expect(result.ttlMs).toBeUndefined();
    expect(result.structuredContent.name).toBe(site.content.product.name);
  });

  it('should refuse a request without the per-request _meta with 400 and -32602', async () => {
    const response = await postMcp(baseUrl, call(3, 'tools/list'), {
      'MCP-Protocol-Version': '2026-07-28',
      'Mcp-Method': 'tools/list',
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ id: 3, error: { code: -32602 } });
  });

  it('should refuse a _meta version that differs from the header with 400 and -32020', async () => {
    const response = await postMcp(
      baseUrl,
      { jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: modernMeta('2025-11-25') } },
      { 'MCP-Protocol-Version': '2026-07-28', 'Mcp-Method': 'tools/list' },
    );
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe(-32020);
  });

  it.each([
    ['a missing Mcp-Method', 'tools/list', {}, { 'Mcp-Method': '' }],
    ['a wrong Mcp-Method', 'tools/list', {}, { 'Mcp-Method': 'resources/list' }],
    ['a missing Mcp-Name', 'tools/call', { name: 'get_product' }, { 'Mcp-Name': '' }],
    [
      'a wrong Mcp-Name',
      'resources/read',
      { uri: 'https://x.example/a' },
      { 'Mcp-Name': 'https://x.example/b' },
    ],
  ] as [string, string, Record<string, string>, Record<string, string>][])(
    'should refuse %s with 400 and -32020',
    async (_label, method, params, headers) => {
      const cleaned = Object.fromEntries(
        Object.entries(headers).filter(([, value]) => value !== ''),
      );
      const response = await postMcp(
        baseUrl,
        { jsonrpc: '2.0', id: 1, method, params: { ...params, _meta: modernMeta() } },
        {
          'MCP-Protocol-Version': '2026-07-28',
          ...(headers['Mcp-Method'] === '' ? {} : { 'Mcp-Method': method }),
          ...cleaned,
        },
      );
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe(-32020);
    },
  );

  it('should decode a base64 Mcp-Name before comparing it', async () => {
    const uri = `${baseUrl}/copy/${site.content.copy[0]?.slug}.md`;
    const response = await postModern(
      baseUrl,
      'resources/read',
      { uri },
      { 'Mcp-Name': `=?base64?${Buffer.from(uri).toString('base64')}?=` },
    );
    expect(response.status).toBe(200);
    expect(response.body.result.contents[0].uri).toBe(uri);
  });

  it.each(['initialize', 'ping', 'logging/setLevel', 'resources/subscribe', 'unknown/method'])(
    'should answer %s with 404 and -32601',
    async (method) => {
      const response = await postModern(baseUrl, method);
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({ id: 1, error: { code: -32601 } });
    },
  );

  it('should answer an unknown resource with -32602 (SEP-2164)', async () => {
    const response = await postModern(baseUrl, 'resources/read', {
      uri: 'https://nowhere.example/x',
    });
    expect(response.body.error).toMatchObject({
      code: -32602,
      data: { uri: 'https://nowhere.example/x' },
    });
  });

  it('should accept a notification with 202', async () => {
    const response = await postMcp(
      baseUrl,
      { jsonrpc: '2.0', method: 'notifications/cancelled', params: { _meta: modernMeta() } },
      {
        'MCP-Protocol-Version': '2026-07-28',
        'Mcp-Method': 'notifications/cancelled',
      },
    );
    expect(response.status).toBe(202);
  });
});

describe('createMcpHandler: HTTP transport', () => {
  it('should refuse a GET that asks only for an event stream with 405', async () => {
    const response = await callHandler(`${baseUrl}/mcp`, {
      headers: { Accept: 'text/event-stream' },
    });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD, POST, OPTIONS');
    expect(ProblemSchema.parse(await response.json()).code).toBe('method_not_allowed');
  });

  it.each([undefined, '*/*', 'application/json', 'text/html'])(
    'should answer a POST whose Accept is %s',
    async (accept) => {
      const response = await callHandler(`${baseUrl}/mcp`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(accept ? { Accept: accept } : {}) },
        body: JSON.stringify(call(1, 'ping')),
      });
      expect(response.status).toBe(200);
    },
  );
});
