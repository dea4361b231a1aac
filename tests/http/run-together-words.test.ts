import { readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { listFiles } from '../support/list-files.ts';

/** The served build's static output. */
const staticDir = join(inject('siteBuild').dir, '.vercel/output/static');

/**
 * A word run into a link or an inline element, or out of one: `the<a href="/errors">errors`, or
 * `</code>and`. Astro's HTML compression drops a line break between a word and an element on the
 * next line of a template, which a reader sees as two words joined.
 */
const RUN_TOGETHER = /\p{L}<(?:a|code|strong|em)\b[^>]*>\p{L}|<\/(?:a|code|strong|em)>\p{L}/gu;

describe('the published pages', () => {
  it('should run no word into a link or an inline element', async () => {
    const pages = (await listFiles(staticDir)).filter((file) => file.endsWith('.html'));
    expect(pages.map((page) => relative(staticDir, page))).toContain('developers/index.html');
    const found: string[] = [];
    for (const page of pages) {
      const html = await readFile(page, 'utf8');
      for (const match of html.matchAll(RUN_TOGETHER))
        found.push(
          `${relative(staticDir, page)}: ${html.slice(match.index - 20, match.index + 40)}`,
        );
    }
    expect(found).toEqual([]);
  });
});
