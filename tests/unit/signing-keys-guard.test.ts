import { describe, expect, it } from 'vitest';
import { fromWebRequest } from '../../src/http/plain-http.ts';
import { serveFunction } from '../../src/http/serve-function.ts';
import { readSigningKeys } from '../../src/oauth/keys.ts';
import { createRegisterHandler } from '../../src/oauth/register-endpoint.ts';
import { answerMissingSigningKeys } from '../../src/oauth/signing-keys-guard.ts';

const siteUrl = 'https://facts.example.com';
const register = () =>
  fromWebRequest(
    new Request(`${siteUrl}/oauth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        client_name: 'agent',
        grant_types: ['client_credentials'],
        token_endpoint_auth_method: 'none',
      }),
    }),
  );

describe('answerMissingSigningKeys', () => {
  it('should answer a 503 problem for the caller and log how to set the keys for the owner', async () => {
    const logged: Array<Readonly<Record<string, unknown>>> = [];
    const handler = serveFunction(
      createRegisterHandler({
        siteUrl,
        // As on a Vercel deployment whose variable was set for the build only.
        keys: async () => {
          await readSigningKeys({ VERCEL: '1' });
          throw new Error('unreachable: readSigningKeys refuses first');
        },
      }),
      {
        siteUrl,
        limiter: null,
        failure: answerMissingSigningKeys({ siteUrl, log: (entry) => logged.push(entry) }),
        log: (entry) => logged.push({ unexpected: entry }),
      },
    );
    const answer = await handler(register());
    expect(answer.status).toBe(503);
    expect(answer.headers['Content-Type']).toBe('application/problem+json');
    const problem = JSON.parse(String(answer.body)) as Record<string, string>;
    expect(problem).toMatchObject({
      type: `${siteUrl}/errors/signing_keys_missing`,
      code: 'signing_keys_missing',
      instance: '/oauth/register',
    });
    // The caller is told what still works, not how the owner configures the deployment.
    expect(problem.resolution).toContain('without an Authorization header');
    expect(String(answer.body)).not.toMatch(/OAUTH_SIGNING_KEYS|Vercel|oauth:keys/);
    expect(logged).toEqual([
      expect.objectContaining({
        level: 'error',
        path: '/oauth/register',
        error: expect.stringContaining('OAUTH_SIGNING_KEYS is not set'),
      }),
    ]);
  });

  it('should leave every other failure to the function guard', async () => {
    const logged: Array<Readonly<Record<string, unknown>>> = [];
    const failure = answerMissingSigningKeys({ siteUrl, log: (entry) => logged.push(entry) });
    expect(failure(new Error('a bug'), register())).toBeUndefined();
    const handler = serveFunction(
      async () => {
        throw new Error('a bug');
      },
      { siteUrl, limiter: null, failure, log: (entry) => logged.push(entry) },
    );
    const answer = await handler(register());
    expect(answer.status).toBe(500);
    expect(logged).toEqual([expect.objectContaining({ msg: 'function failed' })]);
  });
});
