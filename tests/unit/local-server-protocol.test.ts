import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProblemSchema } from '../../src/schemas/problem.ts';
import { SECURITY_HEADERS } from '../../src/service/route-policies.ts';
import { GLOBAL_HEADER_SOURCE } from '../../src/service/vercel-config.ts';
import { startFolderServer, type FolderServer } from '../support/folder-server.ts';
import { readAnswerHeads } from '../support/raw-connection.ts';

/** A function that reads at most 64 bytes of JSON and answers what it read, and where. */
const ECHO_FUNCTION = `
export async function plain(request) {
  if (request.header('content-type') !== 'application/json') {
    return { status: 415, headers: { 'Content-Type': 'text/plain' }, body: 'unsupported' };
  }
  const text = await request.text(64);
  if (text === undefined) return { status: 413, headers: {}, body: 'too large' };
  return { status: 200, headers: {}, body: request.url.href + ' read ' + text };
}
`;

let served: FolderServer;
let port: number;

beforeAll(async () => {
  served = await startFolderServer(
    'local-server-protocol-',
    { 'file.txt': 'a static file', 'echo.ts': ECHO_FUNCTION },
    {
      allowedHosts: ['127.0.0.1', 'localhost'],
      // vercel.json's global rule, and a rule of one path that an answer about no path lacks.
      vercelConfig: {
        headers: [
          {
            source: GLOBAL_HEADER_SOURCE,
            headers: Object.entries(SECURITY_HEADERS).map(([key, value]) => ({ key, value })),
          },
          { source: '/', headers: [{ key: 'Link', value: '</file.txt>; rel="describedby"' }] },
        ],
      },
    },
  );
  ({ port } = served);
});

afterAll(() => served.stop());

/** Writes `head` to a new connection and collects what arrives until the server closes it. */
function exchange(head: string, body?: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
      // The body only once the server asked for it (100 Continue) or refused first.
      if (body !== undefined && received.startsWith('HTTP/1.1 100 ')) {
        socket.write(body);
        body = undefined;
      }
    });
    socket.on('error', () => {});
    socket.on('close', () => resolve(received));
    socket.write(head);
    // Half-closed only after a second: a server that keeps the connection must answer first.
    setTimeout(() => socket.end(), 1000);
  });
}

/** The body of the last answer of a connection's bytes, parsed as a problem. */
function readProblem(received: string) {
  return ProblemSchema.parse(JSON.parse(received.slice(received.lastIndexOf('\r\n\r\n') + 4)));
}

describe('createLocalServer, HTTP versions', () => {
  it.each(['HTTP/2.0', 'HTTP/0.9', 'HTTP/3.0'])(
    'should answer a %s request line with a 505 problem and close',
    async (version) => {
      const received = await exchange(`GET /file.txt ${version}\r\nHost: 127.0.0.1\r\n\r\n`);
      const [answer] = readAnswerHeads(received);
      expect(answer?.status).toBe(505);
      expect(answer?.headers.connection).toBe('close');
      expect(answer?.headers['content-type']).toBe('application/problem+json');
      expect(readProblem(received).code).toBe('http_version_not_supported');
    },
  );

  it('should answer HTTP/1.0 and keep refusing an unknown HTTP/1 minor version as malformed', async () => {
    const old = await exchange('GET /file.txt HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n');
    expect(readAnswerHeads(old)[0]?.status).toBe(200);
    const minor = await exchange('GET /file.txt HTTP/1.2\r\nHost: 127.0.0.1\r\n\r\n');
    expect(readAnswerHeads(minor)[0]?.status).toBe(400);
  });
});

describe('createLocalServer, transfer codings', () => {
  const post = (coding: string, version = '1.1') =>
    `POST /api/echo HTTP/${version}\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
    `Transfer-Encoding: ${coding}\r\n\r\n2\r\n{}\r\n0\r\n\r\n`;

  it.each(['gzip, chunked', 'identity, chunked', 'deflate'])(
    'should refuse Transfer-Encoding: %s with a 501 problem, unread, and close',
    async (coding) => {
      const received = await exchange(post(coding));
      const answers = readAnswerHeads(received);
      expect(answers.map((answer) => answer.status)).toEqual([501]);
      expect(answers[0]?.headers.connection).toBe('close');
      expect(readProblem(received).code).toBe('not_implemented');
      expect(received).not.toContain(' read ');
    },
  );

  it('should read a chunked body, whatever the case of the coding', async () => {
    for (const coding of ['chunked', 'Chunked']) {
      const received = await exchange(post(coding));
      expect(readAnswerHeads(received)[0]?.status, coding).toBe(200);
      expect(received, coding).toContain(' read {}');
    }
  });

  it('should refuse a Transfer-Encoding in an HTTP/1.0 request with a 400 problem', async () => {
    const received = await exchange(post('chunked', '1.0'));
    expect(readAnswerHeads(received)[0]?.status).toBe(400);
    expect(readProblem(received).code).toBe('bad_request');
  });
});

describe('createLocalServer, Expect: 100-continue', () => {
  const head = (path: string, length: number, method = 'POST') =>
    `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
    `Content-Length: ${length}\r\nExpect: 100-continue\r\n\r\n`;

  it('should refuse a Content-Length over the limit with 413 and never send 100', async () => {
    const received = await exchange(head('/api/echo', 1_000_000));
    expect(received).toMatch(/^HTTP\/1\.1 413 /);
    expect(received).not.toContain('100 Continue');
    expect(readAnswerHeads(received)[0]?.headers.connection).toBe('close');
  });

  it('should refuse on the head alone (a method a file lacks) without sending 100', async () => {
    const received = await exchange(head('/file.txt', 10, 'PUT'));
    expect(received).toMatch(/^HTTP\/1\.1 405 /);
    expect(received).not.toContain('100 Continue');
  });

  it('should send 100 when the function reads a body within its limit, then answer it', async () => {
    const received = await exchange(head('/api/echo', 2), '{}');
    expect(received).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 200 /);
    expect(received).toContain(' read {}');
  });
});

describe('createLocalServer, request targets', () => {
  it('should answer OPTIONS * with 204, the methods of the whole server and no body', async () => {
    const received = await exchange('OPTIONS * HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    const [answer] = readAnswerHeads(received);
    expect(answer?.status).toBe(204);
    const allow = answer?.headers.allow?.split(', ') ?? [];
    expect([...allow].sort()).toEqual(
      ['DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT'].sort(),
    );
    expect(received.endsWith('\r\n\r\n')).toBe(true);
  });

  it('should give OPTIONS * the security headers of every answer, and no rule of one path', async () => {
    const received = await exchange('OPTIONS * HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    const headers = readAnswerHeads(received)[0]?.headers ?? {};
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
      // Over http the server leaves HSTS out (RFC 6797 §7.2), as on every other answer.
      if (name === 'Strict-Transport-Security') expect(headers[name.toLowerCase()]).toBeUndefined();
      else expect(headers[name.toLowerCase()], name).toBe(value);
    }
    expect(headers.link).toBeUndefined();
  });

  it('should refuse the asterisk-form to any other method with a 400 problem', async () => {
    const received = await exchange('GET * HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    expect(readAnswerHeads(received)[0]?.status).toBe(400);
    expect(readProblem(received).code).toBe('bad_request');
  });

  it("should hold an absolute-form target's authority, not Host, to the allowed hosts", async () => {
    const foreign = await exchange(
      'GET http://other.example/file.txt HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n',
    );
    expect(readAnswerHeads(foreign)[0]?.status).toBe(403);
    expect(readProblem(foreign).code).toBe('forbidden_host');
    const own = await exchange(
      `GET http://127.0.0.1:${port}/file.txt HTTP/1.1\r\nHost: other.example\r\n\r\n`,
    );
    expect(readAnswerHeads(own)[0]?.status).toBe(200);
    expect(own).toContain('a static file');
  });

  it('should hand a function the URL on its own origin, whatever the authority sent', async () => {
    const received = await exchange(
      'POST http://LOCALHOST:9/api/echo?x=1 HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
        'Content-Type: application/json\r\nContent-Length: 2\r\n\r\n{}',
    );
    expect(received).toContain('http://127.0.0.1/api/echo?x=1 read {}');
  });

  it.each(['ftp://127.0.0.1/file.txt', 'http://user:secret@127.0.0.1/file.txt', 'mailto:x'])(
    'should refuse the absolute-form target %s with a 400 problem',
    async (target) => {
      const received = await exchange(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
      expect(readAnswerHeads(received)[0]?.status).toBe(400);
      expect(readProblem(received).code).toBe('bad_request');
    },
  );
});
