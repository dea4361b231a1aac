import fc from 'fast-check';
import { describe, expect, inject, it } from 'vitest';
import { LIMITS } from '../../src/service/limits.ts';
import {
  getVersionFeatures,
  MCP_METHODS,
  NAMED_METHODS,
  PROTOCOL_VERSIONS,
} from '../../src/service/mcp-protocol.ts';
import { findShapeFaults, sendBytes, sendRaw, type RawRequest } from '../support/http-answers.ts';
import { modernMeta } from '../support/mcp-requests.ts';

/**
 * Property-based hostile input against the real local server: every endpoint, any method, broken
 * media types and bodies, JSON-RPC shape violations, traversal paths, long targets and hostile
 * headers. Each answer must be in its documented shape, none may be a 5xx, and the server must
 * still answer afterwards. Bounded: a fixed number of runs and a per-request time-out.
 */

const baseUrl = inject('baseUrl');
const RUNS = 2500;
const SEED = Number(process.env.FUZZ_SEED ?? 20261121);

const ENDPOINTS = [
  '/',
  '/developers',
  '/docs',
  '/errors/not_found',
  '/api/v1/overview',
  '/api/v1/openapi.json',
  '/api/v2/overview',
  '/openapi.json',
  '/llms.txt',
  '/llms-full.txt',
  '/auth.md',
  '/copy/overview.md',
  '/.well-known/api-catalog',
  '/.well-known/oauth-authorization-server',
  '/.well-known/oauth-protected-resource',
  '/.well-known/oauth-protected-resource/mcp',
  '/.well-known/unknown',
  '/mcp',
  '/api/mcp',
  '/oauth/register',
  '/oauth/token',
  '/oauth/jwks',
  '/oauth/authorize',
  '/oauth/claim',
  '/oauth/unknown',
  '/api/not-found',
];

const TRAVERSALS = [
  '/../../etc/passwd',
  '/%2e%2e/%2e%2e/etc/passwd',
  '/..%2f..%2fpackage.json',
  '/..%5c..%5cpackage.json',
  '/%00',
  '/llms.txt%00.html',
  '/_astro/../../vercel.json',
  '//etc/passwd',
  '/.env',
  '/.git/config',
  '/api/../package.json',
  '/%c0%ae%c0%ae/package.json',
  '/%ff%fe',
];

/** Percent-encodes every byte outside the unreserved set, so any string is a valid target. */
const encodeTarget = (text: string) =>
  [...Buffer.from(text)]
    .map((byte) =>
      /[A-Za-z0-9\-._~/]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).padStart(2, '0')}`,
    )
    .join('');

const path = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...ENDPOINTS) },
  { weight: 2, arbitrary: fc.constantFrom(...TRAVERSALS) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.constantFrom(...ENDPOINTS), fc.string({ maxLength: 40 }))
      .map(([base, tail]) => `${base}${encodeTarget(tail)}`),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom(...ENDPOINTS), fc.integer({ min: 1000, max: LIMITS.urlLength + 2000 }))
      .map(([base, length]) => `${base}?q=${'a'.repeat(length)}`),
  },
);

const query = fc.oneof(
  fc.constant(''),
  fc
    .array(fc.tuple(fc.string({ maxLength: 12 }), fc.string({ maxLength: 30 })), { maxLength: 6 })
    .map((pairs) => `?${new URLSearchParams(pairs).toString()}`),
  fc.constantFrom(
    '?response_type=code&client_id=x&redirect_uri=https://a.example/cb&code_challenge=abc&code_challenge_method=S256',
    '?client_id=&redirect_uri=javascript:alert(1)',
    '?%zz=%',
  ),
);

const method = fc.constantFrom(
  'GET',
  'GET',
  'HEAD',
  'POST',
  'POST',
  'POST',
  'PUT',
  'PATCH',
  'DELETE',
  'OPTIONS',
  'TRACE',
  'PROPFIND',
  'QUERY',
);

const contentType = fc.constantFrom(
  undefined,
  'application/json',
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'application/x-www-form-urlencoded',
  'text/plain',
  'multipart/form-data; boundary=zz',
  'application/json-patch+json',
  'application/json; charset=latin1',
  ';;;',
  '',
);

const jsonRpcMessage = fc.record(
  {
    jsonrpc: fc.oneof(fc.constant('2.0'), fc.constant('1.0'), fc.jsonValue()),
    id: fc.oneof(fc.integer(), fc.string({ maxLength: 8 }), fc.constant(null), fc.jsonValue()),
    method: fc.oneof(
      fc.constantFrom(...MCP_METHODS, 'rpc.discover', '__proto__', 'constructor'),
      fc.string({ maxLength: 20 }),
      fc.jsonValue(),
    ),
    params: fc.oneof(
      fc.jsonValue(),
      fc.record(
        {
          name: fc.oneof(
            fc.constantFrom('get_overview', 'search_site', 'get_document', '__proto__'),
            fc.jsonValue(),
          ),
          arguments: fc.jsonValue(),
          uri: fc.oneof(fc.webUrl(), fc.string({ maxLength: 30 })),
          cursor: fc.oneof(fc.string({ maxLength: 30 }), fc.jsonValue()),
          protocolVersion: fc.oneof(fc.constantFrom(...PROTOCOL_VERSIONS), fc.string()),
        },
        { requiredKeys: [] },
      ),
    ),
  },
  { requiredKeys: [] },
);

const deepJson = fc
  .tuple(fc.integer({ min: LIMITS.jsonDepth - 2, max: 3000 }), fc.boolean())
  .map(([depth, arrays]) =>
    arrays
      ? `{"jsonrpc":"2.0","id":1,"method":"ping","params":${'['.repeat(depth)}${']'.repeat(depth)}}`
      : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`,
  );

const body = fc.oneof(
  { weight: 2, arbitrary: fc.constant(undefined) },
  { weight: 3, arbitrary: jsonRpcMessage.map((message) => JSON.stringify(message)) },
  {
    weight: 2,
    arbitrary: fc
      .array(jsonRpcMessage, { maxLength: LIMITS.batchMessages + 8 })
      .map((batch) => JSON.stringify(batch)),
  },
  { weight: 1, arbitrary: deepJson },
  { weight: 2, arbitrary: fc.jsonValue().map((value) => JSON.stringify(value)) },
  { weight: 2, arbitrary: fc.string({ maxLength: 200 }) },
  // Invalid UTF-8 and arbitrary bytes.
  { weight: 2, arbitrary: fc.uint8Array({ maxLength: 400 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      Buffer.from([0x7b, 0x22, 0xc3, 0x28, 0x22, 0x3a, 0x31, 0x7d]),
      Buffer.from([0xff, 0xfe, 0x7b, 0x7d]),
      Buffer.from('{"jsonrpc":"2.0","id":1,"method":"ping"'),
      Buffer.from('{"__proto__":{"polluted":true},"jsonrpc":"2.0","id":1,"method":"ping"}'),
    ),
  },
  {
    weight: 2,
    arbitrary: fc
      .record(
        {
          grant_type: fc.oneof(
            fc.constantFrom(
              'client_credentials',
              'authorization_code',
              'password',
              'refresh_token',
            ),
            fc.string({ maxLength: 20 }),
          ),
          client_id: fc.string({ maxLength: 60 }),
          code: fc.string({ maxLength: 60 }),
          code_verifier: fc.string({ maxLength: 60 }),
          redirect_uri: fc.oneof(fc.webUrl(), fc.string({ maxLength: 30 })),
          scope: fc.string({ maxLength: 30 }),
          resource: fc.string({ maxLength: 30 }),
        },
        { requiredKeys: [] },
      )
      .map((form) => new URLSearchParams(form).toString()),
  },
  {
    weight: 1,
    arbitrary: fc
      .record(
        {
          client_name: fc.jsonValue(),
          redirect_uris: fc.oneof(
            fc.array(fc.oneof(fc.webUrl(), fc.string({ maxLength: 30 }))),
            fc.jsonValue(),
          ),
          grant_types: fc.oneof(
            fc.array(fc.constantFrom('client_credentials', 'authorization_code', 'implicit', 'x')),
            fc.jsonValue(),
          ),
          token_endpoint_auth_method: fc.oneof(
            fc.constantFrom('none', 'client_secret_basic'),
            fc.jsonValue(),
          ),
          scope: fc.jsonValue(),
        },
        { requiredKeys: [] },
      )
      .map((registration) => JSON.stringify(registration)),
  },
  { weight: 1, arbitrary: fc.integer({ min: 16_000, max: 300_000 }).map((n) => 'x'.repeat(n)) },
);

const hostileHeaders = fc.record(
  {
    accept: fc.constantFrom(
      'application/json',
      'text/event-stream',
      'application/json, text/event-stream',
      '*/*',
      'text/html',
      'garbage/;;q=x',
    ),
    authorization: fc.oneof(
      fc.constantFrom('Bearer', 'Bearer ', 'Basic Zm9vOmJhcg==', 'Bearer a.b.c', 'Bearer ....'),
      fc.string({ maxLength: 80 }).map((token) => `Bearer ${encodeURIComponent(token)}`),
      fc
        .tuple(fc.base64String({ maxLength: 60 }), fc.base64String({ maxLength: 200 }))
        .map(([head, payload]) => `Bearer ${head}.${payload}.sig`),
    ),
    'mcp-protocol-version': fc.oneof(
      fc.constantFrom(...PROTOCOL_VERSIONS),
      fc.string({ maxLength: 20 }).map(encodeURIComponent),
    ),
    'mcp-method': fc.string({ maxLength: 20 }).map(encodeURIComponent),
    'mcp-name': fc.string({ maxLength: 20 }).map(encodeURIComponent),
    origin: fc.constantFrom('https://evil.example', 'null', 'http://127.0.0.1'),
    'if-none-match': fc.constantFrom('*', 'W/"x"', '"', ''),
    range: fc.constantFrom('bytes=0-10', 'bytes=-5', 'bytes=999999-', 'bytes=a-b', 'lines=1-2'),
    'x-forwarded-for': fc.constantFrom('1.2.3.4', 'not an address', '::1, 10.0.0.1'),
    'x-padding': fc.integer({ min: 0, max: 20_000 }).map((n) => 'p'.repeat(n)),
    host: fc.constantFrom('evil.example', 'localhost', '127.0.0.1'),
  },
  { requiredKeys: [] },
);

const request = fc
  .record({ method, path, query, contentType, body, headers: hostileHeaders })
  .map(({ method, path, query, contentType, body, headers }): RawRequest => {
    const all: Record<string, string> = { ...headers };
    if (contentType !== undefined) all['content-type'] = contentType;
    // The real Host (with the port) unless the case overrides it.
    if (all.host === '127.0.0.1') delete all.host;
    // node:http sends a HEAD body without framing, as a second request; keep HEAD bodiless.
    return {
      method,
      path: `${path}${path.includes('?') ? '' : query}`,
      headers: all,
      body: method === 'HEAD' ? undefined : body,
    };
  });

describe('hostile input', () => {
  it(`should answer ${RUNS} malformed requests across every endpoint in their documented shapes, with no 5xx`, async () => {
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(request, async (raw) => {
        const answer = await sendRaw(baseUrl, raw, 10_000);
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        expect(findShapeFaults(raw, answer, baseUrl)).toEqual([]);
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
    // The mix reached the refusals it is meant to reach, not only 200s and 404s.
    for (const status of [200, 400, 403, 404, 405])
      expect(statuses.get(status) ?? 0, `answers with ${status}`).toBeGreaterThan(0);
    expect((await fetch(`${baseUrl}/`)).status).toBe(200);
  }, 240_000);

  it('should answer malformed request heads with a 400 problem, and keep serving', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string({ maxLength: 200 }).map((text) => `${text}\r\n\r\n`),
          fc.uint8Array({ minLength: 1, maxLength: 300 }).map((bytes) => Buffer.from(bytes)),
          fc
            .tuple(fc.constantFrom('GET', 'POST', 'BREW', 'G ET'), fc.string({ maxLength: 40 }))
            .map(([verb, junk]) => `${verb} /${junk} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`),
          fc
            .string({ maxLength: 60 })
            .map((junk) => `GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n${junk}\r\n\r\n`),
        ),
        async (bytes) => {
          const text = await sendBytes(baseUrl, bytes, 10_000);
          // Either a complete answer, or nothing (a head that never ends is cut off by the time-out
          // or by closing our side); never a 5xx but a refused HTTP version or transfer coding.
          expect(text).not.toMatch(/^HTTP\/1\.1 5(?!01 |05 )/);
          if (/^HTTP\/1\.1 400 /.test(text)) expect(text).toContain('application/problem+json');
        },
      ),
      { numRuns: 300, seed: SEED },
    );
    expect((await fetch(`${baseUrl}/`)).status).toBe(200);
  }, 120_000);

  it('should answer every MCP method as a request, and as a notification with 202 and no body, cold and warm, in every protocol version', async () => {
    const faults: string[] = [];
    const versionCases = [undefined, ...PROTOCOL_VERSIONS];
    for (const version of versionCases) {
      const features = getVersionFeatures(version ?? '2025-03-26');
      for (const method of MCP_METHODS) {
        const params: Record<string, unknown> = features.modern ? { _meta: modernMeta() } : {};
        const nameField = NAMED_METHODS[method];
        if (nameField) params[nameField] = nameField === 'uri' ? `${baseUrl}/llms.txt` : 'x';
        if (method === 'initialize') params.protocolVersion = version ?? '2025-03-26';
        const headers: Record<string, string> = {
          'content-type': 'application/json',
          ...(version ? { 'mcp-protocol-version': version } : {}),
          ...(features.modern ? { 'mcp-method': method } : {}),
          ...(features.modern && nameField ? { 'mcp-name': String(params[nameField]) } : {}),
        };
        const notification = { jsonrpc: '2.0', method, params };
        const bodies: { body: unknown; notification: boolean }[] = [
          { body: notification, notification: true },
          { body: { ...notification, id: 1 }, notification: false },
          { body: notification, notification: true },
          { body: { ...notification, id: 2 }, notification: false },
          ...(features.batches
            ? [
                { body: [notification], notification: true },
                { body: [notification, { ...notification, id: 3 }], notification: false },
              ]
            : []),
        ];
        for (const { body, notification: isNotification } of bodies) {
          const raw = { method: 'POST', path: '/mcp', headers, body: JSON.stringify(body) };
          const answer = await sendRaw(baseUrl, raw);
          const label = `${version ?? 'no header'} ${method} ${JSON.stringify(body).slice(0, 60)}`;
          faults.push(
            ...findShapeFaults(raw, answer, baseUrl).map((fault) => `${label}: ${fault}`),
          );
          if (isNotification && (answer.status !== 202 || answer.body.length > 0))
            faults.push(
              `${label}: a notification answered ${answer.status} ${answer.body.length} bytes`,
            );
        }
      }
    }
    expect(faults).toEqual([]);
  });
});
