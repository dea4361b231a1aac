import { describe, expect, it } from 'vitest';
import { isNotModified } from '../../src/http/conditional-get.ts';

const ETAG = 'W/"123-456"';
const LAST_MODIFIED = 'Sun, 06 Nov 1994 08:49:37 GMT';

describe('isNotModified', () => {
  it('should answer in full a request with neither field', () => {
    expect(isNotModified({}, ETAG, LAST_MODIFIED)).toBe(false);
  });

  it('should decide by If-None-Match, weakly, when it is present', () => {
    expect(isNotModified({ 'if-none-match': '"x", "123-456"' }, ETAG, LAST_MODIFIED)).toBe(true);
    expect(isNotModified({ 'if-none-match': '*' }, ETAG, undefined)).toBe(true);
    expect(isNotModified({ 'if-none-match': '"x"' }, ETAG, LAST_MODIFIED)).toBe(false);
  });

  it('should ignore If-Modified-Since when If-None-Match is present', () => {
    const later = 'Mon, 07 Nov 1994 00:00:00 GMT';
    expect(
      isNotModified({ 'if-none-match': '"x"', 'if-modified-since': later }, ETAG, LAST_MODIFIED),
    ).toBe(false);
    expect(
      isNotModified({ 'if-none-match': '', 'if-modified-since': later }, ETAG, LAST_MODIFIED),
    ).toBe(false);
  });

  it.each([
    ['the same second', LAST_MODIFIED, true],
    ['a later date', 'Mon, 07 Nov 1994 00:00:00 GMT', true],
    ['the same second as an asctime date', 'Sun Nov  6 08:49:37 1994', true],
    ['one second earlier', 'Sun, 06 Nov 1994 08:49:36 GMT', false],
    ['no valid HTTP-date', '1994-11-07', false],
  ])('should answer If-Modified-Since of %s with a 304: %s', (_, since, expected) => {
    expect(isNotModified({ 'if-modified-since': since }, ETAG, LAST_MODIFIED)).toBe(expected);
  });

  it('should ignore If-Modified-Since when the answer has no Last-Modified', () => {
    const later = 'Mon, 07 Nov 1994 00:00:00 GMT';
    expect(isNotModified({ 'if-modified-since': later }, ETAG, undefined)).toBe(false);
  });
});
