import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sirv from 'sirv';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MEMORY_FILE_LIMITS, MemoryFiles } from '../../src/server/memory-files.ts';
import {
  fetchAnswerAsSent,
  fetchConformingSirvAnswer,
  listConditionalRequests,
} from '../support/http-answers.ts';

/** Files of every kind the static output holds, and ones memory must leave to sirv. */
const FILES: Record<string, string | Buffer> = {
  '/llms-full.txt': 'facts '.repeat(4000),
  '/index.html': '<!doctype html><title>home</title>',
  '/docs/index.html': '<!doctype html><title>docs</title>',
  '/openapi.json': '{"openapi":"3.1.0"}',
  '/.well-known/api-catalog': '{"linkset":[]}',
  '/favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  '/empty.txt': '',
  '/.hidden.txt': 'sirv serves no dot-file',
  '/bundle.js.gz': Buffer.from([0x1f, 0x8b, 8, 0]),
  '/with space.txt': 'an unusual name',
  '/large.txt': 'x'.repeat(MEMORY_FILE_LIMITS.fileBytes + 1),
};
/** Files memory keeps; the others stay with sirv. */
const KEPT = [
  '/llms-full.txt',
  '/index.html',
  '/docs/index.html',
  '/openapi.json',
  '/.well-known/api-catalog',
  '/favicon.svg',
  '/empty.txt',
];

/** Headers vercel.json gives a path, set on the response before the file is sent. */
const ROUTE_HEADERS: Record<string, Record<string, string>> = {
  '/llms-full.txt': { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public' },
  '/openapi.json': { 'Cache-Control': 'no-cache', 'X-Content-Type-Options': 'nosniff' },
};

let root: string;
let memory: MemoryFiles;
let fromMemory = new Set<string>();
const servers: Server[] = [];
let sirvUrl: string;
let memoryUrl: string;

/** A server that sets the route headers, then answers from memory when it can, else with sirv. */
async function startServer(useMemory: boolean): Promise<string> {
  const serveFile = sirv(root, { dev: false, etag: true });
  const server = createServer((req, res) => {
    const file = decodeURIComponent(req.url ?? '/');
    for (const [name, value] of Object.entries(ROUTE_HEADERS[file] ?? {})) {
      res.setHeader(name, value);
    }
    res.setHeader('Vary', 'Accept-Encoding');
    if (useMemory && memory.send(req, res, file)) {
      fromMemory.add(file);
      return;
    }
    serveFile(req, res, () => {
      res.writeHead(404).end();
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'memory-files-'));
  for (const [path, content] of Object.entries(FILES)) {
    await mkdir(join(root, path, '..'), { recursive: true });
    await writeFile(join(root, path), content);
  }
  memory = new MemoryFiles(root);
  sirvUrl = await startServer(false);
  memoryUrl = await startServer(true);
});

afterAll(async () => {
  for (const server of servers) server.close();
  await rm(root, { recursive: true, force: true });
});

describe('MemoryFiles', () => {
  it('keeps small files after their first request and leaves the others to sirv', async () => {
    fromMemory = new Set();
    await vi.waitFor(
      async () => {
        for (const path of Object.keys(FILES)) await fetchAnswerAsSent(memoryUrl, path, 'GET', {});
        expect([...fromMemory].sort()).toEqual([...KEPT].sort());
      },
      { timeout: 5000, interval: 20 },
    );
    const keptBytes = KEPT.reduce((sum, path) => sum + Buffer.byteLength(FILES[path] ?? ''), 0);
    expect(memory.bytes).toBe(keptBytes);
  });

  it('answers GET and HEAD byte for byte as sirv does, and conditional requests as RFC 9110 asks', async () => {
    for (const path of Object.keys(FILES)) {
      const first = await fetchAnswerAsSent(sirvUrl, path, 'GET', {});
      // Files memory does not keep are sirv's own answers, 304s included.
      const requests = listConditionalRequests(first).map((request) =>
        KEPT.includes(path) ? request : { ...request, notModified: false },
      );
      for (const request of requests) {
        const { method, headers } = request;
        const expected = await fetchConformingSirvAnswer(sirvUrl, path, request, first);
        const actual = await fetchAnswerAsSent(memoryUrl, path, method, headers);
        expect(actual, `${method} ${path} ${JSON.stringify(headers)}`).toEqual(expected);
      }
    }
  });

  it('keeps no more than its total of bytes', async () => {
    const many = await mkdtemp(join(tmpdir(), 'memory-files-many-'));
    try {
      const size = MEMORY_FILE_LIMITS.fileBytes;
      const count = Math.floor(MEMORY_FILE_LIMITS.totalBytes / size) + 2;
      const chunk = Buffer.alloc(size, 97);
      for (let index = 0; index < count; index += 1) {
        await writeFile(join(many, `file-${index}.txt`), chunk);
      }
      const files = new MemoryFiles(many);
      const fakeRequest = { headers: {}, method: 'GET' } as never;
      const fakeResponse = { writeHead: () => undefined, end: () => undefined } as never;
      for (let index = 0; index < count; index += 1) {
        files.send(fakeRequest, fakeResponse, `/file-${index}.txt`);
      }
      await vi.waitFor(
        () => expect(files.bytes).toBe(Math.floor(MEMORY_FILE_LIMITS.totalBytes / size) * size),
        { timeout: 10_000, interval: 20 },
      );
    } finally {
      await rm(many, { recursive: true, force: true });
    }
  }, 20_000);
});
