import { readFile, readdir, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import fontverter from 'fontverter';
import { Blob, Face } from 'harfbuzzjs';
import subsetFont from 'subset-font';
import { writeGeneratedFile, writeGeneratedModule } from '../site-content/site-snapshot.ts';
import { toCodePointRuns } from '../site/font-preloads.ts';
import { INTER_LAYOUT_FEATURES, INTER_SUBSETS, interFontFile } from './inter-subsets.ts';

const require = createRequire(import.meta.url);

/** Inter's variable files (the weight axis), from the npm package `@fontsource-variable/inter`. */
const INTER_SOURCES = INTER_SUBSETS.map((subset) => ({
  name: `inter-${subset}`,
  file: interFontFile(subset),
}));

/** The weights the stylesheets use: 400 for text, 600 for labels, 700 for headings and bold. */
export const INTER_WEIGHTS = { min: 400, max: 700 } as const;

/** One cut of Inter: its file name, its WOFF2 bytes, and the code points it draws. */
export interface FontSubset {
  readonly name: string;
  readonly woff2: Uint8Array;
  readonly codePoints: readonly number[];
}

/** The code points a font's `cmap` maps (the font as SFNT). */
export function readFontCodePoints(sfnt: Uint8Array): number[] {
  return [...new Face(new Blob(sfnt)).collectUnicodes()];
}

/**
 * Cuts Inter down to the characters given, at build time: the Latin file to those it draws, then
 * each other file of INTER_SOURCES in turn to those left that it draws (no file when none). The
 * weight axis is narrowed to INTER_WEIGHTS and only INTER_LAYOUT_FEATURES are kept. The 48 KB
 * Latin file becomes about 14 KB for an English site. HarfBuzz's subsetter (hb-subset), compiled
 * to WebAssembly: no native code.
 * @see https://harfbuzz.github.io/harfbuzz-hb-subset.html
 */
export async function subsetInter(characters: ReadonlySet<number>): Promise<FontSubset[]> {
  const subsets: FontSubset[] = [];
  let rest = [...characters].sort((a, b) => a - b);
  for (const source of INTER_SOURCES) {
    if (rest.length === 0) break;
    const sfnt = await subsetFont(
      await readFile(require.resolve(source.file)),
      String.fromCodePoint(...rest),
      {
        targetFormat: 'sfnt',
        keepFeatures: INTER_LAYOUT_FEATURES,
        variationAxes: { wght: INTER_WEIGHTS },
      },
    );
    const drawn = new Set(readFontCodePoints(sfnt));
    const codePoints = rest.filter((codePoint) => drawn.has(codePoint));
    if (codePoints.length === 0) continue;
    subsets.push({
      name: source.name,
      woff2: new Uint8Array(await fontverter.convert(sfnt, 'woff2')),
      codePoints,
    });
    rest = rest.filter((codePoint) => !drawn.has(codePoint));
  }
  return subsets;
}

/** Code points as a CSS `unicode-range`: runs of consecutive ones joined (`U+20-7E, U+A7`). */
export function formatUnicodeRange(codePoints: readonly number[]): string {
  const hex = (codePoint: number) => codePoint.toString(16).toUpperCase();
  return toCodePointRuns(codePoints)
    .map(([first, last]) => (first === last ? `U+${hex(first)}` : `U+${hex(first)}-${hex(last)}`))
    .join(', ');
}

/**
 * The stylesheet of the cuts: one `@font-face` each, `Inter Variable` over INTER_WEIGHTS, its
 * `unicode-range` exactly what it draws (so a character outside goes to the fallback font, and a
 * cut no page character needs is never fetched). `optional` never swaps a font in after the first
 * paint, so text cannot move: with the preload the font is there for the first paint; when it is
 * late, the page keeps the metric-matched fallback for this view and the font is cached for the
 * next. @see https://www.w3.org/TR/css-fonts-4/#font-display-desc
 */
export function renderFontStylesheet(subsets: readonly FontSubset[]): string {
  return [
    '/* Written by the build: Inter cut to the characters of the site (src/integrations/site-fonts.ts). */',
    ...subsets.map((subset) =>
      [
        '@font-face {',
        "  font-family: 'Inter Variable';",
        '  font-style: normal;',
        '  font-display: optional;',
        `  font-weight: ${INTER_WEIGHTS.min} ${INTER_WEIGHTS.max};`,
        `  src: url('./fonts/${subset.name}.woff2') format('woff2-variations');`,
        `  unicode-range: ${formatUnicodeRange(subset.codePoints)};`,
        '}',
      ].join('\n'),
    ),
    '',
  ].join('\n');
}

/**
 * The module the layout imports: each cut's URL (hashed by Vite under /_astro/) and the code
 * points it draws, so that a page preloads the cuts its characters need (src/site/font-preloads.ts).
 */
export function renderFontUrlsModule(subsets: readonly FontSubset[]): string {
  return [
    '// Written by the build: the cuts of Inter, each with what it draws (src/integrations/site-fonts.ts).',
    "import type { SiteFont } from '../site/font-preloads.ts';",
    ...subsets.map(
      (subset, index) => `import font${index} from './fonts/${subset.name}.woff2?url';`,
    ),
    '',
    'export const SITE_FONTS: readonly SiteFont[] = [',
    ...subsets.map(
      (subset, index) =>
        `  { url: font${index}, ranges: ${JSON.stringify(toCodePointRuns(subset.codePoints))} },`,
    ),
    '];',
    '',
  ].join('\n');
}

/**
 * Writes the cuts of Inter for these characters into `outDir`: `fonts/<name>.woff2`,
 * `site-fonts.css` (bundled into the one stylesheet) and `site-fonts.ts` (the preload URLs). A cut
 * left from other content is removed.
 */
export async function writeSiteFonts(
  characters: ReadonlySet<number>,
  outDir: string,
): Promise<FontSubset[]> {
  const subsets = await subsetInter(characters);
  const fontsDir = join(outDir, 'fonts');
  const names = new Set(subsets.map((subset) => `${subset.name}.woff2`));
  for (const file of await readdir(fontsDir).catch(() => [])) {
    if (!names.has(file)) await rm(join(fontsDir, file));
  }
  for (const subset of subsets) {
    await writeGeneratedFile(join(fontsDir, `${subset.name}.woff2`), subset.woff2);
  }
  await writeGeneratedModule(join(outDir, 'site-fonts.css'), renderFontStylesheet(subsets));
  await writeGeneratedModule(join(outDir, 'site-fonts.ts'), renderFontUrlsModule(subsets));
  return subsets;
}
