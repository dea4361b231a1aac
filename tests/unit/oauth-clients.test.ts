import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../src/service/limits.ts';
import { REGISTRATION_LIMITS } from '../../src/oauth/clients.ts';
import {
  authorize,
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
