import { describe, expect, it } from 'vitest';
import { readStaticMediaType } from '../../src/server/local-server.ts';

describe('readStaticMediaType', () => {
  it('should name a file by its extension, HTML with its charset as sirv does', () => {
    expect(readStaticMediaType('/search-index.json')).toBe('application/json');
    expect(readStaticMediaType('/docs/index.html')).toBe('text/html;charset=utf-8');
  });

  it('should answer application/octet-stream for an extension that names no media type', () => {
    expect(readStaticMediaType('/index.pf_meta')).toBe('application/octet-stream');
    expect(readStaticMediaType('/no-extension')).toBe('application/octet-stream');
  });
});
