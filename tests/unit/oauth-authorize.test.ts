import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CONSENT_PAGE_CSP } from '../../src/oauth/consent-page.ts';
import {
  api,
  call,
  challenge,
  clock,
  json,
  readLocation,
  registerClient,
  SITE,
  token,
  verifier,
} from '../support/oauth-endpoints.ts';

const webUri = 'https://app.example/callback';
const sameOrigin = { 'Sec-Fetch-Site': 'same-origin' };

async function startWebFlow(extra: Record<string, string> = {}, clientName = 'Web app') {
  const clientId = await registerClient({ client_name: clientName, redirect_uris: [webUri] });
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: webUri,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 'xyz',
    ...extra,
  });
  return { clientId, path: `/oauth/authorize?${query.toString()}` };
}

/** The href of the page's one link (the confirmation), decoded from the HTML. */
function readConfirmPath(body: string): string {
  const href = /<a class="continue" href="([^"]+)">/.exec(body)?.[1] ?? '';
  return href.replaceAll('&amp;', '&');
}

/**
 * What a page of the OAuth endpoints may run: no script, form, style attribute or handler, and
 * one <style> whose hash is the one the policy allows.
 */
function expectOwnStyleOnly(body: string, csp: string | undefined): void {
  expect(body).not.toMatch(/<script|<form| style=| on\w+=/i);
  const styles = [...body.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => match[1] ?? '');
  expect(styles).toHaveLength(1);
  const hash = createHash('sha256')
    .update(styles[0] ?? '')
    .digest('base64');
  expect(csp).toContain(`style-src 'sha256-${hash}'`);
}

describe('createAuthorizeHandler for a redirect URI on the web', () => {
  it('should show a page naming the destination host instead of redirecting (RFC 9700 §4.11.2)', async () => {
    const { path } = await startWebFlow();
    const answer = await call(api.authorize, path);
    expect(answer.status).toBe(200);
    expect(answer.headers.Location).toBeUndefined();
    expect(answer.headers['Content-Type']).toBe('text/html; charset=utf-8');
    expect(answer.headers['Cache-Control']).toBe('no-store');
    expect(answer.headers['Content-Security-Policy']).toBe(CONSENT_PAGE_CSP);
    expect(answer.headers['X-Frame-Options']).toBe('DENY');
    const body = String(answer.body);
    expect(body).toContain('<h1>Continue to app.example?</h1>');
    expectOwnStyleOnly(body, answer.headers['Content-Security-Policy']);
    expect(readConfirmPath(body)).toMatch(/^\/oauth\/authorize\?.*&approval=[\w.-]+$/);
  });

  it('should show a browser a page in words for a request it cannot send back, and an agent the problem', async () => {
    const path = `/oauth/authorize?${new URLSearchParams({
      response_type: 'code',
      client_id: 'not-a-client',
      redirect_uri: webUri,
      code_challenge: challenge,
      code_challenge_method: 'S256',
    }).toString()}`;
    for (const headers of [
      { 'Sec-Fetch-Dest': 'document', Accept: 'text/html,*/*;q=0.8' },
      { Accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
    ]) {
      const page = await call(api.authorize, path, { headers });
      expect(page.status).toBe(400);
      expect(page.headers['Content-Type']).toBe('text/html; charset=utf-8');
      expect(page.headers['Cache-Control']).toBe('no-store');
      const body = String(page.body);
      expect(body).toContain('<h1>This sign-in link cannot be used</h1>');
      expect(body).toContain(
        `<a href="${SITE}/errors/invalid_client"><code>invalid_client</code></a>`,
      );
      expect(body).not.toContain('"type"');
      expectOwnStyleOnly(body, page.headers['Content-Security-Policy']);
    }
    for (const headers of [{}, { Accept: 'application/json' }, { 'Sec-Fetch-Dest': 'empty' }]) {
      const problem = await call(api.authorize, path, { headers });
      expect(problem.status).toBe(400);
      expect(problem.headers['Content-Type']).toBe('application/problem+json');
      expect(json(problem).code).toBe('invalid_client');
    }
  });

  it('should show the client name without control or bidirectional characters, isolated', async () => {
    const name = 'Good\u202Eevil\u2066 app\u200F\u061C\u0007\u0085\u202A';
    const { path } = await startWebFlow({}, name);
    const answer = await call(api.authorize, path);
    const body = String(answer.body);
    expect(body).toContain('<strong><bdi>Goodevil app</bdi></strong>');
    expect(body.replace(/\n/g, '')).not.toMatch(
      /[\p{Cc}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u,
    );
    expect(answer.headers['Access-Control-Allow-Origin']).toBeUndefined();
  });

  it('should redirect with a code after a same-origin click on the page, and the code works', async () => {
    const { clientId, path } = await startWebFlow({ resource: `${SITE}/mcp` });
    const confirm = readConfirmPath(String((await call(api.authorize, path)).body));
    const location = readLocation(await call(api.authorize, confirm, { headers: sameOrigin }));
    expect(location.origin + location.pathname).toBe(webUri);
    expect(location.searchParams.get('state')).toBe('xyz');
    expect(location.searchParams.get('iss')).toBe(SITE);
    const answer = await token({
      grant_type: 'authorization_code',
      client_id: clientId,
      code: location.searchParams.get('code') ?? '',
      redirect_uri: webUri,
      code_verifier: verifier,
    });
    expect(answer.status).toBe(200);
    expect(json(answer).access_token).toBeTruthy();
    // Browsers without fetch metadata: a Referer on our origin counts as the click.
    const byReferer = await call(api.authorize, confirm, {
      headers: { Referer: `${SITE}${path}` },
    });
    expect(byReferer.status).toBe(302);
  });

  it('should show the page again, never redirect, for a confirmation from elsewhere, altered or expired', async () => {
    const { path } = await startWebFlow();
    const confirm = readConfirmPath(String((await call(api.authorize, path)).body));
    const attempts: [string, Record<string, string>][] = [
      [confirm, {}],
      [confirm, { 'Sec-Fetch-Site': 'cross-site' }],
      [confirm, { 'Sec-Fetch-Site': 'none' }],
      [confirm, { Referer: 'https://evil.example/' }],
      [confirm.replace('state=xyz', 'state=abc'), sameOrigin],
      [confirm.replace(/approval=[\w.-]+/, 'approval=forged'), sameOrigin],
    ];
    for (const [target, headers] of attempts) {
      const answer = await call(api.authorize, target, { headers });
      expect(answer.status, JSON.stringify(headers)).toBe(200);
      expect(answer.headers.Location).toBeUndefined();
    }
    clock.now += 601_000;
    try {
      const expired = await call(api.authorize, confirm, { headers: sameOrigin });
      expect(expired.status).toBe(200);
      expect(expired.headers.Location).toBeUndefined();
    } finally {
      clock.now -= 601_000;
    }
  });

  it.each([
    [{ response_type: 'token' }, 'unsupported_response_type'],
    [{ code_challenge_method: 'plain' }, 'invalid_request'],
    [{ scope: 'admin' }, 'invalid_scope'],
    [{ resource: 'https://other.example' }, 'invalid_target'],
  ])('should show, never redirect, the error of %j (%s)', async (extra, error) => {
    const { path } = await startWebFlow(extra);
    const answer = await call(api.authorize, path, { headers: sameOrigin });
    expect(answer.status).toBe(400);
    expect(answer.headers.Location).toBeUndefined();
    expect(answer.headers['Content-Type']).toBe('application/problem+json');
    expect(json(answer).code).toBe(error);
  });

  it('should escape the client name and show the host in ASCII', async () => {
    const clientId = await registerClient({
      client_name: '<img src=x onerror=alert(1)>',
      redirect_uris: ['https://exämple.com/cb'],
    });
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: clientId,
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
    const body = String((await call(api.authorize, `/oauth/authorize?${query.toString()}`)).body);
    expect(body).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(body).not.toContain('<img');
    expect(body).toContain('Continue to xn--exmple-cua.com');
  });
});

describe('createAuthorizeHandler for a redirect URI on the device', () => {
  it.each(['http://127.0.0.1:5173/cb', 'http://localhost/cb', 'com.example.app:/cb'])(
    'should redirect to %s at once (RFC 8252)',
    async (redirectUri) => {
      const clientId = await registerClient({ redirect_uris: [redirectUri] });
      const query = new URLSearchParams({
        response_type: 'code',
        client_id: clientId,
        code_challenge: challenge,
        code_challenge_method: 'S256',
      });
      const location = readLocation(
        await call(api.authorize, `/oauth/authorize?${query.toString()}`),
      );
      expect(location.href.startsWith(redirectUri)).toBe(true);
      expect(location.searchParams.get('code')).toBeTruthy();
    },
  );
});
