import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpsServer, type Server } from 'node:https';
import { createServer as createTcpServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ClientMetadataFetchPolicy } from '../../src/oauth/client-metadata-fetch.ts';
import { STRICT_FETCH_POLICY } from '../../src/oauth/client-metadata-fetch.ts';

/**
 * A self-signed certificate for 127.0.0.1, localhost and metadata.test (a name a test's own name
 * server resolves), made by the system's openssl.
 */
export function makeCertificate(): { key: string; cert: string } {
  const dir = mkdtempSync(join(tmpdir(), 'cimd-cert-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=IP:127.0.0.1,DNS:localhost,DNS:metadata.test',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return {
      key: readFileSync(join(dir, 'key.pem'), 'utf8'),
      cert: readFileSync(join(dir, 'cert.pem'), 'utf8'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A real https server on 127.0.0.1 that serves what each test puts at a path, and counts. */
export interface DocumentServer {
  readonly origin: string;
  readonly cert: string;
  /** Connections accepted and requests answered so far. */
  readonly counts: { connections: number; requests: number };
  /** What a path answers. */
  route(path: string, handler: (req: IncomingMessage, res: ServerResponse) => void): void;
  /** Serves a JSON document at a path, with extra headers. */
  serveJson(path: string, document: unknown, headers?: Record<string, string>): string;
  /** The fetch policy a test passes in process: this server's certificate, 127.0.0.1 allowed. */
  readonly testPolicy: ClientMetadataFetchPolicy;
  close(): Promise<void>;
}

export async function startDocumentServer(): Promise<DocumentServer> {
  const { key, cert } = makeCertificate();
  const routes = new Map<string, (req: IncomingMessage, res: ServerResponse) => void>();
  const counts = { connections: 0, requests: 0 };
  const server: Server = createHttpsServer({ key, cert }, (req, res) => {
    counts.requests += 1;
    const handler = routes.get(new URL(req.url ?? '/', 'https://x').pathname);
    if (handler) handler(req, res);
    else res.writeHead(404).end();
  });
  server.on('connection', () => (counts.connections += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    cert,
    counts,
    route: (path, handler) => routes.set(path, handler),
    serveJson(path, document, headers = {}) {
      routes.set(path, (_req, res) => {
        res.writeHead(200, { 'Content-Type': 'application/json', ...headers });
        res.end(JSON.stringify(document));
      });
      return `${origin}${path}`;
    },
    testPolicy: {
      ...STRICT_FETCH_POLICY,
      trustedCertificates: [cert],
      permitAddress: (address) => address === '127.0.0.1',
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A plain TCP listener that only counts the connections it gets: proof that none was made. */
export async function startConnectionCounter(): Promise<{
  port: number;
  connections: () => number;
  close: () => Promise<void>;
}> {
  let connections = 0;
  const server = createTcpServer((socket) => {
    connections += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    connections: () => connections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
