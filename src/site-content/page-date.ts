/**
 * A page's date as its readers read it ("28 November 2026" in en-GB): the "Last updated" line.
 * In UTC, since the build's dates are days, not moments.
 */
export function formatPageDate(date: Date, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}
