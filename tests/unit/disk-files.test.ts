import { mkdir, mkdtemp, rm, truncate, unlink, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sirv from 'sirv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiskFiles } from '../../src/server/disk-files.ts';
import { createLocalServer } from '../../src/server/local-server.ts';
import { BUILT_IN_ROUTES } from '../../src/service/routes.ts';
import {
  fetchAnswerAsSent,
  fetchConformingSirvAnswer,
  listConditionalRequests,
} from '../support/http-answers.ts';

/** Files of every kind the static output holds. */
const FILES: Record<string, string | Buffer> = {
  '/llms-full.txt': 'facts '.repeat(20_000),
  '/index.html': '<!doctype html><title>home</title>',
  '/openapi.json': '{"openapi":"3.1.0"}',
  '/.well-known/api-catalog': '{"linkset":[]}',
  '/empty.txt': '',
  '/.hidden.txt': 'sirv serves no dot-file',
  '/bundle.js.gz': Buffer.from([0x1f, 0x8b, 8, 0]),
  '/with space.txt': 'an unusual name',
  '/pagefind/fragment.pf_fragment': Buffer.alloc(3000, 7),
};

/** Headers vercel.json gives a path, set on the response before the file is sent. */
const ROUTE_HEADERS: Record<string, Record<string, string>> = {
  '/llms-full.txt': { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public' },
  '/openapi.json': { 'Cache-Control': 'no-cache', 'X-Content-Type-Options': 'nosniff' },
};

let root: string;
const servers: Server[] = [];

async function listen(server: Server): Promise<string> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A server that sets the route headers, then answers with sirv or with DiskFiles. */
function startServer(useDisk: boolean, log: (entry: object) => void = () => {}) {
  const serveFile = sirv(root, { dev: false, etag: true });
  const disk = new DiskFiles(root, log);
  return listen(
    createServer((req, res) => {
      const file = decodeURIComponent(req.url ?? '/');
      for (const [name, value] of Object.entries(ROUTE_HEADERS[file] ?? {})) {
        res.setHeader(name, value);
      }
      res.setHeader('Vary', 'Accept-Encoding');
      const missing = () => {
        res.writeHead(404).end();
      };
      if (useDisk) disk.send(req, res, file, missing);
      else serveFile(req, res, missing);
    }),
  );
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'disk-files-'));
  for (const [path, content] of Object.entries(FILES)) {
    await mkdir(join(root, path, '..'), { recursive: true });
    await writeFile(join(root, path), content);
  }
});

afterAll(async () => {
  for (const server of servers) server.close();
  await rm(root, { recursive: true, force: true });
});

describe('DiskFiles', () => {
  it('should answer GET and HEAD byte for byte as sirv does, and conditional requests as RFC 9110 asks', async () => {
    const sirvUrl = await startServer(false);
    const diskUrl = await startServer(true);
    for (const path of Object.keys(FILES)) {
      const first = await fetchAnswerAsSent(sirvUrl, path);
      for (const request of listConditionalRequests(first)) {
        const { method, headers } = request;
        const expected = await fetchConformingSirvAnswer(sirvUrl, path, request, first);
        const actual = await fetchAnswerAsSent(diskUrl, path, method, headers);
        expect(actual, `${method} ${path} ${JSON.stringify(headers)}`).toEqual(expected);
      }
    }
  });
});

describe('createLocalServer', () => {
  it('should keep serving while the build is deleted and rewritten under it', async () => {
    const build = await mkdtemp(join(tmpdir(), 'vanishing-build-'));
    const apiDir = await mkdtemp(join(tmpdir(), 'vanishing-api-'));
    const big = (fill: number, size: number) => Buffer.alloc(size, fill);
    const names = ['/a.bin', '/b.bin', '/pagefind/c.pf_fragment', '/d.txt', '/small.txt'];
    const write = async (name: string, content: Buffer | string) => {
      await mkdir(join(build, name, '..'), { recursive: true });
      await writeFile(join(build, name), content);
    };
    try {
      await write('/404.html', 'not here');
      for (const name of names) await write(name, big(97, 2 * 1024 * 1024));
      await write('/small.txt', 'small');
      const logged: object[] = [];
      const server = await createLocalServer({
        staticDir: build,
        apiDir,
        routes: BUILT_IN_ROUTES,
        vercelConfig: {},
        siteUrl: 'http://127.0.0.1',
        log: (entry) => logged.push(entry),
      });
      const base = await listen(server);

      // Gone before the first request: the 404 page, with or without compression.
      await unlink(join(build, 'small.txt'));
      await unlink(join(build, 'd.txt'));
      expect((await fetchAnswerAsSent(base, '/small.txt')).status).toBe(404);
      expect(
        (await fetchAnswerAsSent(base, '/d.txt', 'GET', { 'Accept-Encoding': 'gzip' })).status,
      ).toBe(404);

      // Deleted, rewritten with other sizes and cut short while requests stream them.
      const outcomes = { complete: 0, missing: 0, cut: 0 };
      for (let round = 0; round < 6; round += 1) {
        const requests = Array.from({ length: 12 }, (_, index) =>
          fetchAnswerAsSent(base, names[index % 3] ?? '/a.bin').then(
            (answer) => {
              if (answer.status === 404) {
                outcomes.missing += 1;
                return;
              }
              expect(answer.status).toBe(200);
              const length = answer.headers[answer.headers.indexOf('Content-Length') + 1];
              expect(answer.body.length).toBe(Number(length));
              outcomes.complete += 1;
            },
            () => {
              outcomes.cut += 1;
            },
          ),
        );
        const changes = [
          unlink(join(build, 'a.bin')),
          write('/b.bin', big(98 + round, (1 + round) * 300_000)),
          truncate(join(build, 'pagefind/c.pf_fragment'), 1000 * round),
        ];
        await Promise.all([...requests, ...changes]);
        await write('/a.bin', big(99, 2 * 1024 * 1024));
        await write('/pagefind/c.pf_fragment', big(100, 2 * 1024 * 1024));
      }
      expect(outcomes.complete + outcomes.missing + outcomes.cut).toBe(72);
      expect(outcomes.complete).toBeGreaterThan(0);

      // Still serving, with each file read as it is now.
      const after = await fetchAnswerAsSent(base, '/b.bin');
      expect(after.status).toBe(200);
      expect(after.body.length).toBe(6 * 300_000);
      const files = logged.map((entry) => (entry as { file?: string }).file);
      expect(new Set(files).size).toBe(files.length);
    } finally {
      await rm(build, { recursive: true, force: true });
      await rm(apiDir, { recursive: true, force: true });
    }
  }, 30_000);
});
