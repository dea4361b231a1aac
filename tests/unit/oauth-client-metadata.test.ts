import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { findForbiddenRange } from '../../src/oauth/address-policy.ts';
import {
  createMemoryClientMetadataCache,
  writeCachedRegistration,
} from '../../src/oauth/client-metadata-cache.ts';
import {
  checkClientIdUrl,
  readCacheLifetime,
  readClientMetadataDocument,
} from '../../src/oauth/client-metadata-document.ts';
import {
  fetchClientMetadataDocument,
  STRICT_FETCH_POLICY,
} from '../../src/oauth/client-metadata-fetch.ts';
import { createAuthorizeHandler } from '../../src/oauth/authorize-endpoint.ts';
import { createTokenHandler } from '../../src/oauth/token-endpoint.ts';
import { createClientResolver } from '../../src/oauth/client-resolution.ts';
import {
  authorize,
  challenge,
  clock,
  expectOAuthError,
  json,
  keys,
  readLocation,
  SITE,
  token,
  verifier,
} from '../support/oauth-endpoints.ts';
import {
  startConnectionCounter,
  startDocumentServer,
  type DocumentServer,
} from '../support/https-document-server.ts';
import { createTestResolver, startDnsServer, type TestDnsServer } from '../support/dns-server.ts';
import { holdThreadpool } from '../support/threadpool.ts';

describe('findForbiddenRange', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.200.0.9', 'loopback'],
    ['::1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['10.1.2.3', 'private (RFC 1918)'],
    ['::ffff:10.1.2.3', 'private (RFC 1918)'],
    ['172.31.255.255', 'private (RFC 1918)'],
    ['192.168.1.1', 'private (RFC 1918)'],
    ['169.254.169.254', 'link-local (cloud metadata)'],
    ['100.64.0.1', 'shared (CGNAT, RFC 6598)'],
    ['100.100.100.200', 'shared (CGNAT, RFC 6598)'],
    ['192.0.0.192', 'IETF protocol assignments'],
    ['fd00:ec2::254', 'unique local (private, cloud metadata)'],
    ['fe80::1', 'link-local'],
    ['0.0.0.0', 'unspecified ("this network")'],
    ['::', 'unspecified'],
    ['224.0.0.251', 'multicast'],
    ['ff02::1', 'multicast'],
    ['255.255.255.255', 'reserved or broadcast'],
    ['64:ff9b::7f00:1', 'loopback (IPv4 inside NAT64)'],
    ['2002:7f00:1::', 'loopback (IPv4 inside 6to4)'],
    ['localhost', 'not an IP address'],
  ])('should refuse %s as %s', (address, range) => {
    expect(findForbiddenRange(address)).toBe(range);
  });

  it.each(['93.184.215.14', '8.8.8.8', '2606:4700:4700::1111', '2a00:1450:4001::1'])(
    'should allow the public address %s',
    (address) => {
      expect(findForbiddenRange(address)).toBeUndefined();
    },
  );
});

describe('checkClientIdUrl', () => {
  it.each([
    'https://app.example.com/oauth/client.json',
    'https://app.example.com:8443/client',
    'https://app.example.com/client?v=1',
  ])('should accept %s', (value) => {
    expect(checkClientIdUrl(value)).toHaveProperty('url');
  });

  it.each([
    ['http://app.example.com/client.json', 'must use https'],
    ['https://app.example.com', 'must have a path'],
    ['https://app.example.com/', 'must have a path'],
    ['https://app.example.com/a/../client.json', 'must not contain . or ..'],
    ['https://app.example.com/a/%2E%2e/client.json', 'must not contain . or ..'],
    ['https://app.example.com/./client.json', 'must not contain . or ..'],
    ['https://user:pw@app.example.com/client.json', 'user name or password'],
    ['https://app.example.com/client.json#x', 'fragment'],
    [`https://app.example.com/${'a'.repeat(2000)}`, 'longer than 2000'],
    ['urn:example:client', 'must use https'],
    ['https://app.example.com/x\\..\\client.json', 'must not contain a backslash'],
    ['https://app.example.com\\client.json', 'must not contain a backslash'],
    ['https://app.example.com/cli\tent.json', 'control characters'],
    ['https://app.example.com/cli\nent.json', 'control characters'],
    ['https://app.example.com/client.json\u0085', 'control characters'],
    ['https://app.example.com/a b.json', 'control characters'],
    ['https://APP.example.com/client.json', 'as the URL parser writes it'],
    ['https://app.example.com:443/client.json', 'as the URL parser writes it'],
    ['https://app.example.com/caf\u00e9.json', 'as the URL parser writes it'],
    ['https:app.example.com/client.json', 'as the URL parser writes it'],
    ['https://0x7f.1/client.json', 'as the URL parser writes it'],
  ])('should refuse %s', (value, problem) => {
    const checked = checkClientIdUrl(value);
    expect('problem' in checked && checked.problem).toContain(problem);
  });
});

describe('readCacheLifetime', () => {
  it.each([
    [undefined, 300],
    ['max-age=60', 60],
    ['public, max-age=86400', 600],
    ['s-maxage=120', 120],
    ['no-store', 0],
    ['no-cache, max-age=600', 0],
    ['max-age=0', 0],
  ])('should keep a document with Cache-Control %s for %i seconds', (header, seconds) => {
    expect(readCacheLifetime(header)).toBe(seconds);
  });
});

describe('createMemoryClientMetadataCache', () => {
  it('should forget an entry when its time is up', async () => {
    const time = { now: 0 };
    const cache = createMemoryClientMetadataCache({ maxEntries: 10, now: () => time.now });
    await cache.set('https://a.example/c', '{}', 60);
    time.now = 59_999;
    expect(await cache.get('https://a.example/c')).toBe('{}');
    time.now = 60_000;
    expect(await cache.get('https://a.example/c')).toBeUndefined();
  });

  it('should keep at most maxEntries documents, dropping the oldest', async () => {
    const cache = createMemoryClientMetadataCache({ maxEntries: 2 });
    await cache.set('https://a.example/1', '1', 60);
    await cache.set('https://a.example/2', '2', 60);
    await cache.set('https://a.example/3', '3', 60);
    expect(await cache.get('https://a.example/1')).toBeUndefined();
    expect(await cache.get('https://a.example/2')).toBe('2');
    expect(await cache.get('https://a.example/3')).toBe('3');
  });

  it('should keep at most maxEntriesPerHost documents of one host, and keep others', async () => {
    const cache = createMemoryClientMetadataCache({ maxEntries: 10, maxEntriesPerHost: 2 });
    for (const v of [1, 2, 3]) await cache.set(`https://a.example/c?v=${v}`, String(v), 60);
    await cache.set('https://b.example/c', 'b', 60);
    expect(await cache.get('https://a.example/c?v=1')).toBe('1');
    expect(await cache.get('https://a.example/c?v=2')).toBe('2');
    expect(await cache.get('https://a.example/c?v=3')).toBeUndefined();
    expect(await cache.get('https://b.example/c')).toBe('b');
  });

  it('should not keep a document with a lifetime of 0', async () => {
    const cache = createMemoryClientMetadataCache({ maxEntries: 2 });
    await cache.set('https://a.example/1', '1', 0);
    expect(await cache.get('https://a.example/1')).toBeUndefined();
  });
});

const URL_ID = 'https://app.example.com/oauth/client.json';
const goodDocument = {
  client_id: URL_ID,
  client_name: 'Example MCP client',
  redirect_uris: ['http://127.0.0.1/callback'],
  grant_types: ['authorization_code', 'refresh_token'],
  response_types: ['code'],
  token_endpoint_auth_method: 'none',
};

describe('writeCachedRegistration', () => {
  it.each([
    ['a client with redirect URIs', goodDocument],
    [
      'an agent with client_credentials only',
      { client_id: URL_ID, grant_types: ['client_credentials'], scope: 'mcp:read' },
    ],
  ])('should give %s back as the same client, without what it does not use', (_, document) => {
    const padded = {
      ...document,
      logo_uri: 'https://app.example.com/logo.png',
      pad: 'x'.repeat(3000),
    };
    const read = readClientMetadataDocument(URL_ID, JSON.stringify(padded), clock.now);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    const kept = writeCachedRegistration(URL_ID, read.value);
    expect(kept.length).toBeLessThan(400);
    expect(readClientMetadataDocument(URL_ID, kept, clock.now)).toEqual(read);
  });
});

describe('readClientMetadataDocument', () => {
  it('should read the client, its redirect URIs and the grants this server offers', () => {
    const client = readClientMetadataDocument(URL_ID, JSON.stringify(goodDocument), clock.now);
    expect(client).toEqual({
      ok: true,
      value: {
        clientName: 'Example MCP client',
        grantTypes: ['authorization_code'],
        redirectUris: ['http://127.0.0.1/callback'],
        scope: 'mcp:read mcp:tools',
        issuedAt: clock.now / 1000,
        metadataUrl: URL_ID,
      },
    });
  });

  it.each([
    ['not JSON', '{', 'is not JSON'],
    ['an array', '[]', 'is not a valid client metadata document'],
    ['no client_id', JSON.stringify({ ...goodDocument, client_id: undefined }), 'client_id'],
    [
      'another client_id',
      JSON.stringify({ ...goodDocument, client_id: `${URL_ID}?x` }),
      'must equal its URL',
    ],
    [
      'a client_secret',
      JSON.stringify({ ...goodDocument, client_secret: 's' }),
      'contains a client_secret',
    ],
    [
      'private_key_jwt',
      JSON.stringify({ ...goodDocument, token_endpoint_auth_method: 'private_key_jwt' }),
      'public clients only',
    ],
    [
      'an http redirect URI off loopback',
      JSON.stringify({ ...goodDocument, redirect_uris: ['http://evil.example/cb'] }),
      'uses http on a host other than',
    ],
    [
      'authorization_code without redirect URIs',
      JSON.stringify({ ...goodDocument, redirect_uris: [] }),
      'needs at least one redirect URI',
    ],
  ])('should refuse a document with %s as invalid_client', (_case, text, why) => {
    const client = readClientMetadataDocument(URL_ID, text, clock.now);
    expect(client.ok).toBe(false);
    if (client.ok) return;
    expect(client.refusal.error).toBe('invalid_client');
    expect(client.refusal.description).toContain(why);
    expect(client.refusal.description).toContain(URL_ID);
  });
});

/** The local https document server and name server of the blocks that call useLocalServers. */
let server: DocumentServer;
let dns: TestDnsServer;

/** Starts both servers before the calling describe block's tests and closes them after it. */
function useLocalServers(): void {
  beforeAll(async () => {
    server = await startDocumentServer();
    dns = await startDnsServer();
  });
  afterAll(async () => {
    await server.close();
    await dns.close();
  });
}

describe('fetchClientMetadataDocument', () => {
  useLocalServers();

  it('should fetch a document from a real https server when the test policy allows 127.0.0.1', async () => {
    const url = server.serveJson('/ok.json', goodDocument, { 'Cache-Control': 'max-age=42' });
    const fetched = await fetchClientMetadataDocument(new URL(url), server.testPolicy);
    expect(fetched).toEqual({
      ok: true,
      text: JSON.stringify(goodDocument),
      cacheControl: 'max-age=42',
    });
  });

  it('should refuse 127.0.0.1 under the strict policy without connecting', async () => {
    const url = server.serveJson('/strict.json', goodDocument);
    const before = server.counts.connections;
    const fetched = await fetchClientMetadataDocument(new URL(url));
    expect(fetched).toEqual({
      ok: false,
      reason: 'its host resolves to an address that is not public (loopback)',
    });
    expect(server.counts.connections).toBe(before);
  });

  it('should refuse a name when any one of its addresses is private, without connecting', async () => {
    const counter = await startConnectionCounter();
    dns.set('mixed.example', { a: ['93.184.215.14', '10.0.0.7'] });
    const fetched = await fetchClientMetadataDocument(
      new URL(`https://mixed.example:${counter.port}/client.json`),
      STRICT_FETCH_POLICY,
      { resolver: createTestResolver(dns) },
    );
    expect(fetched).toEqual({
      ok: false,
      reason: 'its host resolves to an address that is not public (private (RFC 1918))',
    });
    expect(counter.connections()).toBe(0);
    await counter.close();
  });

  it('should connect to the address it checked, not look the name up again', async () => {
    const url = server.serveJson('/pinned.json', goodDocument);
    dns.set('pinned.example', { a: ['127.0.0.1'] });
    const connections = server.counts.connections;
    const fetched = await fetchClientMetadataDocument(
      new URL(url.replace('127.0.0.1', 'pinned.example')),
      { ...server.testPolicy, permitAddress: (address) => address === '127.0.0.1' },
      { resolver: createTestResolver(dns) },
    );
    // The certificate names 127.0.0.1 and localhost, not pinned.example: reaching the TLS check
    // proves the connection went to the checked address, with the host name for the check.
    expect(fetched).toEqual({
      ok: false,
      reason: 'the https connection failed (refused, reset, or an untrusted certificate)',
    });
    expect(server.counts.connections).toBe(connections + 1);
    expect(dns.queries.filter((name) => name === 'pinned.example')).toHaveLength(2);
  });

  it('should not follow a redirect', async () => {
    const target = server.serveJson('/target.json', goodDocument);
    server.route('/redirect.json', (_req, res) => res.writeHead(302, { Location: target }).end());
    const before = server.counts.requests;
    const fetched = await fetchClientMetadataDocument(
      new URL(`${server.origin}/redirect.json`),
      server.testPolicy,
    );
    expect(fetched).toEqual({
      ok: false,
      reason: 'it answered a redirect (302); redirects are not followed',
    });
    expect(server.counts.requests).toBe(before + 1);
  });

  it('should refuse a document larger than maxBytes, declared or streamed', async () => {
    server.serveJson('/large.json', { client_id: 'x'.repeat(6000) });
    server.route('/streamed.json', (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.write(`{"pad":"${'x'.repeat(4000)}`);
      res.write(`${'x'.repeat(4000)}"}`);
      res.end();
    });
    for (const path of ['/large.json', '/streamed.json']) {
      const fetched = await fetchClientMetadataDocument(
        new URL(`${server.origin}${path}`),
        server.testPolicy,
      );
      expect(fetched).toEqual({ ok: false, reason: 'it is larger than 5120 bytes' });
    }
  });

  it('should give up on a server slower than timeoutMs', async () => {
    server.route('/slow.json', (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.write('{');
      // Never finishes: only the fetch's deadline ends it.
    });
    const fetched = await fetchClientMetadataDocument(new URL(`${server.origin}/slow.json`), {
      ...server.testPolicy,
      timeoutMs: 300,
    });
    expect(fetched).toEqual({ ok: false, reason: 'it took longer than 300 ms' });
  });

  it.each([
    ['/missing.json', 'it answered 404, not 200'],
    ['/html.json', 'its Content-Type is not application/json'],
  ])('should refuse %s: %s', async (path, reason) => {
    server.route('/html.json', (_req, res) =>
      res.writeHead(200, { 'Content-Type': 'text/html' }).end('<p>'),
    );
    const fetched = await fetchClientMetadataDocument(
      new URL(`${server.origin}${path}`),
      server.testPolicy,
    );
    expect(fetched).toEqual({ ok: false, reason });
  });

  it('should refuse a certificate it does not trust', async () => {
    const url = server.serveJson('/untrusted.json', goodDocument);
    const fetched = await fetchClientMetadataDocument(new URL(url), {
      ...STRICT_FETCH_POLICY,
      permitAddress: () => true,
    });
    expect(fetched).toEqual({
      ok: false,
      reason: 'the https connection failed (refused, reset, or an untrusted certificate)',
    });
  });
});

describe('a URL client_id at createAuthorizeHandler and createTokenHandler', () => {
  let server: DocumentServer;
  let handlers: {
    authorize: ReturnType<typeof createAuthorizeHandler>;
    token: ReturnType<typeof createTokenHandler>;
  };
  beforeAll(async () => {
    server = await startDocumentServer();
  });
  afterAll(() => server.close());
  beforeEach(() => {
    const options = {
      siteUrl: SITE,
      keys: async () => keys,
      now: () => clock.now,
      clientMetadata: { fetchPolicy: server.testPolicy },
    };
    handlers = { authorize: createAuthorizeHandler(options), token: createTokenHandler(options) };
  });

  it('should issue a code and a token to the client its document describes', async () => {
    const clientId = `${server.origin}/flow.json`;
    server.serveJson('/flow.json', { ...goodDocument, client_id: clientId });
    const location = readLocation(
      await authorize(
        {
          response_type: 'code',
          client_id: clientId,
          redirect_uri: 'http://127.0.0.1:53123/callback',
          code_challenge: challenge,
          code_challenge_method: 'S256',
          state: 's1',
        },
        handlers.authorize,
      ),
    );
    expect(location.origin + location.pathname).toBe('http://127.0.0.1:53123/callback');
    expect(location.searchParams.get('state')).toBe('s1');
    const answer = await token(
      {
        grant_type: 'authorization_code',
        client_id: clientId,
        code: location.searchParams.get('code') ?? '',
        redirect_uri: 'http://127.0.0.1:53123/callback',
        code_verifier: verifier,
      },
      handlers.token,
    );
    expect(answer.status).toBe(200);
    expect(json(answer)).toMatchObject({ token_type: 'Bearer', scope: 'mcp:read mcp:tools' });
  });

  it('should refuse a redirect URI the document does not list, showing the error', async () => {
    const clientId = `${server.origin}/other-redirect.json`;
    server.serveJson('/other-redirect.json', { ...goodDocument, client_id: clientId });
    const answer = await authorize(
      {
        response_type: 'code',
        client_id: clientId,
        redirect_uri: 'https://attacker.example/cb',
        code_challenge: challenge,
        code_challenge_method: 'S256',
      },
      handlers.authorize,
    );
    expect(answer.status).toBe(400);
    expect(String(answer.body)).toContain('not one of the redirect URIs');
  });

  it('should name the document publisher on the confirmation page of a web redirect URI', async () => {
    const clientId = `${server.origin}/web.json`;
    server.serveJson('/web.json', {
      ...goodDocument,
      client_id: clientId,
      redirect_uris: ['https://app.example.com/callback'],
    });
    const answer = await authorize(
      {
        response_type: 'code',
        client_id: clientId,
        code_challenge: challenge,
        code_challenge_method: 'S256',
      },
      handlers.authorize,
    );
    expect(answer.status).toBe(200);
    expect(String(answer.body)).toContain(
      `(published by <strong>${new URL(server.origin).host}</strong>)`,
    );
  });

  it('should give a client_credentials token when the document declares that grant', async () => {
    const clientId = `${server.origin}/agent.json`;
    server.serveJson('/agent.json', {
      client_id: clientId,
      client_name: 'Hosted agent',
      grant_types: ['client_credentials'],
      token_endpoint_auth_method: 'none',
    });
    const answer = await token(
      { grant_type: 'client_credentials', client_id: clientId },
      handlers.token,
    );
    expect(answer.status).toBe(200);
  });

  it('should fetch a document once while its Cache-Control allows, and every time with no-store', async () => {
    const cachedId = `${server.origin}/cached.json`;
    const storedId = `${server.origin}/no-store.json`;
    const hits = { cached: 0, noStore: 0 };
    const document = (clientId: string) =>
      JSON.stringify({ client_id: clientId, grant_types: ['client_credentials'] });
    server.route('/cached.json', (_req, res) => {
      hits.cached += 1;
      res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'max-age=600' });
      res.end(document(cachedId));
    });
    server.route('/no-store.json', (_req, res) => {
      hits.noStore += 1;
      res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
      res.end(document(storedId));
    });
    for (let round = 0; round < 3; round += 1) {
      for (const clientId of [cachedId, storedId]) {
        const answer = await token(
          { grant_type: 'client_credentials', client_id: clientId },
          handlers.token,
        );
        expect(answer.status).toBe(200);
      }
    }
    expect(hits).toEqual({ cached: 1, noStore: 3 });
  });

  it('should refuse with invalid_client when the document cannot be fetched or names another client', async () => {
    server.serveJson('/liar.json', { ...goodDocument, client_id: 'https://someone.else/c.json' });
    const liar = expectOAuthError(
      await token(
        { grant_type: 'client_credentials', client_id: `${server.origin}/liar.json` },
        handlers.token,
      ),
      401,
      'invalid_client',
    );
    expect(liar.error_description).toContain('must equal its URL');
    const missing = expectOAuthError(
      await token(
        { grant_type: 'client_credentials', client_id: `${server.origin}/absent.json` },
        handlers.token,
      ),
      401,
      'invalid_client',
    );
    expect(missing.error_description).toContain('answered 404, not 200');
  });

  it('should refuse a URL client_id with a backslash without fetching what it resolves to', async () => {
    server.serveJson('/p.json', { ...goodDocument, client_id: `${server.origin}/p.json` });
    const before = server.counts.requests;
    const answer = expectOAuthError(
      await token(
        { grant_type: 'client_credentials', client_id: `${server.origin}/x\\..\\p.json` },
        handlers.token,
      ),
      401,
      'invalid_client',
    );
    expect(answer.error_description).toBe('The URL client_id must not contain a backslash.');
    expect(server.counts.requests).toBe(before);
  });

  it('should refuse an http URL client_id without fetching it', async () => {
    const before = server.counts.requests;
    const answer = expectOAuthError(
      await token(
        {
          grant_type: 'client_credentials',
          client_id: server.origin.replace('https:', 'http:') + '/c.json',
        },
        handlers.token,
      ),
      401,
      'invalid_client',
    );
    expect(answer.error_description).toBe('The URL client_id must use https.');
    expect(server.counts.requests).toBe(before);
  });
});

describe('createClientResolver', () => {
  useLocalServers();

  it('should keep resolving URL client ids while lookups at a silent name server hang and the threadpool is held', async () => {
    const port = new URL(server.origin).port;
    const serve = (clientId: string) =>
      server.route(new URL(clientId).pathname, (_req, res) => {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ client_id: clientId, grant_types: ['client_credentials'] }));
      });
    const byName = `https://metadata.test:${port}/by-name.json`;
    const local = `https://localhost:${port}/local.json`;
    serve(byName);
    serve(local);
    dns.set('metadata.test', { a: ['127.0.0.1'] });
    const resolveClient = createClientResolver(
      { keys: async () => keys, issuer: SITE, seconds: () => Math.floor(clock.now / 1000) },
      {
        // localhost is 127.0.0.1 and ::1 without DNS; both are loopback, let through here.
        fetchPolicy: {
          ...server.testPolicy,
          permitAddress: (address) => /^(127\.0\.0\.1|::1)$/.test(address),
        },
        resolver: createTestResolver(dns),
        cache: createMemoryClientMetadataCache({ maxEntries: 10 }),
      },
    );
    let settled = 0;
    const slow = Array.from({ length: 15 }, (_, i) => {
      dns.set(`slow${i}.attacker.test`, 'silent');
      return resolveClient(`https://slow${i}.attacker.test/c.json`, `203.0.113.${i % 3}`).finally(
        () => (settled += 1),
      );
    });
    // Every libuv thread held too, as silent name servers held them through dns.lookup.
    const pool = await holdThreadpool();
    try {
      const answers = await Promise.all([
        resolveClient(byName, '198.51.100.1'),
        resolveClient(local, '198.51.100.2'),
      ]);
      expect(answers.map((answer) => answer.ok)).toEqual([true, true]);
      expect(pool.lookupWaiting()).toBe(true);
    } finally {
      await pool.release();
    }
    // Only the three past the per-client cap (refused at once) had an answer yet.
    expect(settled).toBe(3);
    const refusals = await Promise.all(slow);
    const reasons = refusals.map((answer) => (answer.ok ? '' : answer.refusal.description));
    // Four per client at most: the others were refused at once, without a lookup.
    const count = (ending: string) => reasons.filter((reason) => reason.endsWith(ending)).length;
    expect(count('resolving its host name timed out.')).toBe(12);
    expect(count('too many host name lookups are in progress.')).toBe(3);
  });
});
