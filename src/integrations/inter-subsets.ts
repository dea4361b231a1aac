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

/** One of Inter's subsets. */
export type InterSubset = (typeof INTER_SUBSETS)[number];

/**
 * A subset's variable file (the weight axis) in the npm package `@fontsource-variable/inter`, as
 * `require.resolve` takes it: the file the pages' face of that script is cut from.
 */
export function interFontFile(subset: InterSubset): string {
  return `@fontsource-variable/inter/files/inter-${subset}-wght-normal.woff2`;
}

/**
 * The OpenType layout features the pages' fonts keep (site-fonts.ts cuts the others out):
 * kerning, and what composes accents and picks a language's forms. Inter's contextual alternates
 * (`calt`, 3.5 KB), figure styles and stylistic sets are left out: the stylesheets turn none on.
 */
export const INTER_LAYOUT_FEATURES = ['kern', 'ccmp', 'locl', 'mark', 'mkmk', 'rvrn'] as const;
