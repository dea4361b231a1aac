import type { ChildProcess } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { LIMITS } from '../../src/service/limits.ts';
import { ProblemSchema } from '../../src/schemas/problem.ts';
import { findShapeFaults, sendBytes, sendRaw, type RawRequest } from '../support/http-answers.ts';
import { readAnswerHeads, sendOnOneConnection } from '../support/raw-connection.ts';
import { findFreePort, startServer, stopProcess } from '../support/processes.ts';

const baseUrl = inject('baseUrl');

const PAGES = ['/', '/developers', '/docs', '/errors', '/errors/not_found'];
const STATIC_DOCUMENTS = [
  '/api/v1/overview',
  '/api/v1/openapi.json',
  '/openapi.json',
  '/llms.txt',
  '/llms-full.txt',
  '/auth.md',
  '/.well-known/api-catalog',
  '/.well-known/oauth-authorization-server',
  '/.well-known/oauth-protected-resource',
  '/.well-known/oauth-protected-resource/mcp',
  '/oauth/claim',
];
const FUNCTIONS: ReadonlyArray<readonly [string, string]> = [
  ['/mcp', 'GET, HEAD, POST, OPTIONS'],
  ['/oauth/register', 'POST, OPTIONS'],
  ['/oauth/token', 'POST, OPTIONS'],
  ['/oauth/jwks', 'GET, HEAD, OPTIONS'],
  ['/oauth/authorize', 'GET, HEAD, OPTIONS'],
];

async function expectProblem(raw: RawRequest, status: number, code: string) {
  const answer = await sendRaw(baseUrl, raw);
  expect(answer.status, `${raw.method} ${raw.path.slice(0, 60)}`).toBe(status);
  expect(findShapeFaults(raw, answer, baseUrl)).toEqual([]);
  expect(ProblemSchema.parse(JSON.parse(answer.body.toString())).code).toBe(code);
  return answer;
}

describe('security headers', () => {
  it.each(PAGES)('should send a strict policy and the security headers on %s', async (path) => {
    const response = await fetch(`${baseUrl}${path}`);
    expect(response.status).toBe(200);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    // No JavaScript eval and no WebAssembly: the site search is plain JavaScript.
    expect(csp).not.toContain('unsafe-eval');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('permissions-policy')).toContain('camera=()');
    // HSTS only over https (RFC 6797 §7.2); this server is reached over http.
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });

  it('should leave nothing on the pages that the policy would block', async () => {
    for (const path of PAGES) {
      const html = await (await fetch(`${baseUrl}${path}`)).text();
      expect(html, path).not.toMatch(/<style[\s>]/);
      expect(html, path).not.toMatch(/\sstyle="/);
      expect(html, path).not.toMatch(/\son[a-z]+="/);
      for (const tag of html.match(/<script\b[^>]*>/g) ?? []) {
        expect(tag, path).toMatch(/type="application\/ld\+json"|\ssrc="\//);
      }
    }
  });

  it('should allow any origin on the agent surfaces, and not on the pages', async () => {
    for (const path of [...STATIC_DOCUMENTS, '/oauth/jwks']) {
      const response = await fetch(`${baseUrl}${path}`, {
        headers: { Origin: 'https://a.example' },
      });
      expect(response.headers.get('access-control-allow-origin'), path).toBe('*');
    }
    const page = await fetch(`${baseUrl}/developers`, { headers: { Origin: 'https://a.example' } });
    expect(page.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('headers on every answer', () => {
  const SECURITY_HEADERS = [
    'content-security-policy',
    'x-content-type-options',
    'x-frame-options',
    'referrer-policy',
  ];
  const expectSecurityHeaders = (headers: Readonly<Record<string, unknown>>, what: string) => {
    for (const name of SECURITY_HEADERS) expect(headers[name], `${name} on ${what}`).toBeTruthy();
  };

  it('should send the security headers with the HTML 404 page', async () => {
    const answer = await sendRaw(baseUrl, { method: 'GET', path: '/no/such/page' });
    expect(answer.status).toBe(404);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.headers['cache-control']).toBe('no-store');
    expectSecurityHeaders(answer.headers, 'the 404 page');
  });

  it("should send the route's headers with the server's own refusals", async () => {
    const refusals: Array<readonly [number, RawRequest]> = [
      [403, { method: 'GET', path: '/llms.txt', headers: { Host: 'rebinding.example' } }],
      [414, { method: 'GET', path: `/llms.txt?q=${'a'.repeat(LIMITS.urlLength)}` }],
      [417, { method: 'GET', path: '/llms.txt', headers: { Expect: 'teapot' } }],
    ];
    for (const [status, raw] of refusals) {
      const answer = await sendRaw(baseUrl, raw);
      expect(answer.status).toBe(status);
      expect(findShapeFaults(raw, answer, baseUrl)).toEqual([]);
      expectSecurityHeaders(answer.headers, String(status));
      expect(answer.headers['access-control-allow-origin'], String(status)).toBe('*');
    }
    for (const [status, bytes] of [
      [400, 'GET /llms.txt HTTP/1.1\r\nHost: 127.0.0.1\r\nno colon\r\n\r\n'],
      [400, 'GET /llms.txt HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: 127.0.0.1\r\n\r\n'],
      [
        431,
        `GET /llms.txt HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'b'.repeat(LIMITS.headerBytes)}\r\n\r\n`,
      ],
      [505, 'GET /llms.txt HTTP/2.0\r\nHost: 127.0.0.1\r\n\r\n'],
      [
        501,
        'POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: gzip, chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n',
      ],
    ] as const) {
      const [answer] = readAnswerHeads(await sendBytes(baseUrl, bytes));
      expect(answer?.status).toBe(status);
      expectSecurityHeaders(answer?.headers ?? {}, String(status));
    }
  });
});

describe("a page's spellings", () => {
  it("should send the page's headers, Content-Usage included, under each spelling of its file", async () => {
    for (const [page, spellings] of [
      ['/', ['/index.html']],
      ['/docs', ['/docs/', '/docs/index.html']],
    ] as const) {
      const canonical = await sendRaw(baseUrl, { method: 'GET', path: page });
      expect(canonical.headers['content-usage'], page).toBeTruthy();
      for (const path of spellings) {
        const answer = await sendRaw(baseUrl, { method: 'GET', path });
        expect(answer.status, path).toBe(200);
        expect(answer.body.equals(canonical.body), path).toBe(true);
        for (const name of ['content-usage', 'cache-control', 'content-type'])
          expect(answer.headers[name], `${name} of ${path}`).toBe(canonical.headers[name]);
      }
    }
  });
});

describe('caching', () => {
  it.each([...PAGES, ...STATIC_DOCUMENTS])(
    'should send %s with Cache-Control and an ETag, and answer 304 to If-None-Match',
    async (path) => {
      const first = await fetch(`${baseUrl}${path}`);
      expect(first.status).toBe(200);
      const etag = first.headers.get('etag');
      expect(etag).toBeTruthy();
      expect(first.headers.get('cache-control')).toBe(
        /^\/(\.well-known|oauth)\//.test(path)
          ? 'public, max-age=300'
          : 'public, max-age=0, must-revalidate',
      );
      const again = await fetch(`${baseUrl}${path}`, { headers: { 'If-None-Match': etag ?? '' } });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe('');
    },
  );

  it('should send an ETag and answer 304 on every GET the OpenAPI description declares conditional', async () => {
    type Item = { servers?: { url: string }[]; get?: { responses: Record<string, unknown> } };
    const openapi = (await (await fetch(`${baseUrl}/openapi.json`)).json()) as {
      servers: { url: string }[];
      paths: Record<string, Item>;
    };
    const conditional = Object.entries(openapi.paths).flatMap(([path, item]) =>
      item.get?.responses['304'] === undefined
        ? []
        : (item.servers ?? openapi.servers.slice(0, 1)).map(
            (server) => `${new URL(server.url).pathname.replace(/\/$/, '')}${path}`,
          ),
    );
    expect(conditional).toEqual(expect.arrayContaining(STATIC_DOCUMENTS));
    for (const path of conditional) {
      const first = await fetch(`${baseUrl}${path}`);
      const etag = first.headers.get('etag');
      expect(etag, path).toBeTruthy();
      const again = await fetch(`${baseUrl}${path}`, { headers: { 'If-None-Match': etag ?? '' } });
      expect(again.status, path).toBe(304);
      expect(again.headers.get('etag'), path).toBe(etag);
    }
  });

  it.each([...PAGES, ...STATIC_DOCUMENTS])(
    'should answer %s 304 to every matching condition, with the validators, Cache-Control and Vary of its 200',
    async (path) => {
      // Plain (from memory or disk) and compressed: each path decides and sends its own 304.
      for (const coding of [undefined, 'gzip', 'br']) {
        const base = coding ? { 'Accept-Encoding': coding } : {};
        const full = await sendRaw(baseUrl, { method: 'GET', path, headers: base });
        expect(full.status).toBe(200);
        const etag = String(full.headers.etag);
        const lastModified = String(full.headers['last-modified']);
        const earlier = new Date(Date.parse(lastModified) - 1000).toUTCString();
        const matching = [
          { 'If-None-Match': etag },
          { 'If-None-Match': `"other", ${etag}` },
          { 'If-None-Match': etag.replace(/^W\//, '') },
          { 'If-None-Match': '*' },
          { 'If-Modified-Since': lastModified },
        ];
        for (const method of ['GET', 'HEAD']) {
          for (const condition of matching) {
            const label = `${method} ${path} ${coding ?? 'identity'} ${JSON.stringify(condition)}`;
            const answer = await sendRaw(baseUrl, {
              method,
              path,
              headers: { ...base, ...condition },
            });
            expect(answer.status, label).toBe(304);
            expect(answer.body.length, label).toBe(0);
            for (const name of ['etag', 'last-modified', 'cache-control', 'vary']) {
              expect(answer.headers[name], `${label} ${name}`).toBe(full.headers[name]);
            }
          }
        }
        for (const condition of [
          { 'If-None-Match': '"other"' },
          { 'If-None-Match': `${etag} garbage` },
          { 'If-None-Match': '"other"', 'If-Modified-Since': lastModified },
          { 'If-Modified-Since': earlier },
          { 'If-Modified-Since': 'not a date' },
        ]) {
          const label = `${path} ${coding ?? 'identity'} ${JSON.stringify(condition)}`;
          const answer = await sendRaw(baseUrl, {
            method: 'GET',
            path,
            headers: { ...base, ...condition },
          });
          expect(answer.status, label).toBe(200);
          expect(answer.body.equals(full.body), label).toBe(true);
        }
      }
    },
  );

  it('should send text compressed when the client accepts it, with its own validator', async () => {
    for (const path of ['/docs', '/llms-full.txt', '/openapi.json']) {
      const plain = await sendRaw(baseUrl, { method: 'GET', path });
      expect(plain.headers['content-encoding'], path).toBeUndefined();
      for (const [coding, decode] of [
        ['br', brotliDecompressSync],
        ['gzip', gunzipSync],
      ] as const) {
        const raw = { method: 'GET', path, headers: { 'Accept-Encoding': `${coding}, x;q=0.5` } };
        const encoded = await sendRaw(baseUrl, raw);
        expect(encoded.headers['content-encoding'], path).toBe(coding);
        expect(encoded.headers.vary, path).toContain('Accept-Encoding');
        expect(encoded.headers['content-type'], path).toBe(plain.headers['content-type']);
        expect(encoded.body.length, path).toBeLessThan(plain.body.length / 2);
        expect(decode(encoded.body).equals(plain.body), path).toBe(true);
        expect(encoded.headers.etag, path).not.toBe(plain.headers.etag);
        const again = await sendRaw(baseUrl, {
          ...raw,
          headers: { ...raw.headers, 'If-None-Match': String(encoded.headers.etag) },
        });
        expect(again.status, path).toBe(304);
      }
    }
    const refused = await sendRaw(baseUrl, {
      method: 'GET',
      path: '/docs',
      headers: { 'Accept-Encoding': 'br;q=0, gzip;q=0' },
    });
    expect(refused.headers['content-encoding']).toBeUndefined();
  });

  it('should let browsers keep hashed assets for a year', async () => {
    const html = await (await fetch(`${baseUrl}/`)).text();
    const asset = /href="(\/_astro\/[^"]+\.css)"/.exec(html)?.[1];
    expect(asset).toBeTruthy();
    const response = await fetch(`${baseUrl}${asset}`);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('should let the key set be cached briefly, and never tokens or errors', async () => {
    expect((await fetch(`${baseUrl}/oauth/jwks`)).headers.get('cache-control')).toBe(
      'public, max-age=300',
    );
    const registration = await fetch(`${baseUrl}/oauth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ client_name: 'cache test' }),
    });
    const { client_id: clientId } = (await registration.json()) as { client_id: string };
    const token = await fetch(`${baseUrl}/oauth/token`, {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId }),
    });
    expect(token.status).toBe(200);
    expect(token.headers.get('cache-control')).toBe('no-store');
    for (const path of ['/api/v2/nothing', '/.well-known/nothing', '/oauth/nothing']) {
      expect((await fetch(`${baseUrl}${path}`)).headers.get('cache-control'), path).toBe(
        'no-store',
      );
    }
  });

  it("should let the MCP endpoint's description be kept if revalidated, and never its JSON-RPC answers", async () => {
    for (const method of ['GET', 'HEAD']) {
      const answer = await sendRaw(baseUrl, { method, path: '/mcp' });
      expect(answer.status, method).toBe(200);
      expect(answer.headers['cache-control'], method).toBe('no-cache');
    }
    const call = await sendRaw(baseUrl, {
      method: 'POST',
      path: '/mcp',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    });
    expect(call.status).toBe(200);
    expect(call.headers['cache-control']).toBe('no-store');
  });
});

describe('methods', () => {
  it.each([...PAGES, ...STATIC_DOCUMENTS])(
    'should answer HEAD like GET without a body, OPTIONS with Allow, and other methods with a 405 problem on %s',
    async (path) => {
      const get = await sendRaw(baseUrl, { method: 'GET', path });
      const head = await sendRaw(baseUrl, { method: 'HEAD', path });
      expect(head.status).toBe(200);
      expect(head.body.length).toBe(0);
      expect(head.headers['content-type']).toBe(get.headers['content-type']);
      expect(head.headers['etag']).toBe(get.headers['etag']);
      const options = await sendRaw(baseUrl, { method: 'OPTIONS', path });
      expect(options.status).toBe(204);
      expect(options.headers.allow).toBe('GET, HEAD, OPTIONS');
      for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
        const answer = await expectProblem({ method, path }, 405, 'method_not_allowed');
        expect(answer.headers.allow).toBe('GET, HEAD, OPTIONS');
      }
    },
  );

  it.each(['/mcp', '/oauth/jwks'])(
    'should answer HEAD at %s with the fields of its GET, Content-Length included, and no body',
    async (path) => {
      const get = await sendRaw(baseUrl, { method: 'GET', path });
      const head = await sendRaw(baseUrl, { method: 'HEAD', path });
      expect(head.status).toBe(get.status);
      expect(head.body.length).toBe(0);
      for (const name of ['content-type', 'content-length', 'cache-control'])
        expect(head.headers[name], name).toBe(get.headers[name]);
    },
  );

  it.each(FUNCTIONS)(
    'should answer a wrong method at %s with a 405 problem whose Allow is %s',
    async (path, allow) => {
      for (const method of ['PUT', 'DELETE', 'PATCH', ...(allow.includes('GET') ? [] : ['GET'])]) {
        const answer = await expectProblem({ method, path }, 405, 'method_not_allowed');
        expect(answer.headers.allow).toBe(allow);
      }
      const options = await sendRaw(baseUrl, { method: 'OPTIONS', path });
      expect(options.status).toBe(204);
      expect(options.headers.allow).toBe(allow);
      expect(options.headers['access-control-allow-methods']).toBe(allow);
    },
  );

  it('should preflight the static agent surfaces for browsers', async () => {
    const answer = await sendRaw(baseUrl, {
      method: 'OPTIONS',
      path: '/llms.txt',
      headers: { Origin: 'https://a.example', 'Access-Control-Request-Method': 'GET' },
    });
    expect(answer.status).toBe(204);
    expect(answer.headers['access-control-allow-origin']).toBe('*');
    expect(answer.headers['access-control-allow-methods']).toBe('GET, HEAD, OPTIONS');
  });
});

describe('limits', () => {
  it('should refuse a request target over the limit with a 414 problem', async () => {
    await expectProblem(
      { method: 'GET', path: `/api/v1/overview?q=${'a'.repeat(LIMITS.urlLength)}` },
      414,
      'uri_too_long',
    );
  });

  it('should refuse a request head over the limit with a 431 problem and close', async () => {
    const text = await sendBytes(
      baseUrl,
      `GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'b'.repeat(LIMITS.headerBytes)}\r\n\r\n`,
    );
    expect(text).toMatch(/^HTTP\/1\.1 431 Request Header Fields Too Large\r\n/);
    expect(text).toContain('Content-Type: application/problem+json');
    expect(text).toContain('Connection: close');
    const body = text.slice(text.indexOf('\r\n\r\n') + 4);
    expect(ProblemSchema.parse(JSON.parse(body)).code).toBe('header_fields_too_large');
  });

  it.each([
    ['a malformed header line', 'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nno colon here\r\n\r\n'],
    ['an unknown method', 'BREW / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'],
    ['a broken request line', 'GET\r\n\r\n'],
    ['a NUL byte in the target', 'GET /\0 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'],
    [
      'two Content-Lengths',
      'POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nxx',
    ],
  ])('should answer %s with a 400 problem and close', async (_name, bytes) => {
    const text = await sendBytes(baseUrl, bytes);
    expect(text).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    const body = text.slice(text.indexOf('\r\n\r\n') + 4);
    expect(ProblemSchema.parse(JSON.parse(body)).code).toBe('bad_request');
  });

  it.each([
    ['/mcp', 'GET, HEAD, POST, OPTIONS'],
    ['127.0.0.1:443', 'GET, HEAD, OPTIONS'],
  ])(
    'should answer CONNECT %s with a 405 problem whose Allow is %s, and close',
    async (target, allow) => {
      const text = await sendBytes(
        baseUrl,
        `CONNECT ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`,
      );
      expect(text).toMatch(/^HTTP\/1\.1 405 Method Not Allowed\r\n/);
      expect(text).toMatch(new RegExp(`\r\nAllow: ${allow}\r\n`, 'i'));
      expect(text).toMatch(/\r\nConnection: close\r\n/i);
      const body = text.slice(text.indexOf('\r\n\r\n') + 4);
      expect(ProblemSchema.parse(JSON.parse(body)).code).toBe('method_not_allowed');
    },
  );

  it.each([
    ['two Host header fields', 'Host: 127.0.0.1\r\nHost: 127.0.0.1\r\n'],
    ['two different Host header fields', 'Host: 127.0.0.1\r\nhost: evil.example\r\n'],
    ['no Host header field', ''],
  ])('should refuse %s with a 400 problem and close (RFC 9112 §3.2)', async (_name, host) => {
    const text = await sendBytes(baseUrl, `GET /llms.txt HTTP/1.1\r\n${host}\r\n`);
    expect(text).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(text).toMatch(/\r\nConnection: close\r\n/i);
    const body = text.slice(text.indexOf('\r\n\r\n') + 4);
    expect(ProblemSchema.parse(JSON.parse(body))).toMatchObject({
      code: 'bad_request',
      instance: '/llms.txt',
    });
  });

  it('should answer an expectation it cannot meet with a 417 problem (RFC 9110 §10.1.1)', async () => {
    for (const path of ['/llms.txt', '/mcp', '/nothing']) {
      await expectProblem(
        { method: 'GET', path, headers: { Expect: 'something-else' } },
        417,
        'expectation_failed',
      );
    }
  });

  it.each(['/mcp/nothing', '/mcp/', '/mcp/tools/list', '/api/nothing', '/a2a/nothing', '/a2a/'])(
    'should answer the unknown path %s with a not_found problem, and its CORS preflight with 204',
    async (path) => {
      const answer = await expectProblem({ method: 'GET', path }, 404, 'not_found');
      expect(ProblemSchema.parse(JSON.parse(answer.body.toString())).instance).toBe(path);
      const preflight = await sendRaw(baseUrl, {
        method: 'OPTIONS',
        path,
        headers: { Origin: 'https://a.example', 'Access-Control-Request-Method': 'POST' },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers['access-control-allow-origin']).toBe('*');
      expect(preflight.headers['access-control-allow-methods']).toContain('POST');
    },
  );

  it('should answer a request sent right after an early refusal on the same connection', async () => {
    const next = 'GET /llms.txt HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n';
    const body = 'hello';
    const early: ReadonlyArray<readonly [number, string]> = [
      [403, `POST /mcp HTTP/1.1\r\nHost: evil.example\r\nContent-Length: 5\r\n\r\n${body}`],
      [405, `POST /llms.txt HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5\r\n\r\n${body}`],
      [404, `POST /api/nothing HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5\r\n\r\n${body}`],
      [405, `PUT /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5\r\n\r\n${body}`],
      [
        415,
        `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/plain\r\nContent-Length: 5\r\n\r\n${body}`,
      ],
      [417, `GET /llms.txt HTTP/1.1\r\nHost: 127.0.0.1\r\nExpect: x\r\n\r\n`],
    ];
    // Sent in one write, and again with the next request after the refusal has arrived.
    for (let round = 0; round < 10; round++) {
      for (const [status, refused] of early) {
        for (const parts of [[refused + next], [refused, next]]) {
          const answers = await sendOnOneConnection(baseUrl, parts, 2);
          expect(
            answers.map((answer) => answer.status),
            refused.slice(0, 40),
          ).toEqual([status, 200]);
        }
      }
    }
  });

  it('should refuse MCP and registration bodies over their limits with a 413 problem', async () => {
    const headers = { 'Content-Type': 'application/json' };
    await expectProblem(
      { method: 'POST', path: '/mcp', headers, body: 'x'.repeat(LIMITS.mcpBodyBytes + 1) },
      413,
      'payload_too_large',
    );
    await expectProblem(
      {
        method: 'POST',
        path: '/oauth/register',
        headers,
        body: 'x'.repeat(LIMITS.oauthBodyBytes + 1),
      },
      413,
      'payload_too_large',
    );
  });

  it('should refuse JSON nested past the limit: a JSON-RPC error at /mcp, invalid_client_metadata at registration', async () => {
    const deep = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
    const mcp = await sendRaw(baseUrl, {
      method: 'POST',
      path: '/mcp',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: `{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"x":${deep(LIMITS.jsonDepth)}}}`,
    });
    expect(mcp.status).toBe(400);
    expect(JSON.parse(mcp.body.toString())).toMatchObject({
      id: null,
      error: { code: -32600, message: expect.stringContaining(`${LIMITS.jsonDepth} levels`) },
    });
    const registration = await sendRaw(baseUrl, {
      method: 'POST',
      path: '/oauth/register',
      headers: { 'Content-Type': 'application/json' },
      body: `{"client_name":"x","extra":${deep(1000)}}`,
    });
    expect(registration.status).toBe(400);
    expect(JSON.parse(registration.body.toString())).toMatchObject({
      error: 'invalid_client_metadata',
    });
  });

  it('should refuse a JSON-RPC batch over the limit, and answer one at the limit', async () => {
    const send = (count: number) =>
      sendRaw(baseUrl, {
        method: 'POST',
        path: '/mcp',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json, text/event-stream',
          'Mcp-Protocol-Version': '2025-03-26',
        },
        body: JSON.stringify(
          Array.from({ length: count }, (_, id) => ({ jsonrpc: '2.0', id, method: 'ping' })),
        ),
      });
    const atLimit = await send(LIMITS.batchMessages);
    expect(atLimit.status).toBe(200);
    expect(JSON.parse(atLimit.body.toString())).toHaveLength(LIMITS.batchMessages);
    const over = await send(LIMITS.batchMessages + 1);
    expect(over.status).toBe(400);
    expect(JSON.parse(over.body.toString())).toMatchObject({
      error: { code: -32600, message: expect.stringContaining(`at most ${LIMITS.batchMessages}`) },
    });
  });

  it('should never serve a file outside the output folder, whatever the path', async () => {
    for (const path of [
      '/../package.json',
      '/..%2fpackage.json',
      '/%2e%2e/%2e%2e/vercel.json',
      '/_astro/..%2f..%2f..%2fpackage.json',
      '/%00',
      '/index.html%00.txt',
      '/.env',
      '/.local/oauth-signing-keys.json',
      '/api/oauth-token.js',
      '/src/site/built-site.ts',
      '//etc/passwd',
    ]) {
      const answer = await sendRaw(baseUrl, { method: 'GET', path });
      expect(answer.status, path).toBe(404);
      expect(findShapeFaults({ method: 'GET', path }, answer, baseUrl), path).toEqual([]);
      expect(answer.body.toString(), path).not.toMatch(/"private": ?true|"d":|oauth-keys|import /);
    }
  });
});

describe('rate limiting', () => {
  const ALLOWED_ORIGIN = 'https://allowed.example';
  let server: ChildProcess;
  let limitedUrl: string;

  beforeAll(async () => {
    const port = await findFreePort();
    limitedUrl = `http://127.0.0.1:${port}`;
    ({ child: server } = await startServer(inject('siteBuild').dir, {
      // The served build, on a second port, with a small limit counted by a proxy's header.
      SITE_URL: baseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      OAUTH_SIGNING_KEYS: '',
      OAUTH_KEYS_FILE: join(await mkdtemp(join(tmpdir(), 'limited-oauth-')), 'keys.json'),
      RATE_LIMIT_MAX: '3',
      RATE_LIMIT_WINDOW_SECONDS: '60',
      CLIENT_ADDRESS_HEADER: 'X-Forwarded-For',
      MCP_ALLOWED_ORIGINS: ALLOWED_ORIGIN,
    }));
  });

  afterAll(async () => {
    if (server) await stopProcess(server);
  });

  const from = (client: string, path = '/mcp') =>
    sendRaw(limitedUrl, { method: 'GET', path, headers: { 'X-Forwarded-For': client } });

  it('should count each client, answer 429 past the limit, and leave static documents alone', async () => {
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await from('192.0.2.1'));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 429]);
    expect(answers.map((answer) => answer.headers['ratelimit'])).toEqual(
      [2, 1, 0, 0].map((r) => expect.stringMatching(new RegExp(`^"per-client";r=${r};t=\\d+$`))),
    );
    for (const answer of answers)
      expect(answer.headers['ratelimit-policy']).toBe('"per-client";q=3;w=60');
    const refused = answers[3];
    if (!refused) throw new Error('no fourth answer');
    const raw = { method: 'GET', path: '/mcp' };
    expect(findShapeFaults(raw, refused, baseUrl)).toEqual([]);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.headers['ratelimit']).toBe(`"per-client";r=0;t=${retryAfter}`);
    expect(ProblemSchema.parse(JSON.parse(refused.body.toString()))).toMatchObject({
      code: 'rate_limited',
      detail: 'This client sent more than 3 requests in 60 seconds.',
    });
    // Another client, the OAuth functions of the same client, and static files.
    expect((await from('192.0.2.2')).status).toBe(200);
    expect((await from('192.0.2.1', '/oauth/jwks')).status).toBe(429);
    expect((await from('192.0.2.1', '/llms.txt')).status).toBe(200);
    // Preflights are not counted.
    const preflight = await sendRaw(limitedUrl, {
      method: 'OPTIONS',
      path: '/mcp',
      headers: { 'X-Forwarded-For': '192.0.2.1' },
    });
    expect(preflight.status).toBe(204);
  });

  it("should give the MCP endpoint's 429 the CORS fields of MCP_ALLOWED_ORIGINS", async () => {
    const fromOrigin = (origin: string) =>
      sendRaw(limitedUrl, {
        method: 'GET',
        path: '/mcp',
        headers: { 'X-Forwarded-For': '192.0.2.7', Origin: origin },
      });
    for (let i = 0; i < 3; i++) {
      const answer = await fromOrigin(ALLOWED_ORIGIN);
      expect(answer.status).toBe(200);
      expect(answer.headers['access-control-allow-origin']).toBe(ALLOWED_ORIGIN);
    }
    const foreign = await fromOrigin('https://other.example');
    expect(foreign.status).toBe(429);
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    const allowed = await fromOrigin(ALLOWED_ORIGIN);
    expect(allowed.status).toBe(429);
    expect(allowed.headers['access-control-allow-origin']).toBe(ALLOWED_ORIGIN);
    expect(allowed.headers.vary).toContain('Origin');
  });

  it("should give the MCP endpoint's 401 for a bad token the CORS fields of MCP_ALLOWED_ORIGINS", async () => {
    const withToken = (origin: string, client: string) =>
      sendRaw(limitedUrl, {
        method: 'GET',
        path: '/mcp',
        headers: { 'X-Forwarded-For': client, Origin: origin, Authorization: 'Bearer not-a-token' },
      });
    const foreign = await withToken('https://other.example', '192.0.2.8');
    expect(foreign.status).toBe(401);
    expect(foreign.headers['www-authenticate']).toMatch(/^Bearer error="invalid_token"/);
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    const allowed = await withToken(ALLOWED_ORIGIN, '192.0.2.9');
    expect(allowed.status).toBe(401);
    expect(allowed.headers['access-control-allow-origin']).toBe(ALLOWED_ORIGIN);
    expect(allowed.headers['access-control-expose-headers']).toContain('WWW-Authenticate');
  });

  it('should document the limit and its fields in the OpenAPI document and auth.md', async () => {
    const openapi = (await (await fetch(`${baseUrl}/openapi.json`)).json()) as {
      components: { responses: { TooManyRequests: { description: string; headers: object } } };
    };
    const tooMany = openapi.components.responses.TooManyRequests;
    expect(Object.keys(tooMany.headers)).toEqual(['Retry-After', 'RateLimit', 'RateLimit-Policy']);
    expect(tooMany.description).toContain('300 requests per 60 seconds');
    const authMd = await (await fetch(`${baseUrl}/auth.md`)).text();
    expect(authMd).toContain('"per-client";q=300;w=60');
  });
});
