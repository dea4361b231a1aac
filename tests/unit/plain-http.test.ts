import { Agent, createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromWebRequest, toWebHandler, type PlainHandler } from '../../src/http/plain-http.ts';
import { serveFunction } from '../../src/http/serve-function.ts';
import { fromNodeRequest, readRequestUrl, sendPlainAnswer } from '../../src/server/node-plain.ts';

const echo: PlainHandler = async (request) => {
  const text = await request.text(1000);
  return text === undefined
    ? { status: 413, headers: { 'Content-Type': 'text/plain' }, body: 'too large' }
    : {
        status: 200,
        headers: { 'Content-Type': 'application/json', 'X-Own': 'handler' },
        body: JSON.stringify({
          method: request.method,
          path: request.url.pathname,
          search: request.url.search,
          accept: request.header('accept') ?? null,
          text,
        }),
      };
};

describe('plain handlers on node:http', () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = createServer((req, res) => {
      const url = readRequestUrl(req, 'https://facts.example.com');
      void echo(fromNodeRequest(req, res, url)).then((answer) =>
        sendPlainAnswer(res, answer, { 'X-Own': 'route', 'X-Route': 'yes' }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('should pass method, path, query, headers and UTF-8 body, and add missing route headers', async () => {
    const response = await fetch(`${base}/mcp?x=1`, {
      method: 'POST',
      headers: { Accept: 'application/json' },
      body: 'héllo',
    });
    expect(response.headers.get('x-own')).toBe('handler');
    expect(response.headers.get('x-route')).toBe('yes');
    expect(await response.json()).toEqual({
      method: 'POST',
      path: '/mcp',
      search: '?x=1',
      accept: 'application/json',
      text: 'héllo',
    });
  });

  it("should write the answer's fields in order, then the route fields it lacks in any case, then the length", async () => {
    const fields = createServer((_req, res) => {
      // A field set before the answer (as page negotiation does) is kept unless the answer names it.
      res.setHeader('Vary', 'Accept');
      res.setHeader('X-Early', 'kept');
      sendPlainAnswer(
        res,
        {
          status: 201,
          headers: { 'X-First': '1', 'content-type': 'text/plain', Vary: 'Origin' },
          body: 'héllo',
        },
        { 'Content-Type': 'text/html', 'X-Route': 'yes' },
      );
    });
    await new Promise<void>((resolve) => fields.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = fields.address() as AddressInfo;
      const raw = await new Promise<{ status: number; headers: string[] }>((resolve, reject) => {
        request({ host: '127.0.0.1', port, agent: false }, (response) => {
          response.resume();
          resolve({ status: response.statusCode ?? 0, headers: response.rawHeaders });
        })
          .on('error', reject)
          .end();
      });
      expect(raw.status).toBe(201);
      const names = raw.headers.filter((_, index) => index % 2 === 0);
      expect(names).toContain('X-Early');
      expect(names.filter((name) => name !== 'X-Early').slice(0, 4)).toEqual([
        'X-First',
        'content-type',
        'Vary',
        'X-Route',
      ]);
      expect(names).not.toContain('Content-Type');
      expect(raw.headers[raw.headers.indexOf('Vary') + 1]).toBe('Origin');
      expect(raw.headers[raw.headers.indexOf('Content-Length') + 1]).toBe('6');
    } finally {
      await new Promise<void>((resolve) => fields.close(() => resolve()));
    }
  });

  it('should refuse a body over the limit, declared or streamed, and close the connection', async () => {
    const declared = await fetch(`${base}/mcp`, { method: 'POST', body: 'x'.repeat(5000) });
    expect(declared.status).toBe(413);
    expect(declared.headers.get('connection')).toBe('close');
    const streamed = await fetch(`${base}/mcp`, {
      method: 'POST',
      body: new Blob(['x'.repeat(5000)]).stream(),
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(streamed.headers.get('connection')).toBe('close');
  });

  it('should read a body node:http has parsed in full before it is asked for, and keep the connection', async () => {
    // As in the local server, where the rate limit is counted before the body is read.
    const complete: boolean[] = [];
    const late = createServer((req, res) => {
      const url = readRequestUrl(req, 'https://facts.example.com');
      setImmediate(() => {
        complete.push(req.complete);
        void echo(fromNodeRequest(req, res, url)).then((answer) =>
          sendPlainAnswer(res, answer, {}),
        );
      });
    });
    await new Promise<void>((resolve) => late.listen(0, '127.0.0.1', resolve));
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const { port } = late.address() as AddressInfo;
    const post = (body: string, chunked = false) => postOverAgent(agent, port, body, chunked);
    try {
      for (const body of ['héllo', '', 'y'.repeat(1000)]) {
        const answer = await post(body);
        expect(answer.headers.connection).toBe('keep-alive');
        expect((JSON.parse(answer.text) as { text: string }).text).toBe(body);
      }
      const over = await post('x'.repeat(1001), true);
      expect(over.status).toBe(413);
      expect(over.headers.connection).toBe('close');
      expect(complete).toEqual([true, true, true, true]);
    } finally {
      agent.destroy();
      late.closeAllConnections();
      await new Promise<void>((resolve) => late.close(() => resolve()));
    }
  });

  it('should read a body asked for at the request event, end the request, and send parts as one answer', async () => {
    // As in the local server, where a handler asks for the body before node:http has parsed it.
    const seen: { buffered: number; ended: boolean; complete: boolean }[] = [];
    const parts = createServer((req, res) => {
      const buffered = req.readableLength;
      const url = readRequestUrl(req, 'https://facts.example.com');
      void fromNodeRequest(req, res, url)
        .text(1000)
        .then((text) => {
          req.once('end', () => seen.push({ buffered, ended: true, complete: req.complete }));
          sendPlainAnswer(
            res,
            {
              status: 200,
              headers: {},
              body: [`{"text":${JSON.stringify(text)},`, Buffer.from('"é":1}')],
            },
            {},
          );
        });
    });
    await new Promise<void>((resolve) => parts.listen(0, '127.0.0.1', resolve));
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const { port } = parts.address() as AddressInfo;
    const post = (body: string) => postOverAgent(agent, port, body);
    try {
      for (const body of ['héllo', '', 'y'.repeat(1000)]) {
        const answer = await post(body);
        expect(answer.headers.connection).toBe('keep-alive');
        expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(answer.text));
        expect(JSON.parse(answer.text)).toEqual({ text: body, é: 1 });
      }
      // The body was not yet parsed when asked for, and each request stream still ended.
      expect(seen.map(({ buffered }) => buffered)).toEqual([0, 0, 0]);
      expect(seen.every(({ ended, complete }) => ended && complete)).toBe(true);
    } finally {
      agent.destroy();
      parts.closeAllConnections();
      await new Promise<void>((resolve) => parts.close(() => resolve()));
    }
  });

  it('should keep a path that starts with two slashes on our origin', () => {
    const url = readRequestUrl({ url: '//evil.example/mcp' } as never, 'https://facts.example.com');
    expect(url.host).toBe('facts.example.com');
    expect(url.pathname).toBe('//evil.example/mcp');
  });
});

describe('plain handlers on web requests', () => {
  it('should read a web Request the same way', async () => {
    const response = await toWebHandler(echo)(
      new Request('https://facts.example.com/mcp?x=1', {
        method: 'POST',
        headers: { Accept: 'text/plain' },
        body: 'hi',
      }),
    );
    expect(await response.json()).toMatchObject({ path: '/mcp', accept: 'text/plain', text: 'hi' });
    const large = fromWebRequest(
      new Request('https://facts.example.com/mcp', { method: 'POST', body: 'x'.repeat(2000) }),
    );
    expect(await large.text(1000)).toBeUndefined();
  });
});

describe('serveFunction, the guard', () => {
  it('should turn a failure into a 500 problem naming only a request id, logged once', async () => {
    const logged: Record<string, unknown>[] = [];
    const guarded = serveFunction(
      async () => {
        throw new Error('secret detail at /srv/app/api/mcp.ts');
      },
      { siteUrl: 'https://facts.example.com', limiter: null, log: (entry) => logged.push(entry) },
    );
    const answer = await guarded(
      fromWebRequest(new Request('https://facts.example.com/api/x', { method: 'POST' })),
    );
    expect(answer.status).toBe(500);
    const requestId = answer.headers['X-Request-Id'];
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    const body = String(answer.body);
    expect(body).not.toContain('secret');
    expect(body).not.toContain('/srv/');
    expect(JSON.parse(body)).toMatchObject({
      status: 500,
      code: 'internal_error',
      instance: '/api/x',
      detail: expect.stringContaining(requestId ?? 'missing') as string,
    });
    expect(logged).toEqual([
      expect.objectContaining({ requestId, method: 'POST', path: '/api/x' }),
    ]);
    expect(String(logged[0]?.error)).toContain('secret detail');
  });
});

/**
 * POSTs `body` to /mcp on 127.0.0.1:`port` through `agent` (kept alive), framed by its length or,
 * when `chunked`, in chunks. node:http sends the head and a small body in one write, as load
 * generators and SDKs do.
 */
function postOverAgent(
  agent: Agent,
  port: number,
  body: string,
  chunked = false,
): Promise<{ status: number; headers: IncomingHttpHeaders; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ agent, port, host: '127.0.0.1', path: '/mcp', method: 'POST' }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on('error', reject);
    if (!chunked) req.setHeader('Content-Length', Buffer.byteLength(body));
    req.end(body);
  });
}
