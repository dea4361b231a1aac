import type { SiteContent } from '../schemas/site-content.ts';
import { formatFoundingDate, formatPageDate } from './page-date.ts';
import { formatWebsite } from './website-label.ts';

/**
 * The characters beyond printable ASCII that the site's own words use, in templates, scripts and
 * generated text: the no-break space, the footer's ©, the heading links' §, the · between figures, the en and em
 * dashes, curly quotes (the search dialog's "No results for “…”"), the snippets' …, the
 * breadcrumbs' ›, the search hints' ↑ and ↓, and the mathematical minus and less-or-equal of the
 * limits. A character a template adds and this list lacks is drawn by the fallback font, never
 * missing; tests/e2e/shell.test.ts finds it on the built pages.
 */
export const SITE_PUNCTUATION = '\u00a0©§·–—‘’“”…‹›←→↑↓−×≤≥';

/** Printable ASCII: every template's words, identifiers, URLs and code. */
const PRINTABLE_ASCII = Array.from({ length: 0x7e - 0x20 + 1 }, (_, index) => 0x20 + index);

/** A character a font can draw: letters, marks, digits, punctuation, symbols and spaces. */
const DRAWN = /[\p{L}\p{M}\p{N}\p{P}\p{S}\p{Zs}]/u;

/** Every string a value holds, however deep (the content is plain data: objects, arrays, text). */
function* listStrings(value: unknown): Generator<string> {
  if (typeof value === 'string') yield value;
  else if (Array.isArray(value)) for (const item of value) yield* listStrings(item);
  else if (value && typeof value === 'object')
    for (const item of Object.values(value)) yield* listStrings(item);
}

/**
 * The code points the site's pages can show: printable ASCII, the site's own punctuation, every
 * character of content/ (names, copy, Markdown bodies), the month names of the content's locale
 * (the "Last updated" dates) and the founding date as the home page writes it (`styczeń 2011`
 * names its month in another form than a date does: `28 stycznia 2000`), and the website's host
 * as the fact sheet and the footer show it (`żagiel.pl` for `xn--agiel-hib.pl`). The web font is
 * cut to these, so a page never waits for glyphs no page shows; what the font lacks (another script)
 * falls back to the system's fonts.
 */
export function collectSiteCharacters(content: SiteContent): Set<number> {
  const characters = new Set<number>(PRINTABLE_ASCII);
  const add = (text: string) => {
    for (const character of text) {
      if (DRAWN.test(character)) characters.add(character.codePointAt(0) ?? 0x20);
    }
  };
  add(SITE_PUNCTUATION);
  for (const text of listStrings(content)) add(text);
  for (let month = 0; month < 12; month += 1) {
    add(formatPageDate(new Date(Date.UTC(2000, month, 28)), content.company.locale));
  }
  const { foundingDate, locale } = content.company;
  if (foundingDate) add(formatFoundingDate(foundingDate, locale));
  // The website's host as shown, in letters a Punycode address (`xn--agiel-hib.pl`) does not hold.
  add(formatWebsite(content.company.website));
  return characters;
}
