import {
  discoverAuthorizationServerMetadata,
  discoverOAuthProtectedResourceMetadata,
  registerClient,
} from '@modelcontextprotocol/sdk/client/auth.js';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import * as oauth from 'oauth4webapi';
import { describe, expect, inject, it } from 'vitest';
import { initialize as initializeRequest } from '../support/mcp-requests.ts';

const baseUrl = inject('baseUrl');
const mcpUrl = `${baseUrl}/mcp`;
const insecure = { [oauth.allowInsecureRequests]: true };

async function discover(): Promise<oauth.AuthorizationServer> {
  const issuer = new URL(baseUrl);
  return oauth.processDiscoveryResponse(
    issuer,
    await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...insecure }),
  );
}

async function register(
  as: oauth.AuthorizationServer,
  metadata: Partial<oauth.Client>,
): Promise<oauth.Client> {
  return oauth.processDynamicClientRegistrationResponse(
    await oauth.dynamicClientRegistrationRequest(as, metadata, insecure),
  );
}

const jwks = createRemoteJWKSet(new URL(`${baseUrl}/oauth/jwks`));

async function verify(accessToken: string, audience: string) {
  const { payload, protectedHeader } = await jwtVerify(accessToken, jwks, {
    issuer: baseUrl,
    audience,
    typ: 'at+jwt',
    algorithms: ['ES256'],
  });
  return { payload, protectedHeader };
}

function initialize(headers: Record<string, string> = {}) {
  return fetch(mcpUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(initializeRequest('2025-11-25')),
  });
}

describe('the anonymous OAuth flow with oauth4webapi', () => {
  it('should discover, register, get a client_credentials token and verify it with jose', async () => {
    const as = await discover();
    expect(as.issuer).toBe(baseUrl);
    const client = await register(as, {
      client_name: 'oauth4webapi agent',
      grant_types: ['client_credentials'],
      token_endpoint_auth_method: 'none',
    });
    const response = await oauth.clientCredentialsGrantRequest(
      as,
      client,
      oauth.None(),
      { scope: 'mcp:read', resource: mcpUrl },
      insecure,
    );
    expect(response.headers.get('cache-control')).toBe('no-store');
    const tokens = await oauth.processClientCredentialsResponse(as, client, response);
    expect(tokens.token_type).toBe('bearer');
    expect(tokens.scope).toBe('mcp:read');
    const { payload, protectedHeader } = await verify(tokens.access_token, mcpUrl);
    expect(protectedHeader.typ).toBe('at+jwt');
    expect(payload).toMatchObject({ sub: client.client_id, client_id: client.client_id });
    expect((await initialize({ Authorization: `Bearer ${tokens.access_token}` })).status).toBe(200);
  });

  it('should run the authorization code flow with PKCE and a loopback redirect URI', async () => {
    const as = await discover();
    const redirectUri = 'http://127.0.0.1:53682/callback';
    const client = await register(as, {
      client_name: 'native agent',
      redirect_uris: [redirectUri],
      grant_types: ['authorization_code'],
      token_endpoint_auth_method: 'none',
    });
    const verifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const authorizationUrl = new URL(as.authorization_endpoint ?? '');
    for (const [name, value] of Object.entries({
      client_id: client.client_id,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'mcp:read mcp:tools',
      code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      resource: mcpUrl,
      state,
    })) {
      authorizationUrl.searchParams.set(name, value);
    }
    const redirect = await fetch(authorizationUrl, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    const callback = new URL(redirect.headers.get('location') ?? '');
    expect(callback.origin + callback.pathname).toBe(redirectUri);
    const params = oauth.validateAuthResponse(as, client, callback, state);
    const response = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      oauth.None(),
      params,
      redirectUri,
      verifier,
      insecure,
    );
    const tokens = await oauth.processAuthorizationCodeResponse(as, client, response);
    expect(tokens.scope).toBe('mcp:read mcp:tools');
    await verify(tokens.access_token, mcpUrl);

    const replay = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      oauth.None(),
      params,
      redirectUri,
      verifier,
      insecure,
    );
    expect(replay.status).toBe(400);
    expect(await replay.json()).toMatchObject({ error: 'invalid_grant' });
  });
});

describe('the MCP TypeScript SDK auth helpers', () => {
  it('should discover both metadata documents and register a client', async () => {
    const resource = await discoverOAuthProtectedResourceMetadata(mcpUrl);
    expect(resource.resource).toBe(mcpUrl);
    expect(resource.authorization_servers).toEqual([baseUrl]);
    const metadata = await discoverAuthorizationServerMetadata(baseUrl);
    if (!metadata) throw new Error('no authorization server metadata');
    expect(metadata.token_endpoint).toBe(`${baseUrl}/oauth/token`);
    expect(metadata.code_challenge_methods_supported).toEqual(['S256']);
    const client = await registerClient(baseUrl, {
      metadata,
      clientMetadata: {
        client_name: 'sdk agent',
        redirect_uris: ['http://localhost:6274/oauth/callback'],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'none',
      },
    });
    expect(client.client_id).toBeTruthy();
    expect(client.grant_types).toEqual(['authorization_code']);
  });
});

describe('bearer tokens at the MCP endpoint', () => {
  it('should answer 401 with WWW-Authenticate naming the resource metadata for a bad token', async () => {
    const response = await initialize({ Authorization: 'Bearer not.a.token' });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe(
      `Bearer error="invalid_token", error_description="The access token is invalid", resource_metadata="${baseUrl}/.well-known/oauth-protected-resource/mcp"`,
    );
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    expect(await response.json()).toMatchObject({ status: 401, code: 'invalid_token' });
  });

  it('should answer without a token', async () => {
    expect((await initialize()).status).toBe(200);
  });
});

describe('the OAuth endpoints over HTTP', () => {
  it('should route each endpoint, with CORS for browser clients', async () => {
    const jwksResponse = await fetch(`${baseUrl}/oauth/jwks`);
    expect(jwksResponse.status).toBe(200);
    expect(jwksResponse.headers.get('access-control-allow-origin')).toBe('*');
    expect(jwksResponse.headers.get('cache-control')).toBe('public, max-age=300');
    const { keys } = (await jwksResponse.json()) as { keys: Record<string, unknown>[] };
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) expect(key.d).toBeUndefined();

    const preflight = await fetch(`${baseUrl}/oauth/token`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://app.example', 'Access-Control-Request-Method': 'POST' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');

    const wrongMethod = await fetch(`${baseUrl}/oauth/token`);
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('POST, OPTIONS');

    const tooLarge = await fetch(`${baseUrl}/oauth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ client_name: 'x'.repeat(20_000) }),
    });
    expect(tooLarge.status).toBe(413);
  });
});
