import { describe, expect, it } from 'vitest';
import { resolveContentDir } from '../../src/site-content/content-dir.ts';

describe('resolveContentDir', () => {
  it('should take an empty CONTENT_DIR as unset, not as the working folder', () => {
    const fallback = resolveContentDir({});
    expect(fallback).toMatch(/[/\\]content$/);
    expect(resolveContentDir({ CONTENT_DIR: '' })).toBe(fallback);
    expect(resolveContentDir({ CONTENT_DIR: '/tmp/other' })).toBe('/tmp/other');
  });
});
