import * as v2 from '@modelcontextprotocol/client';
import { ClientCredentialsProvider as V1ClientCredentialsProvider } from '@modelcontextprotocol/sdk/client/auth-extensions.js';
import * as v1 from '@modelcontextprotocol/sdk/client/auth.js';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { describe, expect, inject, it } from 'vitest';
import { initialize as initializeRequest } from '../support/mcp-requests.ts';

const baseUrl = inject('baseUrl');
const mcpUrl = `${baseUrl}/mcp`;
const jwks = createRemoteJWKSet(new URL(`${baseUrl}/oauth/jwks`));

/** What a client_credentials client registers, as the SDKs' ClientCredentialsProvider sends it. */
const clientCredentialsMetadata = {
  client_name: 'sdk client-credentials agent',
  redirect_uris: [],
  grant_types: ['client_credentials'],
  token_endpoint_auth_method: 'none',
};

/** Calls the MCP endpoint with the token: it must be accepted. */
async function initializeWith(accessToken: string): Promise<number> {
  const response = await fetch(mcpUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${accessToken}` },
    body: JSON.stringify(initializeRequest('2025-11-25')),
  });
  return response.status;
}

const sdks = [
  {
    name: '@modelcontextprotocol/sdk 1.x',
    discover: (url: string) => v1.discoverAuthorizationServerMetadata(url),
    registerClient: v1.registerClient,
    auth: v1.auth,
    provider: (clientId: string) =>
      new V1ClientCredentialsProvider({ clientId, clientSecret: '', expectedIssuer: baseUrl }),
  },
  {
    name: '@modelcontextprotocol/client 2.x',
    discover: (url: string) => v2.discoverAuthorizationServerMetadata(url),
    registerClient: v2.registerClient,
    auth: v2.auth,
    provider: (clientId: string) =>
      new v2.ClientCredentialsProvider({ clientId, clientSecret: '', expectedIssuer: baseUrl }),
  },
] as const;

describe.each(sdks)('the OAuth helpers of $name', (sdk) => {
  it('should register a client_credentials client with redirect_uris [] and get a token with its provider', async () => {
    const metadata = await sdk.discover(baseUrl);
    if (!metadata) throw new Error('no authorization server metadata');
    const registered = await sdk.registerClient(baseUrl, {
      metadata,
      clientMetadata: clientCredentialsMetadata,
    });
    expect(registered.redirect_uris).toEqual([]);
    expect(registered.grant_types).toEqual(['client_credentials']);

    const provider = sdk.provider(registered.client_id);
    expect(await sdk.auth(provider, { serverUrl: mcpUrl })).toBe('AUTHORIZED');
    const accessToken = provider.tokens()?.access_token ?? '';
    const { payload } = await jwtVerify(accessToken, jwks, {
      issuer: baseUrl,
      audience: mcpUrl,
      typ: 'at+jwt',
    });
    expect(payload.client_id).toBe(registered.client_id);
    expect(await initializeWith(accessToken)).toBe(200);
  });
});
