import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as v2 from '@modelcontextprotocol/client';
import * as v1 from '@modelcontextprotocol/sdk/client/auth.js';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAuthorizationServerMetadata } from '../../src/documents/authorization-server-metadata.ts';
import type { PlainHandler } from '../../src/http/plain-http.ts';
import { createAuthorizeHandler } from '../../src/oauth/authorize-endpoint.ts';
import { createTokenHandler } from '../../src/oauth/token-endpoint.ts';
import { buildOAuthKeys, generateSigningKey } from '../../src/oauth/keys.ts';
import { fromNodeRequest, sendPlainAnswer } from '../../src/server/node-plain.ts';
import { buildServiceUrls } from '../../src/service/urls.ts';
import { startDocumentServer, type DocumentServer } from '../support/https-document-server.ts';

/**
 * The official MCP SDKs' OAuth clients against the authorize and token endpoints, served in
 * process on 127.0.0.1 with the test fetch policy (the client's document is on a real https
 * server on 127.0.0.1, which the strict policy refuses).
 */
let documents: DocumentServer;
let server: Server;
let origin: string;

beforeAll(async () => {
  documents = await startDocumentServer();
  const keys = await buildOAuthKeys([await generateSigningKey('sdk')]);
  server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const options = {
    siteUrl: origin,
    keys: async () => keys,
    clientMetadata: { fetchPolicy: documents.testPolicy },
  };
  const handlers: Record<string, PlainHandler> = {
    '/oauth/authorize': createAuthorizeHandler(options),
    '/oauth/token': createTokenHandler(options),
  };
  const metadata = JSON.stringify(buildAuthorizationServerMetadata(buildServiceUrls(origin)));
  server.on('request', (req, res) => {
    const url = new URL(req.url ?? '/', origin);
    if (url.pathname === '/.well-known/oauth-authorization-server') {
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(metadata);
      return;
    }
    const handler = handlers[url.pathname];
    if (!handler) {
      res.writeHead(404).end();
      return;
    }
    void handler(fromNodeRequest(req, res, url)).then((answer) => sendPlainAnswer(res, answer, {}));
  });
});

afterAll(async () => {
  await documents.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** An in-memory OAuthClientProvider with a client ID metadata document URL and a loopback callback. */
function createProvider(clientMetadataUrl: string, redirectUrl: string) {
  const state: {
    client?: v2.OAuthClientInformationMixed;
    tokens?: v2.OAuthTokens;
    verifier?: string;
    authorizationUrl?: URL;
    discovery?: unknown;
  } = {};
  return {
    state,
    provider: {
      clientMetadataUrl,
      redirectUrl,
      clientMetadata: {
        client_name: 'SDK CIMD client',
        redirect_uris: [redirectUrl],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'none',
      },
      clientInformation: () => state.client,
      saveClientInformation: (client: v2.OAuthClientInformationMixed) => {
        state.client = client;
      },
      tokens: () => state.tokens,
      saveTokens: (tokens: v2.OAuthTokens) => {
        state.tokens = tokens;
      },
      redirectToAuthorization: (url: URL) => {
        state.authorizationUrl = url;
      },
      saveCodeVerifier: (verifier: string) => {
        state.verifier = verifier;
      },
      codeVerifier: () => state.verifier ?? '',
      // The 2.x client binds the callback to the authorization server it discovered (SEP-2352).
      saveDiscoveryState: (discovery: unknown) => {
        state.discovery = discovery;
      },
      discoveryState: () => state.discovery,
    },
  };
}

const sdks = [
  { name: '@modelcontextprotocol/sdk 1.x', auth: v1.auth },
  { name: '@modelcontextprotocol/client 2.x', auth: v2.auth },
] as const;

describe.each(sdks)('the OAuth client of $name with a clientMetadataUrl', (sdk) => {
  it('should use the URL as client_id without registering and get a token by authorization code', async () => {
    const path = `/${sdk.name.replace(/\W+/g, '-')}.json`;
    const clientId = `${documents.origin}${path}`;
    const redirectUrl = 'http://127.0.0.1:41999/callback';
    documents.serveJson(path, {
      client_id: clientId,
      client_name: 'SDK CIMD client',
      redirect_uris: [redirectUrl],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    });
    const before = documents.counts.requests;
    const { provider, state } = createProvider(clientId, redirectUrl);
    const serverUrl = `${origin}/mcp`;

    expect(await sdk.auth(provider as never, { serverUrl })).toBe('REDIRECT');
    expect(state.client?.client_id).toBe(clientId);
    const authorizationUrl = state.authorizationUrl ?? new URL('about:blank');
    expect(authorizationUrl.searchParams.get('client_id')).toBe(clientId);

    const answer = await fetch(authorizationUrl, { redirect: 'manual' });
    expect(answer.status).toBe(302);
    const callback = new URL(answer.headers.get('location') ?? '');
    expect(callback.origin + callback.pathname).toBe(redirectUrl);
    const code = callback.searchParams.get('code') ?? '';

    // The 2.x client checks the RFC 9207 iss of the callback; 1.x ignores the option.
    const iss = callback.searchParams.get('iss') ?? undefined;
    expect(iss).toBe(origin);
    expect(
      await sdk.auth(provider as never, { serverUrl, authorizationCode: code, iss } as never),
    ).toBe('AUTHORIZED');
    const claims = decodeJwt(state.tokens?.access_token ?? '');
    expect(claims.client_id).toBe(clientId);
    expect(claims.iss).toBe(origin);
    // Authorize and token fetched the document once each: they are separate functions, each
    // with its own in-memory cache (a shared store would make it one fetch).
    expect(documents.counts.requests).toBe(before + 2);
  });
});
