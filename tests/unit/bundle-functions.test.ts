import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { bundleFunctions, listUnbundledEntries } from '../../src/integrations/bundle-functions.ts';

describe('listUnbundledEntries', () => {
  it('should name the functions that have no bundle yet, such as one added since', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bundles-'));
    try {
      mkdirSync(join(dir, 'mcp'));
      writeFileSync(join(dir, 'mcp', 'mcp.mjs'), 'export {};');
      mkdirSync(join(dir, 'insight'));
      const entries = ['mcp', 'insight', 'a2a'].map((name) => ({ name, source: `${name}.ts` }));
      expect(listUnbundledEntries(entries, dir).map(({ name }) => name)).toEqual([
        'insight',
        'a2a',
      ]);
      expect(listUnbundledEntries(entries, join(dir, 'none'))).toHaveLength(3);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('bundleFunctions', () => {
  it('should build a module shared behind import() once, and copy it beside each function that imports it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bundles-'));
    try {
      const source = (name: string, text: string) => {
        writeFileSync(join(dir, name), text);
        return join(dir, name);
      };
      // The shared module loads a module of its own on first use: built with the shared module,
      // that chunk is named after it (heavy-word-<hash>.mjs); bundled into a function, it would
      // be the function's own chunk (word-<hash>.mjs).
      source('word.ts', "export const word = 'hello';\n");
      const shared = source(
        'heavy.ts',
        "export async function greet(name: string): Promise<string> {\n  return `${(await import('./word.ts')).word} ${name}`;\n}\n",
      );
      const entries = [
        {
          name: 'uses',
          source: source(
            'uses.ts',
            "export async function run(): Promise<string> {\n  return (await import('./heavy.ts')).greet('you');\n}\n",
          ),
        },
        {
          name: 'alone',
          source: source('alone.ts', "export const run = (): string => 'alone';\n"),
        },
      ];
      const out = join(dir, 'out');
      const bundles = await bundleFunctions(entries, out, [{ name: 'heavy', source: shared }]);
      const uses = readdirSync(join(out, 'uses')).sort();
      const [heavy, ...more] = uses.filter((file) => /^heavy-\w+\.mjs$/.test(file));
      expect(more).toEqual([]);
      expect(uses.filter((file) => /^heavy-word-\w+\.mjs$/.test(file))).toHaveLength(1);
      expect(uses.filter((file) => file.startsWith('word-'))).toEqual([]);
      expect(readFileSync(join(out, 'uses', 'uses.mjs'), 'utf8')).toContain(`import("./${heavy}")`);
      expect(readdirSync(join(out, 'alone')).filter((file) => file.startsWith('heavy'))).toEqual(
        [],
      );
      const module = (await import(pathToFileURL(join(out, 'uses', 'uses.mjs')).href)) as {
        run(): Promise<string>;
      };
      expect(await module.run()).toBe('hello you');
      const size = (folder: string) =>
        readdirSync(join(out, folder))
          .filter((file) => file.endsWith('.mjs'))
          .reduce((sum, file) => sum + statSync(join(out, folder, file)).size, 0);
      expect(bundles.map(({ name, totalBytes }) => [name, totalBytes])).toEqual([
        ['uses', size('uses')],
        ['alone', size('alone')],
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
