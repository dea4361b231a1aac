import { chooseContentCoding } from '../../src/server/compressed-files.ts';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StaticFileIndex } from '../../src/server/static-files.ts';

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
  ])('should choose %s → %s', (header, coding) => {
    expect(chooseContentCoding(header)).toBe(coding);
  });
});
