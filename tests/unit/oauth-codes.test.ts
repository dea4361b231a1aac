import { describe, expect, it } from 'vitest';
import { issueAuthorizationCode, redeemAuthorizationCode } from '../../src/oauth/tokens.ts';
import {
  authorize,
  challenge,
  clock,
  expectOAuthError,
  json,
  keys,
  readLocation,
  registerClient,
  SITE,
  token,
  verifier,
} from '../support/oauth-endpoints.ts';

const redirectUri = 'http://127.0.0.1:41000/callback';

/** Registers a client with one loopback redirect URI and gets a code for it. */
async function startFlow(extra: Record<string, string> = {}, withRedirectUri = true) {
  const clientId = await registerClient({ redirect_uris: [redirectUri] });
  const location = readLocation(
    await authorize({
      response_type: 'code',
      client_id: clientId,
      ...(withRedirectUri ? { redirect_uri: redirectUri } : {}),
      code_challenge: challenge,
      code_challenge_method: 'S256',
      ...extra,
    }),
  );
  return { clientId, code: location.searchParams.get('code') ?? '' };
}

function exchange(clientId: string, code: string, extra: Record<string, string> = {}) {
  return token({
    grant_type: 'authorization_code',
    client_id: clientId,
    code,
    code_verifier: verifier,
    ...extra,
  });
}

describe('createTokenHandler with authorization_code', () => {
  it('should keep the code when a request is refused for its scope or resource', async () => {
    const { clientId, code } = await startFlow({ scope: 'mcp:read', resource: `${SITE}/mcp` });
    const withUri = { redirect_uri: redirectUri };
    expectOAuthError(
      await exchange(clientId, code, { ...withUri, scope: 'mcp:tools' }),
      400,
      'invalid_scope',
    );
    expectOAuthError(
      await exchange(clientId, code, { ...withUri, resource: SITE }),
      400,
      'invalid_target',
    );
    expectOAuthError(
      await exchange(clientId, code, { ...withUri, resource: 'https://other.example' }),
      400,
      'invalid_target',
    );
    const answer = await exchange(clientId, code, withUri);
    expect(answer.status).toBe(200);
    expect(json(answer).scope).toBe('mcp:read');
    expectOAuthError(await exchange(clientId, code, withUri), 400, 'invalid_grant');
  });

  it('should not require redirect_uri when the authorization request did not carry it (RFC 6749 §4.1.3)', async () => {
    const { clientId, code } = await startFlow({}, false);
    expect((await exchange(clientId, code)).status).toBe(200);
    const other = await startFlow({}, false);
    expectOAuthError(
      await exchange(other.clientId, other.code, { redirect_uri: 'http://127.0.0.1:41001/x' }),
      400,
      'invalid_grant',
    );
  });

  it('should require the same redirect_uri when the authorization request carried it, and keep the code', async () => {
    const { clientId, code } = await startFlow();
    expectOAuthError(await exchange(clientId, code), 400, 'invalid_request');
    expect((await exchange(clientId, code, { redirect_uri: redirectUri })).status).toBe(200);
  });
});

describe('redeemAuthorizationCode', () => {
  const grant = {
    clientId: 'client',
    redirectUri,
    redirectUriGiven: true,
    codeChallenge: challenge,
    scope: 'mcp:read',
    resources: undefined,
  };
  const now = () => Math.floor(clock.now / 1000);
  const presented = { clientId: 'client', redirectUri, codeVerifier: verifier };

  it('should refuse a code issued by another origin that shares the signing keys', async () => {
    const code = await issueAuthorizationCode(grant, keys, 'https://preview.example', now());
    await expect(
      redeemAuthorizationCode(code, presented, keys, SITE, now(), (value) => ({ ok: true, value })),
    ).resolves.toMatchObject({ ok: false, refusal: { error: 'invalid_grant' } });
    await expect(
      redeemAuthorizationCode(code, presented, keys, 'https://preview.example', now(), (value) => ({
        ok: true,
        value,
      })),
    ).resolves.toMatchObject({ ok: true, value: { scope: 'mcp:read' } });
  });

  it('should mark the code used only when accept returns', async () => {
    const code = await issueAuthorizationCode(grant, keys, SITE, now());
    const refuse = () => {
      throw new Error('refused');
    };
    await expect(
      redeemAuthorizationCode(code, presented, keys, SITE, now(), refuse),
    ).rejects.toThrow('refused');
    await expect(
      redeemAuthorizationCode(code, presented, keys, SITE, now(), () => ({
        ok: false,
        refusal: { error: 'invalid_scope', description: 'refused' },
      })),
    ).resolves.toMatchObject({ ok: false, refusal: { error: 'invalid_scope' } });
    await expect(
      redeemAuthorizationCode(code, presented, keys, SITE, now(), () => ({
        ok: true,
        value: 'ok',
      })),
    ).resolves.toEqual({ ok: true, value: 'ok' });
    await expect(
      redeemAuthorizationCode(code, presented, keys, SITE, now(), () => ({
        ok: true,
        value: 'again',
      })),
    ).resolves.toMatchObject({ ok: false, refusal: { error: 'invalid_grant' } });
  });
});
