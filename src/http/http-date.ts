const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const MONTH = MONTHS.join('|');
const TIME = '(\\d{2}):(\\d{2}):(\\d{2})';

/** `Sun, 06 Nov 1994 08:49:37 GMT` */
const IMF_FIXDATE = new RegExp(
  `^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), (\\d{2}) (${MONTH}) (\\d{4}) ${TIME} GMT$`,
);
/** `Sunday, 06-Nov-94 08:49:37 GMT` */
const RFC850_DATE = new RegExp(
  `^(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), (\\d{2})-(${MONTH})-(\\d{2}) ${TIME} GMT$`,
);
/** `Sun Nov  6 08:49:37 1994` */
const ASCTIME_DATE = new RegExp(
  `^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun) (${MONTH}) (\\d{2}| \\d) ${TIME} (\\d{4})$`,
);

/**
 * The instant an HTTP-date names, in milliseconds since the epoch, or undefined when the value is
 * not one: IMF-fixdate, or either obsolete form a recipient must still accept (RFC 850 dates with
 * a two-digit year, and asctime dates). Names are case-sensitive, as the grammar says.
 * @see RFC 9110 §5.6.7
 */
export function parseHttpDate(value: string, now: number = Date.now()): number | undefined {
  let parts: { day: string; month: string; year: number; time: string[] };
  let match = IMF_FIXDATE.exec(value);
  if (match) {
    const [, day = '', month = '', year = '', ...time] = match;
    parts = { day, month, year: Number(year), time };
  } else if ((match = RFC850_DATE.exec(value))) {
    const [, day = '', month = '', year = '', ...time] = match;
    parts = { day, month, year: readTwoDigitYear(Number(year), now), time };
  } else if ((match = ASCTIME_DATE.exec(value))) {
    const [, month = '', day = '', hour = '', minute = '', second = '', year = ''] = match;
    parts = { day, month, year: Number(year), time: [hour, minute, second] };
  } else {
    return undefined;
  }
  const day = Number(parts.day);
  const month = MONTHS.indexOf(parts.month);
  const [hour, minute, second] = parts.time.map(Number) as [number, number, number];
  // second may be 60 (a leap second); a day past its month's end is no date.
  if (hour > 23 || minute > 59 || second > 60 || day < 1) return undefined;
  const midnight = new Date(0);
  midnight.setUTCFullYear(parts.year, month, day);
  if (midnight.getUTCDate() !== day) return undefined;
  return midnight.getTime() + ((hour * 60 + minute) * 60 + Math.min(second, 59)) * 1000;
}

/**
 * The year a two-digit RFC 850 year names: the one with those last digits that is at most 50
 * years ahead and less than 50 behind (a later one is the most recent past such year).
 * @see RFC 9110 §5.6.7
 */
function readTwoDigitYear(twoDigits: number, now: number): number {
  const thisYear = new Date(now).getUTCFullYear();
  const year = thisYear - (thisYear % 100) + twoDigits;
  if (year > thisYear + 50) return year - 100;
  return year + 100 <= thisYear + 50 ? year + 100 : year;
}
