import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { resolveContentDir } from '../../src/site-content/content-dir.ts';
import { ContentError, readSiteContent } from '../../src/site-content/read-site-content.ts';

describe('resolveContentDir', () => {
  it('should take an empty CONTENT_DIR as unset, not as the working folder', () => {
    const fallback = resolveContentDir({});
    expect(fallback).toMatch(/[/\\]content$/);
    expect(resolveContentDir({ CONTENT_DIR: '' })).toBe(fallback);
    expect(resolveContentDir({ CONTENT_DIR: '/tmp/other' })).toBe('/tmp/other');
  });

  it("should find content/ under the root it is given, as vercel.ts's compiled copy does", () => {
    expect(resolveContentDir({}, '/srv/site')).toBe(join('/srv/site', 'content'));
    expect(resolveContentDir({ CONTENT_DIR: '' }, '/srv/site')).toBe(join('/srv/site', 'content'));
    expect(resolveContentDir({ CONTENT_DIR: '/tmp/other' }, '/srv/site')).toBe('/tmp/other');
  });
});

describe('readSiteContent of a folder that is not there', () => {
  it('should name the path looked up in one problem, not each file the folder should hold', async () => {
    const missing = join(tmpdir(), `agent-facts-no-content-${process.pid}`);
    const file = fileURLToPath(import.meta.url);
    for (const path of [missing, file]) {
      const error = await readSiteContent(path).then(
        () => undefined,
        (thrown: unknown) => thrown,
      );
      expect(error).toBeInstanceOf(ContentError);
      expect((error as ContentError).issues).toEqual([
        {
          file: path,
          field: '(folder)',
          message:
            'is not a folder: the content collection is content/ of the project, or the folder CONTENT_DIR names',
        },
      ]);
    }
  });
});
