import { describe, expect, inject, it } from 'vitest';
import { McpEndpointMetadataSchema } from '../../src/schemas/mcp-endpoint-metadata.ts';
import { ProblemSchema } from '../../src/schemas/problem.ts';
import { call, initialize, postMcp, postModern } from '../support/mcp-requests.ts';

const baseUrl = inject('baseUrl');

describe('the published quickstart (docs/spec.md §4)', () => {
  it('should initialize with 2024-11-05 and then list the tools', async () => {
    const init = await postMcp(baseUrl, initialize('2024-11-05'));
    expect(init.status).toBe(200);
    expect(init.headers.get('content-type')).toBe('application/json');
    expect(init.body).toMatchObject({
      jsonrpc: '2.0',
      id: 1,
      result: {
        protocolVersion: '2024-11-05',
        serverInfo: { version: '0.1.0' },
        capabilities: { tools: {} },
      },
    });
    const list = await postMcp(baseUrl, call(2, 'tools/list'));
    expect(list.status).toBe(200);
    expect(list.body.id).toBe(2);
    expect(list.body.result.tools.length).toBeGreaterThan(3);
  });
});

/**
 * What only the real server shows: /mcp reached through the rewrite with its headers, the body
 * limit, CORS preflight and DNS-rebinding protection. The protocol itself is tested in-process
 * (tests/unit/mcp-protocol.test.ts).
 */
describe('HTTP transport', () => {
  it('should describe the endpoint on GET', async () => {
    const response = await fetch(`${baseUrl}/mcp`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(McpEndpointMetadataSchema.parse(await response.json())).toMatchObject({
      transport: 'streamable-http',
      protocol: 'mcp',
    });
  });

  it('should answer HEAD like GET without a body', async () => {
    const response = await fetch(`${baseUrl}/mcp`, { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('');
  });

  it('should refuse a body that is not application/json with a 415 problem', async () => {
    const response = await fetch(`${baseUrl}/mcp`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: '{}',
    });
    expect(response.status).toBe(415);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    expect(ProblemSchema.parse(await response.json())).toMatchObject({
      code: 'unsupported_media_type',
      instance: '/mcp',
    });
  });

  it('should refuse a body over 1 MiB with a 413 problem', async () => {
    const response = await fetch(`${baseUrl}/mcp`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'ping',
        params: { pad: 'x'.repeat(1024 * 1024) },
      }),
    });
    expect(response.status).toBe(413);
    expect(ProblemSchema.parse(await response.json()).code).toBe('payload_too_large');
  });

  it('should answer other methods with a 405 problem and Allow', async () => {
    const response = await fetch(`${baseUrl}/mcp`, { method: 'DELETE' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD, POST, OPTIONS');
  });

  it('should answer CORS preflight allowing the MCP headers, and expose WWW-Authenticate', async () => {
    const response = await fetch(`${baseUrl}/mcp`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://agent.example', 'Access-Control-Request-Method': 'POST' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    for (const header of [
      'Content-Type',
      'Accept',
      'Authorization',
      'Mcp-Protocol-Version',
      'Mcp-Method',
      'Mcp-Name',
      'Last-Event-ID',
    ]) {
      expect(response.headers.get('access-control-allow-headers')).toContain(header);
    }
    expect(response.headers.get('access-control-expose-headers')).toContain('WWW-Authenticate');
  });

  it('should never issue a session id', async () => {
    const responses = [
      await postMcp(baseUrl, initialize('2025-03-26')),
      await postModern(baseUrl, 'server/discover'),
    ];
    for (const response of responses) expect(response.headers.get('mcp-session-id')).toBeNull();
  });

  it('should refuse a foreign Host header on the loopback-bound server (DNS rebinding)', async () => {
    const { request } = await import('node:http');
    const status = await new Promise<number>((resolve, reject) => {
      const url = new URL(`${baseUrl}/mcp`);
      const req = request(
        { host: url.hostname, port: url.port, path: '/mcp', headers: { Host: 'evil.example.com' } },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(403);
  });
});

describe('JSON-RPC ids', () => {
  /** A POST of a JSON-RPC body as text, so that its numbers reach the server as written. */
  const send = (path: string, body: string) =>
    fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
      },
      body,
    });

  it.each(['/mcp', '/a2a'])(
    'should echo the largest number id exactly at %s and refuse a larger one, which it could not',
    async (path) => {
      const largest = await send(path, '{"jsonrpc":"2.0","id":9007199254740991,"method":"ping"}');
      expect(await largest.text()).toContain('"id":9007199254740991');
      // 2^53 + 1: JSON.parse reads 2^53, so an answer would carry another id than the one sent.
      const larger = await send(path, '{"jsonrpc":"2.0","id":9007199254740993,"method":"ping"}');
      expect(larger.status).toBe(400);
      const answer = (await larger.json()) as {
        id: unknown;
        error: { code: number; message: string };
      };
      expect(answer.id).toBeNull();
      expect(answer.error.code).toBe(-32600);
      expect(answer.error.message).toContain('send a larger one as a string');
    },
  );
});
