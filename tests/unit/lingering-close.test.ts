import { request } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFolderServer, type FolderServer } from '../support/folder-server.ts';

/** A function that refuses as the service's do: 415 before reading, 413 past 256 KiB. */
const READER_FUNCTION = `
export async function plain(request) {
  if (request.header('content-type') !== 'application/json') {
    return { status: 415, headers: { 'Content-Type': 'text/plain' }, body: 'unsupported' };
  }
  const text = await request.text(256 * 1024);
  if (text === undefined) return { status: 413, headers: {}, body: 'too large' };
  return { status: 200, headers: {}, body: 'read ' + text.length };
}
`;

const BODY = Buffer.alloc(1024 * 1024, 120);

/** Each early refusal, by request: a static file (405), an API path (413, and 415 unread). */
const REFUSALS = [
  { method: 'PUT', path: '/file.txt', type: 'application/json', status: 405 },
  { method: 'POST', path: '/api/reader', type: 'application/json', status: 413 },
  { method: 'POST', path: '/api/reader', type: 'text/plain', status: 415 },
  { method: 'POST', path: '/file.txt', type: 'application/octet-stream', status: 405 },
] as const;

let served: FolderServer;
let base: string;

/** Sends a 1 MiB body on a new connection; the status the client received, or its error code. */
function sendLargeBody(refusal: (typeof REFUSALS)[number]): Promise<number | string> {
  return new Promise((resolve) => {
    const outgoing = request(
      `${base}${refusal.path}`,
      {
        method: refusal.method,
        agent: false,
        headers: { 'Content-Type': refusal.type, 'Content-Length': BODY.length },
      },
      (incoming) => {
        incoming.resume();
        incoming.on('end', () => resolve(incoming.statusCode ?? 0));
        incoming.on('error', () => resolve(incoming.statusCode ?? 0));
      },
    );
    outgoing.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
    // Sent in pieces, as a client on a network sends it: the answer comes while it is still sending.
    let offset = 0;
    const sendNext = () => {
      if (outgoing.destroyed) return;
      const piece = BODY.subarray(offset, offset + 64 * 1024);
      offset += piece.length;
      if (offset >= BODY.length) outgoing.end(piece);
      else outgoing.write(piece, () => setTimeout(sendNext, 1));
    };
    sendNext();
  });
}

beforeAll(async () => {
  served = await startFolderServer('lingering-close-', {
    'file.txt': 'a static file',
    'reader.ts': READER_FUNCTION,
  });
  base = `http://127.0.0.1:${served.port}`;
});

afterAll(() => served.stop());

describe('createLocalServer', () => {
  it('should deliver an early refusal of a 1 MiB body to 200 clients in a row', async () => {
    const received: Array<number | string> = [];
    for (let index = 0; index < 200; index += 1) {
      received.push(await sendLargeBody(REFUSALS[index % REFUSALS.length]!));
    }
    const expected = received.map((_, index) => REFUSALS[index % REFUSALS.length]!.status);
    expect(received).toEqual(expected);
  }, 60_000);

  it('should deliver an early refusal of a 1 MiB body to 200 clients at once', async () => {
    const received = await Promise.all(
      Array.from({ length: 200 }, (_, index) =>
        // At most 50 at once: the per-client connection cap is 64.
        new Promise((resolve) => setTimeout(resolve, Math.floor(index / 50) * 200)).then(() =>
          sendLargeBody(REFUSALS[index % REFUSALS.length]!),
        ),
      ),
    );
    const expected = received.map((_, index) => REFUSALS[index % REFUSALS.length]!.status);
    expect(received).toEqual(expected);
  }, 60_000);

  it('should close a connection whose client never stops sending, after the answer', async () => {
    const port = Number(new URL(base).port);
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
    });
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.on('error', () => {});
    socket.write(
      'POST /api/reader HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/plain\r\n' +
        'Content-Length: 1000000000\r\n\r\n',
    );
    const piece = Buffer.alloc(64 * 1024, 120);
    const keepSending = () => {
      if (!socket.destroyed && socket.writable)
        socket.write(piece, () => setImmediate(keepSending));
    };
    keepSending();
    await closed;
    expect(received).toMatch(/^HTTP\/1\.1 415 /);
  }, 30_000);

  it('should not answer a request sent behind the last answer of a connection', async () => {
    const port = Number(new URL(base).port);
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
    });
    socket.on('error', () => {});
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    // 100 KiB of body: past what is drained, so the answer closes the connection.
    socket.write(
      'POST /api/reader HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/plain\r\n' +
        'Content-Length: 102400\r\n\r\n',
    );
    socket.write(Buffer.alloc(102_400, 120));
    socket.write('GET /file.txt HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    await closed;
    expect(received.match(/HTTP\/1\.1 /g)).toHaveLength(1);
    expect(received).toMatch(/^HTTP\/1\.1 415 /);
  }, 30_000);
});
