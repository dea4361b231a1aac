import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../src/service/limits.ts';
import { REGISTRATION_LIMITS } from '../../src/schemas/client-registration.ts';
import {
  api,
  authorize,
  call,
  challenge,
  endpoints,
  expectOAuthError,
  json,
  keys,
  register,
  registerClient,
  SITE,
  token,
} from '../support/oauth-endpoints.ts';

const PREVIEW = 'https://facts-git-branch.example.vercel.app';

describe('createRegisterHandler', () => {
  it('should echo redirect_uris, empty too, for a client_credentials client (RFC 7591 §3.2.1)', async () => {
    const answer = await register({
      client_name: 'client-credentials-client',
      redirect_uris: [],
      grant_types: ['client_credentials'],
      token_endpoint_auth_method: 'client_secret_basic',
    });
    expect(answer.status).toBe(201);
    expect(json(answer)).toMatchObject({ redirect_uris: [], grant_types: ['client_credentials'] });
    expect(json(await register({}))).toMatchObject({ redirect_uris: [] });
  });

  it('should refuse with invalid_client_metadata a registration whose client_id no URL or header could carry', async () => {
    const answer = await register({
      // Ten such URIs pass the 16 KiB body limit; seven are within it.
      redirect_uris: Array.from(
        { length: 7 },
        (_, index) => `https://app.example/${index}/${'x'.repeat(1970)}`,
      ),
    });
    const body = expectOAuthError(answer, 400, 'invalid_client_metadata');
    expect(body.error_description).toContain(String(REGISTRATION_LIMITS.clientIdLength));
  });

  it('should keep every accepted client_id usable at /oauth/authorize and in a bearer header', async () => {
    // The largest registration accepted: ten redirect URIs grown until the id passes the limit.
    let largest: { clientId: string; redirectUri: string } | undefined;
    for (let length = 100; length <= 2000; length += 10) {
      const redirectUris = Array.from(
        { length: 10 },
        (_, index) => `https://app.example/${index}/${'x'.repeat(length - 22)}`,
      );
      const answer = await register({
        client_name: 'n'.repeat(200),
        grant_types: ['authorization_code', 'client_credentials'],
        redirect_uris: redirectUris,
      });
      if (answer.status !== 201) break;
      largest = { clientId: json(answer).client_id as string, redirectUri: redirectUris[0] ?? '' };
    }
    if (!largest) throw new Error('no registration accepted');
    expect(largest.clientId.length).toBeLessThanOrEqual(REGISTRATION_LIMITS.clientIdLength);
    expect(largest.clientId.length).toBeGreaterThan(REGISTRATION_LIMITS.clientIdLength - 200);
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: largest.clientId,
      redirect_uri: largest.redirectUri,
      code_challenge: challenge,
      code_challenge_method: 'S256',
      scope: 'mcp:read mcp:tools',
      resource: `${SITE}/mcp`,
      state: 's'.repeat(64),
    });
    expect(`/oauth/authorize?${query.toString()}`.length).toBeLessThan(LIMITS.urlLength);
    expect((await authorize(Object.fromEntries(query))).status).toBe(200);
    const issued = json(
      await token({ grant_type: 'client_credentials', client_id: largest.clientId }),
    );
    expect(`Authorization: Bearer ${String(issued.access_token)}`.length).toBeLessThan(
      LIMITS.headerBytes / 2,
    );
  });
});

describe('verifyClientId', () => {
  it('should refuse a client_id issued by another origin that shares the signing keys', async () => {
    const preview = endpoints(keys, PREVIEW);
    const previewClient = await registerClient({}, preview.register);
    expectOAuthError(
      await token({ grant_type: 'client_credentials', client_id: previewClient }),
      401,
      'invalid_client',
    );
    const productionClient = await registerClient();
    const atPreview = await token(
      { grant_type: 'client_credentials', client_id: productionClient },
      preview.token,
    );
    expect(atPreview.status).toBe(401);
    expect(json(atPreview).error).toBe('invalid_client');
    expect(
      (await token({ grant_type: 'client_credentials', client_id: previewClient }, preview.token))
        .status,
    ).toBe(200);
  });
});

describe('readRegistration', () => {
  it.each([
    [
      { scope: `mcp:read ${' '.repeat(REGISTRATION_LIMITS.scopeLength)}` },
      'invalid_client_metadata',
    ],
    [{ response_types: Array.from({ length: 11 }, () => 'code') }, 'invalid_client_metadata'],
    [
      { grant_types: Array.from({ length: 11 }, () => 'client_credentials') },
      'invalid_client_metadata',
    ],
    [{ redirect_uris: [`https://app.example/${'x'.repeat(2000)}`] }, 'invalid_redirect_uri'],
  ])('should refuse %# as the published schema says, with %s', async (body, error) => {
    expectOAuthError(await register(body), 400, error);
  });

  it('should name the member a refusal is about', async () => {
    const body = expectOAuthError(
      await register({ response_types: ['token'], redirect_uris: ['https://a.example/cb'] }),
      400,
      'invalid_client_metadata',
    );
    expect(body.error_description).toBe('response_types.0: may only contain code.');
  });
});

describe('createRegisterHandler body rules', () => {
  it('should answer a body past the limit with a 413 problem and JSON nested too deep with invalid_client_metadata', async () => {
    const tooLarge = await call(api.register, '/oauth/register', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ client_name: 'x'.repeat(LIMITS.oauthBodyBytes) }),
    });
    expect(tooLarge.status).toBe(413);
    expect(json(tooLarge)).toMatchObject({
      code: 'payload_too_large',
      instance: '/oauth/register',
    });
    const deep = '['.repeat(LIMITS.jsonDepth + 1) + ']'.repeat(LIMITS.jsonDepth + 1);
    const nested = await call(api.register, '/oauth/register', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
      body: `{"client_name":"x","x":${deep}}`,
    });
    const body = expectOAuthError(nested, 400, 'invalid_client_metadata');
    expect(body.error_description).toContain(String(LIMITS.jsonDepth));
  });
});
