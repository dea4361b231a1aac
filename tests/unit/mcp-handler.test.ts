import { describe, expect, it } from 'vitest';
import { readBodyText, toWebHandler } from '../../src/http/plain-http.ts';
import { createMcpHandler, parseAllowedOrigins } from '../../src/mcp/http-handler.ts';
import { loadExpectedSite } from '../support/expected-site.ts';
import { loadFixtureContent } from '../support/fixture-content.ts';

const site = await loadExpectedSite('https://facts.example.com', await loadFixtureContent('rich'));
const ping = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' });

function post(
  handler: (request: Request) => Promise<Response>,
  headers: Record<string, string> = {},
) {
  return handler(
    new Request('https://facts.example.com/mcp', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: ping,
    }),
  );
}

describe('parseAllowedOrigins', () => {
  it('should allow every origin when unset or "*", else list the origins', () => {
    expect(parseAllowedOrigins(undefined)).toBe('*');
    expect(parseAllowedOrigins(' * ')).toBe('*');
    expect(parseAllowedOrigins('https://a.example, https://b.example')).toEqual([
      'https://a.example',
      'https://b.example',
    ]);
  });
});

describe('createMcpHandler origin policy', () => {
  const open = toWebHandler(createMcpHandler({ site }));
  const closed = toWebHandler(createMcpHandler({ site, allowedOrigins: ['https://app.example'] }));

  it('should answer any origin by default, with CORS *', async () => {
    const response = await post(open, { Origin: 'https://anyone.example' });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('should refuse an origin outside a configured list with a 403 problem', async () => {
    const response = await post(closed, { Origin: 'https://evil.example' });
    expect(response.status).toBe(403);
    expect(((await response.json()) as { code: string }).code).toBe('forbidden_origin');
  });

  it('should echo an allowed origin and vary on Origin', async () => {
    const response = await post(closed, { Origin: 'https://app.example' });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('https://app.example');
    expect(response.headers.get('vary')).toBe('Origin');
  });

  it('should answer clients that send no Origin', async () => {
    expect((await post(closed)).status).toBe(200);
  });
});

describe('createMcpHandler failures', () => {
  it('should hide an unexpected failure behind -32603 and log it once', async () => {
    const logged: unknown[] = [];
    const broken = {
      ...site,
      content: { ...site.content, callsToAction: null },
    } as unknown as typeof site;
    const handler = toWebHandler(
      createMcpHandler({ site: broken, logFailure: (entry) => logged.push(entry) }),
    );
    const response = await handler(
      new Request('https://facts.example.com/mcp', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'MCP-Protocol-Version': '2025-11-25' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 4,
          method: 'tools/call',
          params: { name: 'list_calls_to_action' },
        }),
      }),
    );
    expect(await response.json()).toEqual({
      jsonrpc: '2.0',
      id: 4,
      error: { code: -32603, message: 'Internal error' },
    });
    expect(logged).toHaveLength(1);
  });
});

describe('createMcpHandler list results', () => {
  it('should answer repeated lists with the same result under each request id', async () => {
    const handler = toWebHandler(createMcpHandler({ site }));
    const list = async (id: number | string) =>
      (await handler(
        new Request('https://facts.example.com/mcp', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'MCP-Protocol-Version': '2025-06-18' },
          body: JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/list', params: {} }),
        }),
      ).then((response) => response.json())) as { id: unknown; result: unknown };
    const first = await list(1);
    const second = await list('a"b');
    expect(second.id).toBe('a"b');
    expect(second.result).toEqual(first.result);
  });
});

describe('readBodyText', () => {
  it('should stop reading once a body passes the limit', async () => {
    const request = new Request('https://x.example', { method: 'POST', body: 'x'.repeat(2000) });
    expect(await readBodyText(request, 1000)).toBeUndefined();
    expect(
      await readBodyText(new Request('https://x.example', { method: 'POST', body: 'héllo' }), 1000),
    ).toBe('héllo');
  });
});
