import { readFile } from 'node:fs/promises';
import { extname, join, relative } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { listFiles } from '../support/list-files.ts';
import { findOperatorWords } from '../support/operator-words.ts';

/** The served build's static output: every page, Markdown version and document it publishes. */
const staticDir = join(inject('siteBuild').dir, '.vercel/output/static');

/** Text a reader or an agent reads; scripts, styles and images are left to other tests. */
const READ_AS_TEXT = new Set(['.html', '.md', '.txt', '.json', '.xml', '.atom', '']);

describe('the published pages and documents', () => {
  it('should name no variable, Vercel setting or server start-up (the owner guide holds them)', async () => {
    const files = (await listFiles(staticDir)).filter(
      (file) => READ_AS_TEXT.has(extname(file)) && !relative(staticDir, file).startsWith('_astro'),
    );
    const names = files.map((file) => relative(staticDir, file));
    // The net holds every kind of public text the brief names.
    expect(names).toEqual(
      expect.arrayContaining([
        'index.html',
        'docs/index.html',
        'docs.md',
        'errors/signing_keys_missing/index.html',
        'llms.txt',
        'llms-full.txt',
        'auth.md',
        'openapi.json',
      ]),
    );
    const found: string[] = [];
    for (const file of files)
      for (const word of findOperatorWords(await readFile(file, 'utf8')))
        found.push(`${relative(staticDir, file)}: ${word}`);
    expect(found).toEqual([]);
  });
});
