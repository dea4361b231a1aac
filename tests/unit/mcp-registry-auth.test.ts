import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  formatMcpRegistryAuth,
  MCP_REGISTRY_KEY_VARIABLE,
} from '../../src/documents/mcp-registry-auth.ts';
import { createMcpRegistryAuthHandler } from '../../src/http/mcp-registry-auth-endpoint.ts';
import type { PlainRequest } from '../../src/http/plain-http.ts';

/** The raw 32-byte Ed25519 public key in base64, as mcp-publisher's HTTP login asks for it. */
function generatePublicKey(): string {
  const { publicKey } = generateKeyPairSync('ed25519');
  const der = publicKey.export({ type: 'spki', format: 'der' });
  return der.subarray(der.length - 32).toString('base64');
}

const SITE = 'https://facts.example.com';
const request = (method: string): PlainRequest => ({
  method,
  url: new URL(`${SITE}/.well-known/mcp-registry-auth`),
  header: () => undefined,
  client: '127.0.0.1',
  text: async () => '',
});

describe('formatMcpRegistryAuth', () => {
  it('should write the registry proof for an Ed25519 public key', () => {
    const key = generatePublicKey();
    expect(formatMcpRegistryAuth(key)).toBe(`v=MCPv1; k=ed25519; p=${key}`);
    expect(formatMcpRegistryAuth(` ${key}\n`)).toBe(`v=MCPv1; k=ed25519; p=${key}`);
  });

  it('should give nothing when no key is set', () => {
    expect(formatMcpRegistryAuth(undefined)).toBeUndefined();
    expect(formatMcpRegistryAuth('  ')).toBeUndefined();
  });

  it('should refuse, naming the variable, a value that is no Ed25519 public key', () => {
    for (const bad of ['not base64!', 'AAAA', `${generatePublicKey()}AAAA`, 'v=MCPv1; k=ed25519']) {
      expect(() => formatMcpRegistryAuth(bad)).toThrow(MCP_REGISTRY_KEY_VARIABLE);
    }
  });
});

describe('createMcpRegistryAuthHandler', () => {
  it('should answer the proof as text when a key is set', async () => {
    const body = `v=MCPv1; k=ed25519; p=${generatePublicKey()}`;
    const answer = await createMcpRegistryAuthHandler(SITE, { kind: 'proof', body })(
      request('GET'),
    );
    expect(answer.status).toBe(200);
    expect(answer.headers['Content-Type']).toBe('text/plain; charset=utf-8');
    expect(answer.body).toBe(`${body}\n`);
  });

  it('should answer a 404 problem without a key, and log why for an invalid one', async () => {
    const absent = await createMcpRegistryAuthHandler(SITE, { kind: 'absent' })(request('GET'));
    expect(absent.status).toBe(404);
    expect(JSON.parse(String(absent.body))).toMatchObject({ code: 'not_found' });
    const logged: string[] = [];
    const invalid = await createMcpRegistryAuthHandler(
      SITE,
      { kind: 'invalid', reason: 'MCP_REGISTRY_PUBLIC_KEY must be ...' },
      (message) => logged.push(message),
    )(request('GET'));
    expect(invalid.status).toBe(404);
    expect(logged).toEqual(['MCP_REGISTRY_PUBLIC_KEY must be ...']);
  });

  it('should refuse other methods with 405 and Allow', async () => {
    const body = 'v=MCPv1; k=ed25519; p=x';
    const answer = await createMcpRegistryAuthHandler(SITE, { kind: 'proof', body })(
      request('POST'),
    );
    expect(answer.status).toBe(405);
    expect(answer.headers.Allow).toBe('GET, HEAD, OPTIONS');
  });
});
