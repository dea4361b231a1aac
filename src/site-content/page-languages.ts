/**
 * The language of the site's own words: the navigation's default labels, the search dialog, the
 * footer, the fact sheet's labels and the whole API reference are written in English, whatever
 * language content/ is written in.
 */
export const SITE_LANGUAGE = 'en';

/** Whether two language tags name the same language (their primary subtag): `en` and `en-GB` do. */
export function isSameLanguage(a: string, b: string): boolean {
  return new Intl.Locale(a).language === new Intl.Locale(b).language;
}

/** The direction a language is written in. */
export type TextDirection = 'ltr' | 'rtl';

/**
 * The direction `locale`'s script is written in: `rtl` for Arabic, Hebrew, Persian, Urdu..., from
 * the CLDR data of the runtime's ICU (Intl.Locale's text info: `getTextInfo()` on Node 24, the
 * `textInfo` property before it).
 */
export function resolveTextDirection(locale: string): TextDirection {
  const tag = new Intl.Locale(locale) as Intl.Locale & { textInfo?: { direction?: string } };
  const info = typeof tag.getTextInfo === 'function' ? tag.getTextInfo() : tag.textInfo;
  return info?.direction === 'rtl' ? 'rtl' : 'ltr';
}

/**
 * The `lang` attributes that mark a part of a page as the site's words or as the content's, for
 * a site whose content is written in `locale` (WCAG 2.2, 3.1.2 Language of Parts). Both are
 * undefined (no attribute) when the content is English too: a site in `en-GB` keeps `en-GB` on
 * every page and marks nothing.
 */
export interface LanguageMarks {
  /** The `lang` of the site's own words: `en` when the content's language is another. */
  readonly site: string | undefined;
  /** The `lang` of the content's words: the content's locale when it is not English. */
  readonly content: string | undefined;
}

export function resolveLanguageMarks(locale: string): LanguageMarks {
  if (isSameLanguage(locale, SITE_LANGUAGE)) return { site: undefined, content: undefined };
  return { site: SITE_LANGUAGE, content: locale };
}

/**
 * The `dir` attributes that go with the language marks, for a site whose content is written in
 * `locale`: both undefined (no attribute) when the content is written left to right as the site's
 * English is; else `ltr` for the site's words and `rtl` for the content's (HTML's `dir`, which
 * also isolates the part from the text around it). A part marked only for its accessible name (a
 * list whose items are in the other language) takes no `dir`: it keeps the page's direction.
 * @see https://www.w3.org/International/questions/qa-html-dir
 */
export interface DirectionMarks {
  readonly site: TextDirection | undefined;
  readonly content: TextDirection | undefined;
}

export function resolveDirectionMarks(locale: string): DirectionMarks {
  const site = resolveTextDirection(SITE_LANGUAGE);
  const content = resolveTextDirection(locale);
  return content === site ? { site: undefined, content: undefined } : { site, content };
}

/**
 * Which words most of a page is written in: the content's (the home page, an owner's own pages)
 * or the site's (the API reference, the developer portal, the error and glossary pages).
 */
export type PageLanguage = 'content' | 'site';

/** A page's `<html lang>`: the content's locale, or English for a page of the site's own words. */
export function resolvePageLanguage(page: PageLanguage, locale: string): string {
  return (page === 'site' ? resolveLanguageMarks(locale).site : undefined) ?? locale;
}

/**
 * A page's `<html dir>`: its words' direction when the content and the site's words are written
 * in different directions, else undefined (left to right, no attribute).
 */
export function resolvePageDirection(
  page: PageLanguage,
  locale: string,
): TextDirection | undefined {
  return resolveDirectionMarks(locale)[page];
}
