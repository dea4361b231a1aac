import { readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { readSiteContent } from '../../src/site-content/read-site-content.ts';
import { listFiles } from '../support/list-files.ts';
import { findPageIdProblems, mapPageIds } from '../support/page-ids.ts';

/** The served build's static output, and the content/ it was built from. */
const buildDir = inject('siteBuild').dir;
const staticDir = join(buildDir, '.vercel/output/static');

/** A page's path from its file: `developers/index.html` is /developers, `index.html` is /. */
const readPagePath = (file: string) =>
  `/${relative(staticDir, file)
    .replace(/(^|\/)index\.html$/, '')
    .replace(/\.html$/, '')}`;

describe('the ids of the built pages', () => {
  it("should be unique on every page, the owner's headings' planned and every other one the page's own", async () => {
    const pageIds = mapPageIds(await readSiteContent(join(buildDir, 'content')));
    const files = (await listFiles(staticDir)).filter((file) => file.endsWith('.html'));
    const problems: string[] = [];
    for (const file of files) {
      const path = readPagePath(file);
      const html = await readFile(file, 'utf8');
      problems.push(
        ...findPageIdProblems(html, pageIds.get(path)).map((problem) => `${path}: ${problem}`),
      );
    }
    // Every page that shows the owner's Markdown was read.
    expect(files.map(readPagePath)).toEqual(expect.arrayContaining([...pageIds.keys()]));
    expect(files.length).toBeGreaterThan(pageIds.size);
    expect(problems).toEqual([]);
  });
});
