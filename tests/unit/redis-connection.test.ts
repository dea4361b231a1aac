import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createServer as createTlsServer } from 'node:tls';
import { afterEach, describe, expect, it } from 'vitest';
import {
  isCommandFailure,
  openRedisConnection,
  readRedisEndpoint,
  RedisConnection,
} from '../../src/shared-state/redis-connection.ts';
import { RespReader } from '../../src/shared-state/resp.ts';
import { makeCertificate } from '../support/https-document-server.ts';
import { NODE, ROOT, runCommand } from '../support/processes.ts';

const TIMEOUTS = { connectMs: 300, commandMs: 200 };

/** A RESP server each test scripts: `answer` gets every command as it arrives, and its socket. */
interface ScriptedServer {
  readonly port: number;
  readonly url: string;
  /** Every command received, in order. */
  readonly commands: string[][];
  /** The TLS server name each connection asked for (SNI). */
  readonly serverNames: (string | false | null)[];
}

const servers: Server[] = [];
const connections: RedisConnection[] = [];

afterEach(async () => {
  await Promise.all(connections.splice(0).map((connection) => connection.close()));
  for (const server of servers.splice(0)) server.close();
});

function serveCommands(
  answer: (command: string[], socket: Socket) => void,
  tls?: { key: string; cert: string },
): Promise<ScriptedServer> {
  const commands: string[][] = [];
  const serverNames: (string | false | null)[] = [];
  const onSocket = (socket: Socket) => {
    const reader = new RespReader();
    socket.on('error', () => undefined);
    socket.on('data', (chunk: Buffer) => {
      const read = reader.push(chunk);
      if ('malformed' in read) throw new Error(read.malformed);
      for (const command of read as string[][]) {
        commands.push(command);
        answer(command, socket);
      }
    });
  };
  const server = tls
    ? createTlsServer(tls, (socket) => {
        serverNames.push(socket.servername);
        onSocket(socket);
      })
    : createServer(onSocket);
  servers.push(server);
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      const scheme = tls ? 'rediss://localhost' : 'redis://127.0.0.1';
      resolve({ port, url: `${scheme}:${port}`, commands, serverNames });
    });
  });
}

/** A connection to `url` that the test expects to open. */
async function connect(url: string): Promise<RedisConnection> {
  const connection = await openRedisConnection(readRedisEndpoint(url), TIMEOUTS);
  if (isCommandFailure(connection)) throw new Error(connection.unavailable);
  connections.push(connection);
  return connection;
}

const failure = (unavailable: RegExp, timedOut = false): unknown =>
  expect.objectContaining({ unavailable: expect.stringMatching(unavailable), timedOut });

describe('readRedisEndpoint', () => {
  it.each([
    [
      'redis://127.0.0.1',
      { host: '127.0.0.1', port: 6379, tls: false, username: undefined, password: undefined },
    ],
    [
      'rediss://default:p%40ss%2Fw@cache.example:6380/3',
      { host: 'cache.example', port: 6380, tls: true, username: 'default', password: 'p@ss/w' },
    ],
    ['redis://:secret@[::1]:7000/', { host: '::1', port: 7000, password: 'secret', db: 0 }],
  ])('should read %s', (url, endpoint) => {
    expect(readRedisEndpoint(url)).toMatchObject(endpoint);
  });
});

describe('RedisConnection', () => {
  it('should read a reply that arrives in many TCP chunks', async () => {
    const server = await serveCommands((_, socket) => {
      socket.setNoDelay(true);
      void (async () => {
        for (const byte of Buffer.from('$11\r\nhello world\r\n')) {
          socket.write(Buffer.from([byte]));
          await sleep(2);
        }
      })();
    });
    const connection = await connect(server.url);
    expect(await connection.command(['GET', 'k'])).toBe('hello world');
  });

  it('should match several replies arriving in one chunk to their commands, in order', async () => {
    const server = await serveCommands((_, socket) => {
      if (server.commands.length === 3) socket.write('$1\r\na\r\n$-1\r\n:7\r\n');
    });
    const connection = await connect(server.url);
    const answers = await Promise.all([
      connection.command(['GET', 'a']),
      connection.command(['GET', 'nothing']),
      connection.command(['INCR', 'n']),
    ]);
    expect(answers).toEqual(['a', null, 7]);
    expect(server.commands).toEqual([
      ['GET', 'a'],
      ['GET', 'nothing'],
      ['INCR', 'n'],
    ]);
  });

  it('should give an error reply as such and stay open', async () => {
    const server = await serveCommands(([name], socket) => {
      socket.write(name === 'NOPE' ? '-ERR unknown command\r\n' : '+PONG\r\n');
    });
    const connection = await connect(server.url);
    expect(await connection.command(['NOPE'])).toEqual({ error: 'ERR unknown command' });
    expect(connection.open).toBe(true);
    expect(await connection.command(['PING'])).toBe('PONG');
  });

  it('should fail the command when the server closes mid-reply, and every later one', async () => {
    const server = await serveCommands((_, socket) => {
      socket.end('$10\r\nhel');
    });
    const connection = await connect(server.url);
    expect(await connection.command(['GET', 'k'])).toEqual(failure(/closed by the server/));
    expect(connection.open).toBe(false);
    expect(await connection.command(['GET', 'k'])).toEqual(failure(/closed by the server/));
  });

  it('should close the connection when a reply is late, failing every command waiting', async () => {
    const server = await serveCommands(() => undefined);
    const connection = await connect(server.url);
    const answers = await Promise.all([
      connection.command(['GET', 'a']),
      connection.command(['GET', 'b']),
    ]);
    expect(answers).toEqual([failure(/no reply within/, true), failure(/no reply within/, true)]);
    expect(connection.open).toBe(false);
  });

  it('should close the connection on bytes that are not RESP', async () => {
    const server = await serveCommands((_, socket) => socket.write('HTTP/1.1 400 Bad Request\r\n'));
    const connection = await connect(server.url);
    expect(await connection.command(['PING'])).toEqual(failure(/protocol error/));
    expect(connection.open).toBe(false);
  });

  it('should close the connection on a reply to no command', async () => {
    const server = await serveCommands((_, socket) => socket.write('+PONG\r\n+PONG\r\n'));
    const connection = await connect(server.url);
    expect(await connection.command(['PING'])).toBe('PONG');
    await sleep(20);
    expect(connection.open).toBe(false);
    expect(connection.failure).toMatch(/a reply to no command/);
  });
});

describe('openRedisConnection', () => {
  it("should log in with the URL's user and password, then select its database", async () => {
    const server = await serveCommands((_, socket) => socket.write('+OK\r\n'));
    const connection = await connect(server.url.replace('//', '//alice:p%40ss@') + '/3');
    expect(await connection.command(['PING'])).toBe('OK');
    expect(server.commands).toEqual([['AUTH', 'alice', 'p@ss'], ['SELECT', '3'], ['PING']]);
  });

  it('should log in with a password alone, and send nothing for database 0', async () => {
    const server = await serveCommands((_, socket) => socket.write('+OK\r\n'));
    await connect(server.url.replace('//', '//:secret@') + '/0');
    await connect(server.url);
    expect(server.commands).toEqual([['AUTH', 'secret']]);
  });

  it('should answer unavailable when the server refuses the password', async () => {
    const server = await serveCommands((_, socket) =>
      socket.write('-WRONGPASS invalid username-password pair or user is disabled.\r\n'),
    );
    const answer = await openRedisConnection(
      readRedisEndpoint(server.url.replace('//', '//:wrong@')),
      TIMEOUTS,
    );
    expect(answer).toEqual(failure(/^cannot connect: WRONGPASS/));
  });

  it('should answer unavailable when nothing listens', async () => {
    const answer = await openRedisConnection(readRedisEndpoint('redis://127.0.0.1:1'), TIMEOUTS);
    expect(answer).toEqual(failure(/^cannot connect: connect ECONNREFUSED/));
  });

  it('should give up within the connect time-out when the TLS handshake never ends', async () => {
    // A TCP server that says nothing and discards what it reads (the client's TLS hello, which a
    // RESP server would refuse as malformed): a rediss:// client waits for its handshake.
    const silent = createServer((socket) => {
      socket.on('error', () => undefined);
      socket.resume();
    });
    servers.push(silent);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    const answer = await openRedisConnection(
      readRedisEndpoint(`rediss://localhost:${port}`),
      TIMEOUTS,
    );
    expect(answer).toEqual(failure(/^cannot connect: timed out$/, true));
  });

  it('should refuse a TLS server whose certificate it does not trust', async () => {
    const server = await serveCommands((_, socket) => socket.write('+PONG\r\n'), makeCertificate());
    const answer = await openRedisConnection(readRedisEndpoint(server.url), TIMEOUTS);
    expect(answer).toEqual(failure(/^cannot connect: self-signed certificate/));
  });

  it('should speak TLS to rediss://, sending the host name for SNI and checking it', async () => {
    const certificate = makeCertificate();
    const server = await serveCommands((_, socket) => socket.write('+PONG\r\n'), certificate);
    const caFile = join(mkdtempSync(join(tmpdir(), 'redis-ca-')), 'ca.pem');
    writeFileSync(caFile, certificate.cert);
    // Node reads extra CAs only when it starts, so the client runs in a process of its own.
    const script = `
      import { openRedisConnection, readRedisEndpoint } from '${ROOT}src/shared-state/redis-connection.ts';
      const connection = await openRedisConnection(readRedisEndpoint(process.env.REDIS_URL), { connectMs: 2000, commandMs: 1000 });
      if ('unavailable' in connection) { console.log(JSON.stringify(connection)); process.exit(0); }
      console.log(JSON.stringify(await connection.command(['PING'])));
      await connection.close();
    `;
    const run = await runCommand(NODE, ['--input-type=module', '-e', script], {
      REDIS_URL: server.url,
      NODE_EXTRA_CA_CERTS: caFile,
    });
    expect(run).toMatchObject({ code: 0, stdout: '"PONG"\n' });
    expect(server.serverNames).toEqual(['localhost']);
  });
});
