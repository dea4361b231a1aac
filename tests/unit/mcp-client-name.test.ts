import { describe, expect, it } from 'vitest';
import { MAX_CLIENT_NAME, readClientName } from '../../src/mcp/client-name.ts';
import { META_KEYS } from '../../src/service/mcp-protocol.ts';

const initialize = (clientInfo: unknown) => ({
  jsonrpc: '2.0' as const,
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo },
});
const modern = (method: string, clientInfo: unknown) => ({
  jsonrpc: '2.0' as const,
  id: 2,
  method,
  params: {
    _meta: { [META_KEYS.protocolVersion]: '2026-07-28', [META_KEYS.clientInfo]: clientInfo },
  },
});

describe('readClientName', () => {
  it('should read the name of an initialize request and of a 2026-07-28 request’s metadata', () => {
    expect(readClientName(initialize({ name: 'claude-ai', version: '0.1.0' }))).toBe('claude-ai');
    expect(readClientName(modern('tools/list', { name: 'Acme Agent', version: '2' }))).toBe(
      'Acme Agent',
    );
    expect(readClientName(modern('notifications/initialized', { name: 'n' }))).toBe('n');
  });

  it('should read no name where the request gives none, or gives it where it does not count', () => {
    expect(readClientName({ jsonrpc: '2.0', id: 1, method: 'tools/list' })).toBeUndefined();
    expect(readClientName(initialize(undefined))).toBeUndefined();
    expect(readClientName(initialize({ version: '1' }))).toBeUndefined();
    expect(readClientName(initialize({ name: 42 }))).toBeUndefined();
    expect(readClientName(initialize('claude-ai'))).toBeUndefined();
    expect(readClientName(initialize({ name: ' \u0000\u200b ' }))).toBeUndefined();
    // Only initialize names the client in its params; any other request, only in _meta.
    expect(
      readClientName({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/list',
        params: { clientInfo: { name: 'x' } },
      }),
    ).toBeUndefined();
    expect(
      readClientName({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: [] } }),
    ).toBeUndefined();
  });

  it('should drop control and format characters, fold spaces and keep 64 characters', () => {
    expect(readClientName(initialize({ name: ' my\tagent\u0007\u202e  v2\n' }))).toBe(
      'my agent v2',
    );
    expect(readClientName(initialize({ name: 'x'.repeat(100_000) }))).toBe(
      'x'.repeat(MAX_CLIENT_NAME),
    );
    // A letter outside the BMP is kept whole or not at all, never half of it.
    const name = readClientName(initialize({ name: `${'a'.repeat(MAX_CLIENT_NAME - 1)}😀😀` }));
    expect(name).toBe(`${'a'.repeat(MAX_CLIENT_NAME - 1)}😀`);
    expect([...(name ?? '')]).toHaveLength(MAX_CLIENT_NAME);
  });
});
