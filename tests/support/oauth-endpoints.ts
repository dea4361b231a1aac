import { createHash } from 'node:crypto';
import { expect } from 'vitest';
import { fromWebRequest, type PlainAnswer, type PlainHandler } from '../../src/http/plain-http.ts';
import { createAuthorizeHandler } from '../../src/oauth/authorize-endpoint.ts';
import { createJwksHandler } from '../../src/oauth/jwks-endpoint.ts';
import { createRegisterHandler } from '../../src/oauth/register-endpoint.ts';
import { createTokenHandler } from '../../src/oauth/token-endpoint.ts';
import { buildOAuthKeys, generateSigningKey } from '../../src/oauth/keys.ts';

/** The OAuth endpoints in-process, with frozen time: what the unit tests drive. */
export const SITE = 'https://facts.example.com';
export const firstKey = await generateSigningKey('k1');
export const secondKey = await generateSigningKey('k2');
export const keys = await buildOAuthKeys([firstKey]);
export const rotated = await buildOAuthKeys([secondKey, firstKey]);
export const strangers = await buildOAuthKeys([await generateSigningKey('k1')]);

/** A frozen clock the tests move by hand. */
export const clock = { now: Date.parse('2026-11-21T12:00:00Z') };

export function endpoints(keySet = keys, siteUrl = SITE) {
  const options = { siteUrl, keys: async () => keySet, now: () => clock.now };
  return {
    register: createRegisterHandler(options),
    token: createTokenHandler(options),
    authorize: createAuthorizeHandler(options),
    jwks: createJwksHandler(options),
  };
}
export const api = endpoints();

export function call(
  handler: PlainHandler,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<PlainAnswer> {
  return handler(fromWebRequest(new Request(`${SITE}${path}`, init)));
}

export function json(answer: PlainAnswer): Record<string, unknown> {
  return JSON.parse(String(answer.body)) as Record<string, unknown>;
}

export function register(body: unknown, handler = api.register) {
  return call(handler, '/oauth/register', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}

export async function registerClient(
  body: unknown = { client_name: 'test agent' },
  handler = api.register,
) {
  const answer = await register(body, handler);
  expect(answer.status).toBe(201);
  return json(answer).client_id as string;
}

export function token(params: Record<string, string> | string, handler = api.token) {
  return call(handler, '/oauth/token', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: typeof params === 'string' ? params : new URLSearchParams(params).toString(),
  });
}

export function expectOAuthError(answer: PlainAnswer, status: number, error: string) {
  expect(answer.status).toBe(status);
  expect(answer.headers['Content-Type']).toBe('application/json');
  expect(answer.headers['Cache-Control']).toBe('no-store');
  const body = json(answer);
  expect(body).toMatchObject({
    error,
    error_description: expect.stringMatching(/^[\x20-\x21\x23-\x5b\x5d-\x7e]+$/) as string,
    type: `${SITE}/errors/${error}`,
    status,
    code: error,
  });
  return body;
}

export const verifier = 'v'.repeat(20) + '-._~' + 'A1'.repeat(12);
export const challenge = createHash('sha256').update(verifier).digest('base64url');

export async function authorize(params: Record<string, string>, handler = api.authorize) {
  return call(handler, `/oauth/authorize?${new URLSearchParams(params).toString()}`);
}

export function readLocation(answer: PlainAnswer): URL {
  expect(answer.status).toBe(302);
  return new URL(answer.headers.Location ?? '');
}
