/**
 * The content's locale as Open Graph writes one: `language_TERRITORY`. A tag without a region
 * takes the region its language most likely means (`en` is `en_US`, `el` is `el_GR`, `zh` is
 * `zh_CN`), and a script subtag is left out (`zh-Hant-TW` is `zh_TW`): replacing the hyphen alone
 * gave `en`, and `zh_Hant-TW`. @see https://ogp.me/#optional (og:locale)
 */
export function formatOpenGraphLocale(tag: string): string {
  const { language, region } = new Intl.Locale(tag).maximize();
  return region ? `${language}_${region}` : language;
}
