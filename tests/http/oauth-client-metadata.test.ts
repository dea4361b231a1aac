import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startConnectionCounter } from '../support/https-document-server.ts';

const baseUrl = inject('baseUrl');

let counter: Awaited<ReturnType<typeof startConnectionCounter>>;
beforeAll(async () => {
  counter = await startConnectionCounter();
});
afterAll(() => counter.close());

describe('client ID metadata documents on the local server', () => {
  it('should advertise client_id_metadata_document_supported in the authorization server metadata', async () => {
    const response = await fetch(`${baseUrl}/.well-known/oauth-authorization-server`);
    const metadata = (await response.json()) as Record<string, unknown>;
    expect(metadata.client_id_metadata_document_supported).toBe(true);
  });

  it.each([
    ['127.0.0.1', 'loopback'],
    ['localhost', 'loopback'],
    ['[::1]', 'loopback'],
  ])(
    'should refuse a URL client_id on %s at the token endpoint without connecting to it',
    async (host, range) => {
      const clientId = `https://${host}:${counter.port}/client.json`;
      const response = await fetch(`${baseUrl}/oauth/token`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId }),
      });
      expect(response.status).toBe(401);
      const body = (await response.json()) as Record<string, string>;
      expect(body.error).toBe('invalid_client');
      expect(body.error_description).toContain(`not public (${range})`);
      expect(counter.connections()).toBe(0);
    },
  );

  it.each(['10.0.0.1', '169.254.169.254', '192.168.0.1'])(
    'should refuse a URL client_id on the private address %s at the authorization endpoint',
    async (address) => {
      const query = new URLSearchParams({
        response_type: 'code',
        client_id: `https://${address}/client.json`,
        redirect_uri: 'http://127.0.0.1:9/callback',
        code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
        code_challenge_method: 'S256',
      });
      const response = await fetch(`${baseUrl}/oauth/authorize?${query.toString()}`, {
        redirect: 'manual',
      });
      expect(response.status).toBe(400);
      const body = (await response.json()) as Record<string, string>;
      expect(body.code).toBe('invalid_client');
      expect(body.detail).toContain('not public');
    },
  );

  it('should have made no connection to the refused addresses', () => {
    expect(counter.connections()).toBe(0);
  });
});
