import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  readDirectoryUrl,
  SIGNATURE_LIMITS,
  SignatureChecker,
  type SignedRequest,
} from '../../src/insight/agent-signature.ts';
import { startDocumentServer, type DocumentServer } from '../support/https-document-server.ts';
import { startSigningAgent, type SigningAgent } from '../support/signing-agent.ts';

let server: DocumentServer;
let agent: SigningAgent;

beforeAll(async () => {
  server = await startDocumentServer();
  agent = await startSigningAgent(server);
});
afterAll(() => server.close());

/** A request as the checker reads it. */
function makeRequest(url: string, headers: Record<string, string>, method = 'GET'): SignedRequest {
  const lower = new Map(
    Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]),
  );
  return { method, url: new URL(url), header: (name) => lower.get(name) };
}

function makeChecker(): SignatureChecker {
  return new SignatureChecker({
    fetchPolicy: { ...server.testPolicy, maxBytes: SIGNATURE_LIMITS.maxDirectoryBytes },
  });
}

describe('SignatureChecker', () => {
  it('should verify a Web Bot Auth signature with the key of the directory it names', async () => {
    const url = 'https://facts.example/mcp';
    const checker = makeChecker();
    expect(await checker.check(makeRequest(url, await agent.sign(url)))).toEqual({
      status: 'verified',
      signer: new URL(server.origin).host,
    });
    const before = server.counts.requests;
    expect((await checker.check(makeRequest(url, await agent.sign(url)))).status).toBe('verified');
    // The directory is fetched once and remembered.
    expect(server.counts.requests).toBe(before);
  });

  it('should call a request without a signature claimed', async () => {
    expect(await makeChecker().check(makeRequest('https://facts.example/', {}))).toEqual({
      status: 'claimed',
    });
  });

  it('should fail a signature made for another host, a forged one and an expired one', async () => {
    const checker = makeChecker();
    const signed = await agent.sign('https://other.example/');
    expect((await checker.check(makeRequest('https://facts.example/', signed))).status).toBe(
      'failed',
    );
    const forged = {
      ...signed,
      Signature: String(signed.Signature).replace(/:[^:]{8}/, ':AAAAAAAA'),
    };
    expect((await checker.check(makeRequest('https://other.example/', forged))).status).toBe(
      'failed',
    );
    const expired = await agent.sign('https://facts.example/', { signedMsAgo: 120_000 });
    expect((await checker.check(makeRequest('https://facts.example/', expired))).status).toBe(
      'failed',
    );
  });

  it('should fail oversized and malformed signature headers without fetching anything', async () => {
    const checker = makeChecker();
    const before = server.counts.requests;
    const url = 'https://facts.example/';
    const signed = await agent.sign(url);
    for (const headers of [
      { ...signed, Signature: `sig1=:${'A'.repeat(10_000)}:` },
      { ...signed, 'Signature-Agent': '"http://plain.example"' },
      { ...signed, 'Signature-Agent': 'no quotes at all' },
      {
        Signature: 'garbage',
        'Signature-Input': '((((',
        'Signature-Agent': signed['Signature-Agent'],
      },
    ]) {
      const check = await checker.check(makeRequest(url, headers as Record<string, string>));
      expect(check.status).toBe('failed');
    }
    // Only the last one names a directory: one fetch at most.
    expect(server.counts.requests - before).toBeLessThanOrEqual(1);
  });

  it('should fail on a directory that is huge, slow or on a private address', async () => {
    const huge = await startDocumentServer();
    huge.route('/.well-known/http-message-signatures-directory', (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ keys: [{ x: 'A'.repeat(200_000) }] }));
    });
    const slow = await startDocumentServer();
    slow.route('/.well-known/http-message-signatures-directory', (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.write('{"keys":[');
      // Never finished: the deadline ends it.
    });
    try {
      for (const [directory, reason] of [
        [huge, /larger than/],
        [slow, /longer than/],
      ] as const) {
        const checker = new SignatureChecker({
          fetchPolicy: {
            ...directory.testPolicy,
            maxBytes: SIGNATURE_LIMITS.maxDirectoryBytes,
            timeoutMs: 500,
          },
        });
        const url = 'https://facts.example/';
        const headers = { ...(await agent.sign(url)), 'Signature-Agent': `"${directory.origin}"` };
        const check = await checker.check(makeRequest(url, headers));
        expect(check.status).toBe('failed');
        expect(check.reason).toMatch(reason);
      }
      // The deployment's own policy refuses a loopback directory outright.
      const strict = new SignatureChecker();
      const check = await strict.check(
        makeRequest('https://facts.example/', await agent.sign('https://facts.example/')),
      );
      expect(check).toMatchObject({
        status: 'failed',
        reason: expect.stringMatching(/not public/),
      });
    } finally {
      await Promise.all([huge.close(), slow.close()]);
    }
  });

  it('should fetch at most its bound of directories at once, failing the rest at once', async () => {
    const slow = await startDocumentServer();
    let arrived = 0;
    slow.route('/keys', () => {
      arrived += 1;
      // Never answered: the deadline ends each fetch.
    });
    try {
      const checker = new SignatureChecker({
        fetchPolicy: { ...slow.testPolicy, timeoutMs: 300 },
      });
      const url = 'https://facts.example/';
      const signed = await agent.sign(url);
      const checks = await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          checker.check(
            makeRequest(url, { ...signed, 'Signature-Agent': `"${slow.origin}/keys?v=${i}"` }),
          ),
        ),
      );
      expect(checks.every(({ status }) => status === 'failed')).toBe(true);
      expect(checks.filter(({ reason }) => /too many/.test(reason ?? ''))).toHaveLength(
        100 - SIGNATURE_LIMITS.maxFetchesInFlight,
      );
      expect(arrived).toBeLessThanOrEqual(SIGNATURE_LIMITS.maxFetchesInFlight);
    } finally {
      await slow.close();
    }
  });

  it('should remember at most its bound of directories', async () => {
    const checker = new SignatureChecker({ fetchPolicy: { ...server.testPolicy, timeoutMs: 200 } });
    const url = 'https://facts.example/';
    const signed = await agent.sign(url);
    await Promise.all(
      Array.from({ length: SIGNATURE_LIMITS.maxDirectories + 50 }, (_, i) =>
        checker.check(
          makeRequest(url, { ...signed, 'Signature-Agent': `"https://127.0.0.1:1/d${i}"` }),
        ),
      ),
    );
    expect(checker.cachedDirectories).toBeLessThanOrEqual(SIGNATURE_LIMITS.maxDirectories);
  });
});

describe('readDirectoryUrl', () => {
  it('should read the directory of a string or dictionary Signature-Agent', () => {
    expect(readDirectoryUrl('"https://agent.example"')?.href).toBe(
      'https://agent.example/.well-known/http-message-signatures-directory',
    );
    expect(readDirectoryUrl('sig1="https://agent.example/keys.json"')?.href).toBe(
      'https://agent.example/keys.json',
    );
    expect(readDirectoryUrl('"http://agent.example"')).toBeUndefined();
    expect(readDirectoryUrl(undefined)).toBeUndefined();
  });
});
