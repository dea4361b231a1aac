import { describe, expect, it } from 'vitest';
import { readTokenRequest } from '../../src/oauth/token-request.ts';
import { buildServiceUrls } from '../../src/service/urls.ts';
import { LIMITS } from '../../src/service/limits.ts';
import {
  api,
  call,
  expectOAuthError,
  json,
  registerClient,
  SITE,
  token,
  verifier,
} from '../support/oauth-endpoints.ts';

const urls = buildServiceUrls(SITE);
const read = (form: string) => readTokenRequest(new URLSearchParams(form), urls);

describe('readTokenRequest', () => {
  it('should read every parameter once, resource as a list, and drop empty ones', () => {
    expect(
      read(
        `grant_type=authorization_code&client_id=c&code=x&code_verifier=${verifier}&scope=&redirect_uri=&resource=${SITE}&resource=${SITE}/mcp&extra=1`,
      ),
    ).toEqual({
      ok: true,
      value: {
        grant_type: 'authorization_code',
        client_id: 'c',
        code: 'x',
        code_verifier: verifier,
        resource: [SITE, `${SITE}/mcp`],
      },
    });
  });

  it.each([
    ['client_id=c', 'invalid_request', 'The grant_type parameter is required.'],
    ['grant_type=&client_id=c', 'invalid_request', 'The grant_type parameter is required.'],
    [
      'grant_type=password&client_id=c',
      'unsupported_grant_type',
      'The grant type password is not supported; use client_credentials or authorization_code.',
    ],
    ['grant_type=client_credentials', 'invalid_request', 'The client_id parameter is required.'],
    [
      'grant_type=client_credentials&client_id=c&client_id=d',
      'invalid_request',
      'The parameter client_id is given more than once.',
    ],
    [
      'grant_type=client_credentials&client_id=c&resource=',
      'invalid_target',
      `Unknown resource ; tokens are issued for ${SITE} and ${SITE}/mcp.`,
    ],
    [
      'grant_type=authorization_code&client_id=c&code=x&code_verifier=short',
      'invalid_request',
      'code_verifier must be 43 to 128 characters of A-Z, a-z, 0-9, -, ., _ and ~ (RFC 7636).',
    ],
  ])('should refuse %s with %s', (form, error, description) => {
    expect(read(form)).toEqual({ ok: false, refusal: { error, description } });
  });
});

describe('createTokenHandler body rules', () => {
  it('should answer a body past the limit with a 413 problem', async () => {
    const answer = await token(
      `grant_type=client_credentials&x=${'y'.repeat(LIMITS.oauthBodyBytes)}`,
    );
    expect(answer.status).toBe(413);
    expect(json(answer)).toMatchObject({ code: 'payload_too_large', instance: '/oauth/token' });
  });

  it('should accept the form media type with parameters and repeated resource indicators (RFC 8707 §2)', async () => {
    const clientId = await registerClient();
    const answer = await call(api.token, '/oauth/token', {
      method: 'POST',
      headers: { 'Content-Type': 'Application/X-WWW-Form-Urlencoded; charset=UTF-8' },
      body: new URLSearchParams([
        ['grant_type', 'client_credentials'],
        ['client_id', clientId],
        ['resource', SITE],
        ['resource', `${SITE}/mcp`],
      ]).toString(),
    });
    expect(answer.status).toBe(200);
    expectOAuthError(
      await token(`grant_type=client_credentials&client_id=${clientId}&resource=not-a-uri`),
      400,
      'invalid_target',
    );
  });
});
