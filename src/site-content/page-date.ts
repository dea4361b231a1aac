import { readFoundingDate } from '../schemas/site-content.ts';

/**
 * A page's date as its readers read it ("28 November 2026" in en-GB): the "Last updated" line.
 * In UTC, since the build's dates are days, not moments.
 */
export function formatPageDate(date: Date, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

/**
 * A founding date as people read it in the content's language: a year as it is (`2019`), a month
 * with its name (`June 2011`, `juni 2011` in nb-NO) and a day as formatPageDate writes it
 * (`14 March 1987` in en-GB, `1987年3月14日` in ja).
 */
export function formatFoundingDate(value: string, locale: string): string {
  const { time, month, day } = readFoundingDate(value);
  if (month === undefined) return value;
  if (day !== undefined) return formatPageDate(new Date(time), locale);
  return new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).format(time);
}
