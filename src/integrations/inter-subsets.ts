/**
 * Inter's scripts, as the npm packages cut it: Latin first, then Latin Extended for a name or word
 * the Latin file cannot draw (ł, ő, ō), then Cyrillic, Greek and Vietnamese. The subset names the
 * files of both packages: the variable one the pages use, the static one of the Open Graph image.
 * Every other script (Japanese, Arabic, Hebrew...) is left to the system's fonts.
 */
export const INTER_SUBSETS = [
  'latin',
  'latin-ext',
  'cyrillic',
  'cyrillic-ext',
  'greek',
  'greek-ext',
  'vietnamese',
] as const;

/**
 * The OpenType layout features the pages' fonts keep (site-fonts.ts cuts the others out):
 * kerning, and what composes accents and picks a language's forms. Inter's contextual alternates
 * (`calt`, 3.5 KB), figure styles and stylistic sets are left out: the stylesheets turn none on.
 */
export const INTER_LAYOUT_FEATURES = ['kern', 'ccmp', 'locl', 'mark', 'mkmk', 'rvrn'] as const;
