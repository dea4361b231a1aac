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
 * Which words most of a page is written in: the content's (the home page, an owner's own pages)
 * or the site's (the API reference, the developer portal, the error and glossary pages).
 */
export type PageLanguage = 'content' | 'site';

/** A page's `<html lang>`: the content's locale, or English for a page of the site's own words. */
export function resolvePageLanguage(page: PageLanguage, locale: string): string {
  return (page === 'site' ? resolveLanguageMarks(locale).site : undefined) ?? locale;
}
