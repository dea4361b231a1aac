import { describe, expect, it } from 'vitest';
import { parseHttpDate } from '../../src/http/http-date.ts';

const NOV_6_1994 = Date.UTC(1994, 10, 6, 8, 49, 37);
const IN_2026 = Date.UTC(2026, 0, 1);

describe('parseHttpDate', () => {
  it.each([
    ['IMF-fixdate', 'Sun, 06 Nov 1994 08:49:37 GMT'],
    ['an RFC 850 date', 'Sunday, 06-Nov-94 08:49:37 GMT'],
    ['an asctime date', 'Sun Nov  6 08:49:37 1994'],
  ])('should read %s', (_, value) => {
    expect(parseHttpDate(value, IN_2026)).toBe(NOV_6_1994);
  });

  it('should read what Date#toUTCString writes', () => {
    const modified = new Date(Date.UTC(2026, 1, 28, 23, 59, 59));
    expect(parseHttpDate(modified.toUTCString())).toBe(modified.getTime());
  });

  it('should read a two-digit year as at most 50 years ahead', () => {
    expect(parseHttpDate('Friday, 01-Jan-76 00:00:00 GMT', IN_2026)).toBe(Date.UTC(2076, 0, 1));
    expect(parseHttpDate('Saturday, 01-Jan-77 00:00:00 GMT', IN_2026)).toBe(Date.UTC(1977, 0, 1));
    expect(parseHttpDate('Monday, 01-Jan-10 00:00:00 GMT', Date.UTC(2090, 0, 1))).toBe(
      Date.UTC(2110, 0, 1),
    );
  });

  it('should read a leap second as the second before it', () => {
    expect(parseHttpDate('Sat, 31 Dec 2016 23:59:60 GMT')).toBe(Date.UTC(2016, 11, 31, 23, 59, 59));
  });

  it('should read 29 February in a leap year only', () => {
    expect(parseHttpDate('Thu, 29 Feb 2024 00:00:00 GMT')).toBe(Date.UTC(2024, 1, 29));
    expect(parseHttpDate('Sun, 29 Feb 2026 00:00:00 GMT')).toBeUndefined();
  });

  it.each([
    ['an empty value', ''],
    ['garbage', 'not a date'],
    ['an ISO 8601 date', '1994-11-06T08:49:37Z'],
    ['a numeric time stamp', '784111777'],
    ['a zone other than GMT', 'Sun, 06 Nov 1994 08:49:37 UTC'],
    ['a zone offset', 'Sun, 06 Nov 1994 08:49:37 +0000'],
    ['lower-case names', 'sun, 06 nov 1994 08:49:37 GMT'],
    ['a one-digit day in IMF-fixdate', 'Sun, 6 Nov 1994 08:49:37 GMT'],
    ['white space around it', ' Sun, 06 Nov 1994 08:49:37 GMT'],
    ['two dates', 'Sun, 06 Nov 1994 08:49:37 GMT, Sun, 06 Nov 1994 08:49:37 GMT'],
    ['hour 24', 'Sun, 06 Nov 1994 24:00:00 GMT'],
    ['minute 60', 'Sun, 06 Nov 1994 08:60:00 GMT'],
    ['second 61', 'Sun, 06 Nov 1994 08:49:61 GMT'],
    ['day 0', 'Sun, 00 Nov 1994 08:49:37 GMT'],
    ['31 November', 'Sun, 31 Nov 1994 08:49:37 GMT'],
    ['an asctime date with a zero-padded day', 'Sun Nov 06 08:49:37 1994 GMT'],
  ])('should read no date from %s', (_, value) => {
    expect(parseHttpDate(value)).toBeUndefined();
  });
});
