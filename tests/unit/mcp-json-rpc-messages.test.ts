import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { toWebHandler } from '../../src/http/plain-http.ts';
import { createMcpHandler } from '../../src/mcp/http-handler.ts';
import { classifyMessage } from '../../src/mcp/json-rpc-messages.ts';
import { JsonRpcRequestSchema } from '../../src/schemas/json-rpc.ts';
import { loadExpectedSite } from '../support/expected-site.ts';
import { loadFixtureContent } from '../support/fixture-content.ts';

describe('classifyMessage', () => {
  it('should tell a request from a notification by its id', () => {
    expect(classifyMessage({ jsonrpc: '2.0', id: 'a', method: 'ping' })).toMatchObject({
      kind: 'request',
      id: 'a',
    });
    expect(classifyMessage({ jsonrpc: '2.0', method: 'notifications/initialized' })).toMatchObject({
      kind: 'notification',
    });
  });

  it('should refuse what the published JsonRpcRequest schema refuses', () => {
    for (const message of [
      { id: 1, method: 'ping' },
      { jsonrpc: '1.0', id: 1, method: 'ping' },
      { jsonrpc: '2.0', id: 1, method: 7 },
      { jsonrpc: '2.0', id: { a: 1 }, method: 'ping' },
      { jsonrpc: '2.0', id: 1, method: 'ping', params: 'x' },
      { jsonrpc: '2.0', id: 1, method: 'ping', params: null },
    ]) {
      expect(JsonRpcRequestSchema.safeParse(message).success, JSON.stringify(message)).toBe(false);
      expect(classifyMessage(message).kind, JSON.stringify(message)).toBe('invalid');
    }
  });

  it('should refuse a request whose id is null, which MCP does not allow', () => {
    expect(classifyMessage({ jsonrpc: '2.0', id: null, method: 'ping' })).toEqual({
      kind: 'invalid',
      id: null,
    });
  });

  it('should take a number id it echoes exactly and refuse a larger one, with the id null', () => {
    for (const id of ['9007199254740991', '-9007199254740991', '0.5']) {
      const classified = classifyMessage(
        JSON.parse(`{"jsonrpc":"2.0","id":${id},"method":"ping"}`),
      );
      expect(classified, id).toMatchObject({ kind: 'request', id: Number(id) });
    }
    // 2^53 + 1 reads as 2^53: an answer would carry another id than the one sent.
    for (const id of ['9007199254740993', '-9007199254740992', '1e300']) {
      const message = JSON.parse(`{"jsonrpc":"2.0","id":${id},"method":"ping"}`) as unknown;
      expect(classifyMessage(message), id).toEqual({ kind: 'invalid', id: null });
      expect(JsonRpcRequestSchema.safeParse(message).success, id).toBe(false);
    }
  });

  it('should pass params by position on to the method, which answers -32602', () => {
    expect(classifyMessage({ jsonrpc: '2.0', id: 1, method: 'ping', params: [] }).kind).toBe(
      'request',
    );
  });

  it('should recognise a response sent by a client only when it fits JsonRpcResponse', () => {
    expect(classifyMessage({ jsonrpc: '2.0', id: 5, result: {} })).toEqual({
      kind: 'response',
      id: 5,
    });
    expect(
      classifyMessage({ jsonrpc: '2.0', id: 5, error: { code: -32601, message: 'no' } }).kind,
    ).toBe('response');
    expect(classifyMessage({ jsonrpc: '2.0', id: 5, error: 'no' }).kind).toBe('invalid');
    expect(classifyMessage({ jsonrpc: '2.0', result: {} }).kind).toBe('invalid');
  });

  it('should classify the common request shape exactly as the envelope schema does', () => {
    // The plain shape is classified without the schema; these edge cases must land as before.
    const envelope = z.extend(JsonRpcRequestSchema, {
      params: z.optional(z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())])),
    });
    const bodies = [
      '{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{}}',
      '{"jsonrpc":"2.0","id":"a","method":"tools/call","params":{"name":"x","arguments":{"q":1}}}',
      '{"jsonrpc":"2.0","id":0,"method":"ping"}',
      '{"method":"ping","id":-1.5,"jsonrpc":"2.0"}',
      '{"jsonrpc":"2.0","id":1e400,"method":"ping"}',
      '{"jsonrpc":"2.0","id":9007199254740993,"method":"ping"}',
      '{"jsonrpc":"2.0","id":1,"method":"ping","extra":true}',
      '{"jsonrpc":"2.0","id":1,"method":"ping","params":null}',
      '{"jsonrpc":"2.0","id":1,"method":"ping","params":[1]}',
      '{"jsonrpc":"2.0","id":1,"method":"ping","params":{"__proto__":{"x":1}}}',
      '{"jsonrpc":"2.0","id":true,"method":"ping"}',
      '{"jsonrpc":"2.0","id":null,"method":"ping"}',
      '{"jsonrpc":"2.0","method":"ping","params":{}}',
      '{"jsonrpc":"1.0","id":1,"method":"ping"}',
      '{"jsonrpc":"2.0","id":1,"method":7}',
    ];
    for (const body of bodies) {
      const value: unknown = JSON.parse(body);
      const parsed = envelope.safeParse(value);
      const classified = classifyMessage(value);
      if (classified.kind === 'request' || classified.kind === 'notification') {
        expect(parsed.success, body).toBe(true);
        expect(classified.message, body).toEqual(parsed.data);
      } else {
        const plainShape = parsed.success && typeof parsed.data.id !== 'object';
        expect(plainShape, body).toBe(false);
      }
    }
    expect(classifyMessage(JSON.parse(bodies[4] ?? '')).kind).toBe('invalid');
    expect(classifyMessage(JSON.parse(bodies[5] ?? '')).kind).toBe('invalid');
    expect(classifyMessage(JSON.parse(bodies[6] ?? '')).kind).toBe('request');
  });
});

describe('createMcpHandler envelope', () => {
  it('should answer an invalid message inside a batch with -32600 under its id and the rest as usual', async () => {
    const site = await loadExpectedSite(
      'https://facts.example.com',
      await loadFixtureContent('rich'),
    );
    const handler = toWebHandler(createMcpHandler({ site }));
    const response = await handler(
      new Request('https://facts.example.com/mcp', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify([
          { jsonrpc: '2.0', id: 1, method: 7 },
          { jsonrpc: '2.0', id: 2, method: 'ping' },
          { jsonrpc: '2.0', id: 3, result: {} },
        ]),
      }),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([
      { jsonrpc: '2.0', id: 1, error: { code: -32600, message: 'Invalid Request' } },
      { jsonrpc: '2.0', id: 2, result: {} },
    ]);
  });
});
