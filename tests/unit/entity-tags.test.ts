import { describe, expect, it } from 'vitest';
import { matchesIfNoneMatch } from '../../src/http/entity-tags.ts';

const ETAG = 'W/"123-456"';

describe('matchesIfNoneMatch', () => {
  it.each([
    ['the tag itself', 'W/"123-456"'],
    ['the tag without W/ (weak comparison)', '"123-456"'],
    ['the tag among others', '"a", W/"123-456", "b"'],
    ['the tag last, without white space', '"a",W/"b","123-456"'],
    ['a list with tabs and spaces around commas', '"a" \t,\t "123-456" '],
    ['a list with empty elements', ', "a", , W/"123-456",'],
    ['*', '*'],
    ['* with white space', ' * '],
  ])('should match %s', (_, field) => {
    expect(matchesIfNoneMatch(field, ETAG)).toBe(true);
  });

  it('should compare a strong ETag weakly too', () => {
    expect(matchesIfNoneMatch('W/"x"', '"x"')).toBe(true);
    expect(matchesIfNoneMatch('"x"', '"x"')).toBe(true);
  });

  it.each([
    ['another tag', '"123-457"'],
    ['another weak tag', 'W/"123-45"'],
    ['the tag with a longer opaque part', '"123-4567"'],
    ['a tag holding a comma, not split at it', '"123-456,x"'],
    ['an empty field', ''],
    ['only commas', ' , ,'],
    ['the empty tag', '""'],
  ])('should not match %s', (_, field) => {
    expect(matchesIfNoneMatch(field, ETAG)).toBe(false);
  });

  it.each([
    ['an unquoted tag', '123-456'],
    ['a lower-case weak prefix', 'w/"123-456"'],
    ['an unterminated tag', '"a", W/"123-456'],
    ['a tag with a space inside', '"123 456"'],
    ['tags without a comma between them', '"a" W/"123-456"'],
    ['tags run together', '"a"W/"123-456"'],
    ['the matching tag followed by garbage', 'W/"123-456", x'],
    ['garbage followed by the matching tag', 'x, W/"123-456"'],
    ['* in a list', '*, "a"'],
    ['* followed by the tag', '* W/"123-456"'],
    ['a control character inside a tag', '"123-456\u0001"'],
    ['W/ without a tag', 'W/, W/"123-456"'],
  ])('should match nothing in a malformed field: %s', (_, field) => {
    expect(matchesIfNoneMatch(field, ETAG)).toBe(false);
  });

  it('should accept obs-text inside a tag, as the grammar does', () => {
    expect(matchesIfNoneMatch('"caf\u00e9", "123-456"', ETAG)).toBe(true);
    expect(matchesIfNoneMatch('"caf\u00e9"', '"caf\u00e9"')).toBe(true);
  });
});
