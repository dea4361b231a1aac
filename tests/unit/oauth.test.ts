import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify, SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import type { PlainAnswer, PlainHandler } from '../../src/http/plain-http.ts';
import { withBearer } from '../../src/oauth/bearer.ts';
import { checkRedirectUri } from '../../src/oauth/clients.ts';
import {
  OAuthKeyError,
  parseSigningKeys,
  readSigningKeys,
  resolveKeysFile,
} from '../../src/oauth/keys.ts';
import { ClientRegistrationResponseSchema } from '../../src/schemas/client-registration.ts';
import { TokenResponseSchema } from '../../src/schemas/oauth.ts';
import {
  api,
  authorize,
  call,
  challenge,
  clock,
  endpoints,
  expectOAuthError,
  firstKey,
  json,
  keys,
  readLocation,
  register,
  registerClient,
  rotated,
  secondKey,
  SITE,
  strangers,
  token,
  verifier,
} from '../support/oauth-endpoints.ts';

describe('POST /oauth/register', () => {
  it('should answer 201 with a client_id and every registered member, values chosen included', async () => {
    const answer = await register({
      client_name: 'Claude',
      grant_types: ['authorization_code', 'refresh_token'],
      token_endpoint_auth_method: 'client_secret_basic',
      redirect_uris: ['https://claude.ai/api/mcp/auth_callback', 'http://127.0.0.1/callback'],
      logo_uri: 'https://claude.ai/logo.png',
    });
    expect(answer.status).toBe(201);
    expect(answer.headers['Cache-Control']).toBe('no-store');
    expect(ClientRegistrationResponseSchema.safeParse(json(answer)).success).toBe(true);
    expect(json(answer)).toEqual({
      client_id: expect.any(String) as string,
      client_id_issued_at: Math.floor(clock.now / 1000),
      client_name: 'Claude',
      grant_types: ['authorization_code'],
      token_endpoint_auth_method: 'none',
      response_types: ['code'],
      redirect_uris: ['https://claude.ai/api/mcp/auth_callback', 'http://127.0.0.1/callback'],
      scope: 'mcp:read mcp:tools',
    });
  });

  it('should register the body of docs/spec.md §2 for client_credentials, and default a missing name', async () => {
    const answer = await register({
      client_name: 'agent',
      grant_types: ['client_credentials'],
      token_endpoint_auth_method: 'none',
    });
    expect(json(answer)).toMatchObject({
      grant_types: ['client_credentials'],
      client_name: 'agent',
    });
    expect(json(await register({}))).toMatchObject({
      client_name: 'Anonymous agent',
      grant_types: ['client_credentials'],
    });
  });

  it.each([
    [{ redirect_uris: ['http://evil.example/cb'] }, 'invalid_redirect_uri'],
    [{ redirect_uris: ['https://app.example/cb#x'] }, 'invalid_redirect_uri'],
    [{ redirect_uris: ['javascript:alert(1)'] }, 'invalid_redirect_uri'],
    [{ redirect_uris: ['not a uri'] }, 'invalid_redirect_uri'],
    [{ redirect_uris: 'https://app.example/cb' }, 'invalid_redirect_uri'],
    [{ grant_types: ['authorization_code'] }, 'invalid_redirect_uri'],
    [{ grant_types: ['password'] }, 'invalid_client_metadata'],
    [{ scope: 'admin' }, 'invalid_client_metadata'],
    [{ client_name: 42 }, 'invalid_client_metadata'],
    [
      { response_types: ['token'], redirect_uris: ['https://a.example/cb'] },
      'invalid_client_metadata',
    ],
    [[1, 2], 'invalid_client_metadata'],
    ['text', 'invalid_client_metadata'],
  ])('should refuse %j with %s', async (body, error) => {
    expectOAuthError(await register(body), 400, error);
  });

  it('should refuse a body that is not JSON or not application/json', async () => {
    const notJson = await call(api.register, '/oauth/register', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"client_name":',
    });
    expectOAuthError(notJson, 400, 'invalid_client_metadata');
    const form = await call(api.register, '/oauth/register', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'client_name=x',
    });
    expectOAuthError(form, 400, 'invalid_client_metadata');
  });

  it('should answer other methods with 405 and Allow, and OPTIONS as a preflight', async () => {
    const get = await call(api.register, '/oauth/register');
    expect(get.status).toBe(405);
    expect(get.headers.Allow).toBe('POST, OPTIONS');
    const options = await call(api.register, '/oauth/register', { method: 'OPTIONS' });
    expect(options.status).toBe(204);
    expect(options.headers['Access-Control-Allow-Headers']).toContain('Authorization');
  });
});

describe('redirect URI rules', () => {
  it.each([
    ['https://app.example/cb', true],
    ['http://127.0.0.1:33418/callback', true],
    ['http://[::1]/callback', true],
    ['http://localhost:6274/oauth/callback', true],
    ['com.example.app:/oauth2redirect', true],
    ['http://app.example/cb', false],
    ['file:///etc/passwd', false],
    ['myapp:/cb', false],
  ])('%s allowed: %s', (uri, allowed) => {
    expect(checkRedirectUri(uri) === undefined).toBe(allowed);
  });
});

describe('POST /oauth/token with client_credentials', () => {
  it('should issue an RFC 9068 JWT with every claim, never cached', async () => {
    const clientId = await registerClient();
    const answer = await token({ grant_type: 'client_credentials', client_id: clientId });
    expect(answer.status).toBe(200);
    expect(answer.headers['Cache-Control']).toBe('no-store');
    const body = json(answer);
    expect(TokenResponseSchema.safeParse(body).success).toBe(true);
    expect(body).toEqual({
      access_token: expect.any(String) as string,
      token_type: 'Bearer',
      expires_in: 3600,
      scope: 'mcp:read mcp:tools',
    });
    const accessToken = body.access_token as string;
    expect(decodeProtectedHeader(accessToken)).toEqual({ alg: 'ES256', typ: 'at+jwt', kid: 'k1' });
    const { payload } = await jwtVerify(accessToken, createLocalJWKSet(keys.jwks), {
      issuer: SITE,
      audience: SITE,
      typ: 'at+jwt',
      currentDate: new Date(clock.now),
    });
    const now = Math.floor(clock.now / 1000);
    expect(payload).toEqual({
      iss: SITE,
      sub: clientId,
      aud: SITE,
      client_id: clientId,
      scope: 'mcp:read mcp:tools',
      iat: now,
      exp: now + 3600,
      jti: expect.stringMatching(/^[0-9a-f-]{36}$/) as string,
    });
  });

  it('should honour scope and resource (the audience)', async () => {
    const clientId = await registerClient();
    const answer = await token({
      grant_type: 'client_credentials',
      client_id: clientId,
      scope: 'mcp:read',
      resource: `${SITE}/mcp`,
    });
    expect(json(answer).scope).toBe('mcp:read');
    const { payload } = await jwtVerify(
      json(answer).access_token as string,
      createLocalJWKSet(keys.jwks),
      { currentDate: new Date(clock.now) },
    );
    expect(payload.aud).toBe(`${SITE}/mcp`);
  });

  it('should refuse client credentials in an Authorization header, challenging the scheme used', async () => {
    const clientId = await registerClient();
    const form = new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId });
    for (const [credentials, scheme] of [
      [`Basic ${Buffer.from(`${clientId}:`).toString('base64')}`, 'Basic'],
      ['Bearer abc', 'Bearer'],
      ['"odd" x', 'Basic'],
    ] as const) {
      const answer = await call(api.token, '/oauth/token', {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          Authorization: credentials,
        },
        body: form.toString(),
      });
      const body = expectOAuthError(answer, 401, 'invalid_client');
      expect(body.error_description).toContain('no Authorization header');
      expect(answer.headers['WWW-Authenticate']).toBe(`${scheme} realm="${SITE}"`);
    }
    // The same request without the header is granted: the header alone was refused.
    expect((await token(Object.fromEntries(form))).status).toBe(200);
  });

  it('should refuse a client_id forged with another key, or altered', async () => {
    const forged = await registerClient({}, endpoints(strangers).register);
    expectOAuthError(
      await token({ grant_type: 'client_credentials', client_id: forged }),
      401,
      'invalid_client',
    );
    const genuine = await registerClient();
    const [header, payload, signature] = genuine.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as object;
    const altered = `${header}.${Buffer.from(JSON.stringify({ ...claims, scope: 'admin' })).toString('base64url')}.${signature}`;
    expectOAuthError(
      await token({ grant_type: 'client_credentials', client_id: altered }),
      401,
      'invalid_client',
    );
    expectOAuthError(
      await token({ grant_type: 'client_credentials', client_id: 'abc' }),
      401,
      'invalid_client',
    );
  });

  it.each([
    [{ grant_type: 'client_credentials' }, 400, 'invalid_request'],
    [{ client_id: 'x' }, 400, 'invalid_request'],
    [{ grant_type: 'password', client_id: 'x' }, 400, 'unsupported_grant_type'],
    [{ grant_type: 'client_credentials', client_id: '<id>', scope: 'admin' }, 400, 'invalid_scope'],
    [
      { grant_type: 'client_credentials', client_id: '<id>', resource: 'https://other.example' },
      400,
      'invalid_target',
    ],
    [{ grant_type: 'authorization_code', client_id: '<id>' }, 400, 'unauthorized_client'],
  ])('should refuse %j', async (params, status, error) => {
    const clientId = await registerClient({ scope: 'mcp:read mcp:tools' });
    const filled = Object.fromEntries(
      Object.entries(params).map(([name, value]) => [name, value === '<id>' ? clientId : value]),
    );
    expectOAuthError(await token(filled), status, error);
  });

  it('should refuse a scope the client did not register, repeated parameters and a wrong media type', async () => {
    const reader = await registerClient({ scope: 'mcp:read' });
    expectOAuthError(
      await token({ grant_type: 'client_credentials', client_id: reader, scope: 'mcp:tools' }),
      400,
      'invalid_scope',
    );
    expectOAuthError(
      await token(
        `grant_type=client_credentials&grant_type=client_credentials&client_id=${reader}`,
      ),
      400,
      'invalid_request',
    );
    const asJson = await call(api.token, '/oauth/token', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credentials', client_id: reader }),
    });
    expectOAuthError(asJson, 400, 'invalid_request');
  });
});

describe('authorization code with PKCE', () => {
  // A loopback redirect URI (RFC 8252 §7.3): answered at once, no confirmation page.
  const redirectUri = 'http://localhost:33418/callback';

  async function startFlow(extra: Record<string, string> = {}) {
    const clientId = await registerClient({
      client_name: 'app',
      grant_types: ['authorization_code'],
      redirect_uris: [redirectUri, 'http://127.0.0.1/cb'],
    });
    const location = readLocation(
      await authorize({
        response_type: 'code',
        client_id: clientId,
        redirect_uri: redirectUri,
        code_challenge: challenge,
        code_challenge_method: 'S256',
        state: 'xyz',
        ...extra,
      }),
    );
    return { clientId, location, code: location.searchParams.get('code') ?? '' };
  }

  const exchange = (clientId: string, code: string, extra: Record<string, string> = {}) =>
    token({
      grant_type: 'authorization_code',
      client_id: clientId,
      code,
      redirect_uri: redirectUri,
      code_verifier: verifier,
      ...extra,
    });

  it('should redirect with code, state and iss, and exchange the code once', async () => {
    const { clientId, location, code } = await startFlow({ resource: `${SITE}/mcp` });
    expect(location.origin + location.pathname).toBe(redirectUri);
    expect(location.searchParams.get('state')).toBe('xyz');
    expect(location.searchParams.get('iss')).toBe(SITE);
    const answer = await exchange(clientId, code);
    expect(answer.status).toBe(200);
    const { payload } = await jwtVerify(
      json(answer).access_token as string,
      createLocalJWKSet(keys.jwks),
      { currentDate: new Date(clock.now), typ: 'at+jwt' },
    );
    expect(payload).toMatchObject({ aud: `${SITE}/mcp`, client_id: clientId });
    expectOAuthError(await exchange(clientId, code), 400, 'invalid_grant');
  });

  it('should refuse an expired code, a PKCE mismatch, another redirect URI and another client', async () => {
    const expired = await startFlow();
    clock.now += 61_000;
    expectOAuthError(await exchange(expired.clientId, expired.code), 400, 'invalid_grant');
    clock.now -= 61_000;

    const mismatch = await startFlow();
    expectOAuthError(
      await exchange(mismatch.clientId, mismatch.code, { code_verifier: 'w'.repeat(43) }),
      400,
      'invalid_grant',
    );
    const otherUri = await startFlow();
    expectOAuthError(
      await exchange(otherUri.clientId, otherUri.code, { redirect_uri: 'http://127.0.0.1/cb' }),
      400,
      'invalid_grant',
    );
    const stolen = await startFlow();
    const thief = await registerClient({ redirect_uris: [redirectUri] });
    expectOAuthError(await exchange(thief, stolen.code), 400, 'invalid_grant');
    expectOAuthError(await exchange(stolen.clientId, 'not-a-code'), 400, 'invalid_grant');
    expectOAuthError(
      await exchange(stolen.clientId, stolen.code, { code_verifier: 'short' }),
      400,
      'invalid_request',
    );
  });

  it('should show, not redirect, errors about the client or the redirect URI', async () => {
    const { clientId } = await startFlow();
    for (const params of [
      { client_id: clientId, redirect_uri: 'https://evil.example/cb' },
      { client_id: clientId },
      { client_id: 'forged', redirect_uri: redirectUri },
      { redirect_uri: redirectUri },
    ]) {
      const answer = await authorize({
        response_type: 'code',
        code_challenge: challenge,
        code_challenge_method: 'S256',
        ...params,
      });
      expect(answer.status).toBe(400);
      expect(answer.headers['Content-Type']).toBe('application/problem+json');
      expect(answer.headers.Location).toBeUndefined();
    }
  });

  it.each([
    [{ response_type: 'token' }, 'unsupported_response_type'],
    [{ code_challenge: '' }, 'invalid_request'],
    [{ code_challenge_method: 'plain' }, 'invalid_request'],
    [{ code_challenge: 'short' }, 'invalid_request'],
    [{ scope: 'admin' }, 'invalid_scope'],
    [{ resource: 'https://other.example' }, 'invalid_target'],
  ])('should redirect %j with error %s, state and iss', async (extra, error) => {
    const { location } = await startFlow(extra);
    expect(location.searchParams.get('error')).toBe(error);
    expect(location.searchParams.get('state')).toBe('xyz');
    expect(location.searchParams.get('iss')).toBe(SITE);
    expect(location.searchParams.get('code')).toBeNull();
  });

  it('should accept a loopback redirect URI on any port (RFC 8252 §7.3)', async () => {
    const { clientId } = await startFlow();
    const location = readLocation(
      await authorize({
        response_type: 'code',
        client_id: clientId,
        redirect_uri: 'http://127.0.0.1:49152/cb',
        code_challenge: challenge,
        code_challenge_method: 'S256',
      }),
    );
    expect(location.port).toBe('49152');
    expect(location.searchParams.get('code')).toBeTruthy();
  });

  it('should refuse a client registered for client_credentials only', async () => {
    const clientId = await registerClient({
      grant_types: ['client_credentials'],
      redirect_uris: [redirectUri],
    });
    const location = readLocation(
      await authorize({
        response_type: 'code',
        client_id: clientId,
        redirect_uri: redirectUri,
        code_challenge: challenge,
        code_challenge_method: 'S256',
      }),
    );
    expect(location.searchParams.get('error')).toBe('unauthorized_client');
  });
});

describe('GET /oauth/jwks and key rotation', () => {
  it('should publish public members only, a unique kid per key, cached briefly', async () => {
    const answer = await call(endpoints(rotated).jwks, '/oauth/jwks');
    expect(answer.headers['Cache-Control']).toBe('public, max-age=300');
    const { keys: published } = json(answer) as { keys: Record<string, unknown>[] };
    expect(published.map((key) => key.kid)).toEqual(['k2', 'k1']);
    for (const key of published) {
      expect(Object.keys(key).sort()).toEqual(['alg', 'crv', 'kid', 'kty', 'use', 'x', 'y']);
    }
  });

  it('should keep client ids and tokens of the previous key valid after a rotation', async () => {
    const before = await registerClient();
    const after = endpoints(rotated);
    const answer = await token(
      { grant_type: 'client_credentials', client_id: before },
      after.token,
    );
    expect(answer.status).toBe(200);
    const accessToken = json(answer).access_token as string;
    expect(decodeProtectedHeader(accessToken).kid).toBe('k2');
    const oldToken = json(await token({ grant_type: 'client_credentials', client_id: before }))
      .access_token as string;
    await expect(
      jwtVerify(oldToken, createLocalJWKSet(rotated.jwks), { currentDate: new Date(clock.now) }),
    ).resolves.toBeDefined();
  });
});

describe('bearer tokens on a function', () => {
  const ok: PlainHandler = async () => ({ status: 200, headers: {}, body: 'ok' });
  // As the MCP function guards /mcp: its own resource beside the origin.
  const guarded = withBearer(ok, {
    siteUrl: SITE,
    resourceMetadata: `${SITE}/.well-known/oauth-protected-resource/mcp`,
    resource: `${SITE}/mcp`,
    keys: async () => keys,
    now: () => clock.now,
  });
  const get = (authorization?: string) =>
    call(guarded, '/mcp', { headers: authorization ? { Authorization: authorization } : {} });
  const issue = async () =>
    json(await token({ grant_type: 'client_credentials', client_id: await registerClient() }))
      .access_token as string;

  function expectInvalidToken(answer: PlainAnswer) {
    expect(answer.status).toBe(401);
    expect(answer.headers['WWW-Authenticate']).toMatch(
      /^Bearer error="invalid_token", error_description="[^"]+", resource_metadata="https:\/\/facts\.example\.com\/\.well-known\/oauth-protected-resource\/mcp"$/,
    );
    expect(answer.headers['Content-Type']).toBe('application/problem+json');
    expect(json(answer)).toMatchObject({ status: 401, code: 'invalid_token', instance: '/mcp' });
  }

  it('should answer without a token, with a valid token, and ignore other schemes', async () => {
    expect((await get()).status).toBe(200);
    expect((await get(`Bearer ${await issue()}`)).status).toBe(200);
    expect((await get('Basic dXNlcjpwYXNz')).status).toBe(200);
  });

  it("should let any origin read the 401, or only those the endpoint's corsHeaders allow", async () => {
    const refused = await get('Bearer not-a-token');
    expectInvalidToken(refused);
    expect(refused.headers['Access-Control-Allow-Origin']).toBe('*');
    expect(refused.headers['Access-Control-Expose-Headers']).toBe('WWW-Authenticate');
    const ruled = withBearer(ok, {
      siteUrl: SITE,
      resourceMetadata: `${SITE}/.well-known/oauth-protected-resource/mcp`,
      corsHeaders: (request) =>
        request.header('origin') === 'https://allowed.example'
          ? { 'Access-Control-Allow-Origin': 'https://allowed.example', Vary: 'Origin' }
          : {},
    });
    const from = async (origin: string) =>
      call(ruled, '/mcp', { headers: { Origin: origin, Authorization: 'Bearer not-a-token' } });
    const foreign = await from('https://other.example');
    expectInvalidToken(foreign);
    expect(foreign.headers['Access-Control-Allow-Origin']).toBeUndefined();
    expect((await from('https://allowed.example')).headers['Access-Control-Allow-Origin']).toBe(
      'https://allowed.example',
    );
  });

  it('should refuse an expired token', async () => {
    const accessToken = await issue();
    clock.now += 3600_000 + 10_000;
    try {
      expectInvalidToken(await get(`Bearer ${accessToken}`));
    } finally {
      clock.now -= 3600_000 + 10_000;
    }
  });

  it("should accept a token for the origin or the endpoint's own resource, and none for another endpoint", async () => {
    const issueFor = async (resource: string) =>
      json(
        await token({
          grant_type: 'client_credentials',
          client_id: await registerClient(),
          resource,
        }),
      ).access_token as string;
    const forOrigin = await issueFor(SITE);
    const forMcp = await issueFor(`${SITE}/mcp`);
    expect((await get(`Bearer ${forOrigin}`)).status).toBe(200);
    expect((await get(`Bearer ${forMcp}`)).status).toBe(200);
    // As the A2A function guards /a2a: the origin's resource alone.
    const a2a = withBearer(ok, {
      siteUrl: SITE,
      resourceMetadata: `${SITE}/.well-known/oauth-protected-resource`,
      keys: async () => keys,
      now: () => clock.now,
    });
    const atA2a = (accessToken: string) =>
      call(a2a, '/a2a', { headers: { Authorization: `Bearer ${accessToken}` } });
    expect((await atA2a(forOrigin)).status).toBe(200);
    const refused = await atA2a(forMcp);
    expect(refused.status).toBe(401);
    expect(json(refused)).toMatchObject({ code: 'invalid_token', instance: '/a2a' });
  });

  it('should refuse a tampered, unsigned, foreign, wrong-audience or wrong-type token', async () => {
    const accessToken = await issue();
    const [header, payload, signature] = accessToken.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as Record<
      string,
      unknown
    >;
    const tampered = `${header}.${Buffer.from(JSON.stringify({ ...claims, scope: 'admin' })).toString('base64url')}.${signature}`;
    const unsigned = new UnsecuredJWT(claims).encode();
    const noneWithTyp = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'at+jwt' })).toString('base64url')}.${payload}.`;
    const sign = (extra: Record<string, unknown>, typ = 'at+jwt', key = keys) =>
      new SignJWT({ ...claims, ...extra })
        .setProtectedHeader({ alg: 'ES256', typ, kid: key.signing.kid })
        .sign(key.signing.key);
    for (const bad of [
      tampered,
      unsigned,
      noneWithTyp,
      await sign({ aud: 'https://other.example' }),
      await sign({ iss: 'https://other.example' }),
      await sign({}, 'JWT'),
      await sign({}, 'at+jwt', strangers),
      'not-a-token',
      '',
    ]) {
      expectInvalidToken(await get(`Bearer ${bad}`));
    }
  });
});

describe('signing key configuration', () => {
  it('should refuse malformed key sets with a message naming the entry, never the key', () => {
    const { d: _d, ...publicOnly } = firstKey;
    expect(() => parseSigningKeys('nope', 'OAUTH_SIGNING_KEYS')).toThrow(OAuthKeyError);
    expect(() => parseSigningKeys('[]', 'X')).toThrow(/non-empty JSON array/);
    expect(() => parseSigningKeys(JSON.stringify([publicOnly]), 'X')).toThrow(
      /X\[0\] must be a private key/,
    );
    expect(() => parseSigningKeys(JSON.stringify([firstKey, firstKey]), 'X')).toThrow(
      /X\[1\] repeats kid/,
    );
    expect(() => parseSigningKeys(JSON.stringify([{ ...firstKey, kid: undefined }]), 'X')).toThrow(
      /kid/,
    );
    try {
      parseSigningKeys(JSON.stringify([{ ...firstKey, crv: 'P-384' }]), 'X');
    } catch (error) {
      expect(String(error)).not.toContain(firstKey.d);
    }
  });

  it("should say how to save a key set that begins with npm's lines about the command", async () => {
    // What `npm run oauth:keys > keys.json` saves.
    const saved = `\n> agent-facts@0.1.0 oauth:keys\n> node scripts/oauth-keys.ts\n\n${JSON.stringify([firstKey])}\n`;
    expect(() => parseSigningKeys(saved, 'OAUTH_SIGNING_KEYS')).toThrow(
      /OAUTH_SIGNING_KEYS is not JSON; .* npm run --silent oauth:keys, which prints the JSON alone/,
    );
    expect(() => parseSigningKeys('nope', 'X')).toThrow(
      /^X is not JSON; it must be a JSON array of private JWKs\.$/,
    );
  });

  it('should fail loudly on Vercel without OAUTH_SIGNING_KEYS', async () => {
    await expect(readSigningKeys({ VERCEL: '1' })).rejects.toThrow(
      /OAUTH_SIGNING_KEYS is not set.*npm run --silent oauth:keys/,
    );
  });

  it('should prefer OAUTH_SIGNING_KEYS, and otherwise keep a local key file across restarts', async () => {
    const configured = await readSigningKeys({
      VERCEL: '1',
      OAUTH_SIGNING_KEYS: JSON.stringify([secondKey, firstKey]),
    });
    expect(configured.map((key) => key.kid)).toEqual(['k2', 'k1']);
    const file = join(await mkdtemp(join(tmpdir(), 'oauth-keys-')), 'nested', 'keys.json');
    const first = await readSigningKeys({ OAUTH_KEYS_FILE: file });
    const second = await readSigningKeys({ OAUTH_KEYS_FILE: file });
    expect(second).toEqual(first);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual(first);
  });

  it('should take an empty OAUTH_KEYS_FILE as unset, not as the working folder', () => {
    const fallback = resolve('.local/oauth-signing-keys.json');
    expect(resolveKeysFile({})).toBe(fallback);
    expect(resolveKeysFile({ OAUTH_KEYS_FILE: '' })).toBe(fallback);
    expect(resolveKeysFile({ OAUTH_KEYS_FILE: 'keys/k.json' })).toBe(resolve('keys/k.json'));
  });
});
