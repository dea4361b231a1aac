import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveContentDir } from '../../src/site-content/content-dir.ts';

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
