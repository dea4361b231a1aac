import { chooseContentCoding } from '../../src/server/compressed-files.ts';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { createLocalServer } from '../../src/server/local-server.ts';
import { StaticFileIndex } from '../../src/server/static-files.ts';
import { BUILT_IN_ROUTES } from '../../src/service/routes.ts';

let root: string;
let index: StaticFileIndex;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'static-'));
  await mkdir(join(root, 'out/docs'), { recursive: true });
  await mkdir(join(root, 'out/.well-known'), { recursive: true });
  await writeFile(join(root, 'out/index.html'), 'home');
  await writeFile(join(root, 'out/docs/index.html'), 'docs');
  await writeFile(join(root, 'out/.well-known/api-catalog'), '{}');
  await writeFile(join(root, 'secret.txt'), 'outside the output folder');
  index = await StaticFileIndex.load(join(root, 'out'));
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('StaticFileIndex.resolve', () => {
  it('should resolve files and directory indexes, including dot folders', () => {
    expect(index.resolve('/')).toBe('/index.html');
    expect(index.resolve('/docs')).toBe('/docs/index.html');
    expect(index.resolve('/docs/')).toBe('/docs/index.html');
    expect(index.resolve('/.well-known/api-catalog')).toBe('/.well-known/api-catalog');
  });

  it.each([
    '/../secret.txt',
    '/%2e%2e/secret.txt',
    '/docs/..%2f..%2fsecret.txt',
    '/%2e%2e%2fsecret.txt',
    '/docs%00/index.html',
    '/%E0%A4%A',
    '/docs/../../secret.txt',
  ])('should never resolve %s to a file outside the output folder', (path) => {
    expect(index.resolve(path)).toBeUndefined();
  });
});

describe('StaticFileIndex.resolve of percent-encoded paths', () => {
  it.each(['/docs/index%2ehtml', '/%64ocs/', '/index.htm%6c', '/docs%2Findex.html', '/%7e'])(
    'should name no file for %s, which encodes a character it need not',
    (path) => {
      expect(index.resolve(path)).toBeUndefined();
    },
  );

  it('should still resolve a name that must be encoded', async () => {
    await writeFile(join(root, 'out/with space é.txt'), 'x');
    const withSpace = await StaticFileIndex.load(join(root, 'out'));
    expect(withSpace.resolve('/with%20space%20%C3%A9.txt')).toBe('/with space é.txt');
  });
});

describe('createLocalServer', () => {
  it('should answer 404, never the file without its headers, for an encoded spelling', async () => {
    const apiDir = await mkdtemp(join(tmpdir(), 'encoded-api-'));
    const server = await createLocalServer({
      staticDir: join(root, 'out'),
      apiDir,
      routes: BUILT_IN_ROUTES,
      vercelConfig: {
        headers: [{ source: '/docs', headers: [{ key: 'X-Surface', value: 'docs' }] }],
      },
      siteUrl: 'http://127.0.0.1',
      log: () => undefined,
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const canonical = await fetch(`${base}/docs`);
      expect(canonical.status).toBe(200);
      expect(canonical.headers.get('x-surface')).toBe('docs');
      for (const path of ['/%64ocs', '/doc%73', '/docs/index%2ehtml']) {
        const answer = await fetch(`${base}${path}`);
        expect(answer.status, path).toBe(404);
        expect(await answer.text()).not.toBe('docs');
      }
    } finally {
      server.close();
      await rm(apiDir, { recursive: true, force: true });
    }
  });
});

describe('chooseContentCoding', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['identity', undefined],
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['BR;q=0.1', 'br'],
    ['gzip;q=0, br;q=0', undefined],
    ['gzip;q=0.9, br;q=0.1', 'gzip'],
    ['br;q=0.5, gzip;q=0.5', 'br'],
    ['*', 'br'],
    ['*;q=0.5, br;q=0.2', 'gzip'],
    ['gzip, *;q=0', 'gzip'],
    ['br;q=abc, gzip', 'gzip'],
  ])('should choose %s → %s', (header, coding) => {
    expect(chooseContentCoding(header)).toBe(coding);
  });
});
