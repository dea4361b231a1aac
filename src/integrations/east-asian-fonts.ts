import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import fontverter from 'fontverter';
import subsetFont from 'subset-font';
import { readFontCodePoints } from './site-fonts.ts';

const require = createRequire(import.meta.url);

/**
 * The East Asian fonts of the Open Graph image: Noto Sans for Japanese, Korean, and Chinese in
 * simplified and traditional characters, the variable fonts of npm's `@fontsource-variable`
 * packages (about 4-6 MB each; the static packages weigh about 79 MB each, every weight in two
 * formats). Each is cut into some hundred files by Unicode range, as `unicode.json` lists them.
 */
const EAST_ASIAN_FAMILIES = {
  // Resolved when first asked for: importing this module reads nothing.
  jp: () => require.resolve('@fontsource-variable/noto-sans-jp/unicode.json'),
  kr: () => require.resolve('@fontsource-variable/noto-sans-kr/unicode.json'),
  sc: () => require.resolve('@fontsource-variable/noto-sans-sc/unicode.json'),
  tc: () => require.resolve('@fontsource-variable/noto-sans-tc/unicode.json'),
} as const;

type EastAsianFamily = keyof typeof EAST_ASIAN_FAMILIES;

/** One file of a family: its path and the code points it draws, as inclusive ranges. */
interface RangeFile {
  readonly path: string;
  readonly ranges: readonly (readonly [number, number])[];
}

/** The weights the image draws: the tagline's and the name's. */
const WEIGHTS = [400, 700] as const;

/** A font as satori takes it. */
export interface FallbackFont {
  readonly name: string;
  readonly data: Buffer;
  readonly weight: (typeof WEIGHTS)[number];
  readonly style: 'normal';
}

/** `U+4e00-9fff,U+3000` as ranges. */
function parseUnicodeRange(range: string): [number, number][] {
  return range.split(',').map((part) => {
    const [low = '', high = low] = part.trim().replace(/^U\+/iu, '').split('-');
    return [Number.parseInt(low, 16), Number.parseInt(high, 16)];
  });
}

const familyFiles = new Map<EastAsianFamily, Promise<RangeFile[]>>();

/** A file's font as read: its bytes (WOFF2, for the cuts) and the code points its `cmap` maps. */
interface FontFile {
  readonly woff2: Buffer;
  readonly codePoints: ReadonlySet<number>;
}

const fontFiles = new Map<string, Promise<FontFile>>();

/**
 * A file's font, read once per process. Its code points are what the font really maps: a
 * family's `unicode-range` may name letters its font lacks (Noto Sans SC's ranges name Hangul
 * syllables it has no glyph for), and a cut of those would hold no letter at all.
 */
function readFontFile(path: string): Promise<FontFile> {
  let font = fontFiles.get(path);
  if (!font) {
    font = readFile(path).then(async (woff2) => ({
      woff2,
      codePoints: new Set(readFontCodePoints(await fontverter.convert(woff2, 'sfnt'))),
    }));
    fontFiles.set(path, font);
  }
  return font;
}

/** A family's files and their ranges, read once per process. */
function readFamilyFiles(family: EastAsianFamily): Promise<RangeFile[]> {
  let files = familyFiles.get(family);
  if (!files) {
    const unicodeFile = EAST_ASIAN_FAMILIES[family]();
    files = readFile(unicodeFile, 'utf8').then((text) => {
      const subsets = JSON.parse(text) as Record<string, string>;
      return Object.entries(subsets).map(([subset, range]) => ({
        // `[12]` names noto-sans-jp-12-wght-normal.woff2; `latin` names noto-sans-jp-latin-...
        path: join(
          dirname(unicodeFile),
          'files',
          `noto-sans-${family}-${subset.replace(/[[\]]/gu, '')}-wght-normal.woff2`,
        ),
        ranges: parseUnicodeRange(range),
      }));
    });
    familyFiles.set(family, files);
  }
  return files;
}

/**
 * The families to try for a text of `locale`, first to last: a character takes the first that
 * draws it, so a Han character shared by the four is drawn the way its language writes it (`直`
 * and `骨` differ between Japanese and Chinese).
 */
export function orderEastAsianFamilies(locale: string): EastAsianFamily[] {
  const tag = new Intl.Locale(locale).maximize();
  if (tag.language === 'ko') return ['kr', 'tc', 'jp', 'sc'];
  if (tag.language === 'zh')
    return tag.script === 'Hant' ? ['tc', 'sc', 'jp', 'kr'] : ['sc', 'tc', 'jp', 'kr'];
  return ['jp', 'sc', 'tc', 'kr'];
}

/**
 * Fonts that draw every letter of `segment` (a run of text the other fonts lack), cut to those
 * letters and pinned at each weight the image draws; none when a letter is in none of the
 * families (Thai, Devanagari...), so that the line is left out rather than drawn with boxes.
 */
export function loadEastAsianFonts(segment: string, locale: string): Promise<FallbackFont[]> {
  const key = `${locale}\n${segment}`;
  let fonts = loadedFonts.get(key);
  if (!fonts) {
    fonts = cutEastAsianFonts(segment, locale);
    loadedFonts.set(key, fonts);
  }
  return fonts;
}

/** How many cuts this process made: each cut's fonts go by a name of their own. */
let cuts = 0;

/** The fonts cut for each segment: the image lays its lines out several times (fitTextToFonts). */
const loadedFonts = new Map<string, Promise<FallbackFont[]>>();

/** The first file, family by family, whose font maps `code` (its ranges checked first). */
async function findLetterFile(
  code: number,
  families: readonly EastAsianFamily[],
  filesOf: ReadonlyMap<EastAsianFamily, readonly RangeFile[]>,
): Promise<{ family: EastAsianFamily; file: RangeFile } | undefined> {
  for (const family of families) {
    for (const file of filesOf.get(family) ?? []) {
      const named = file.ranges.some(([low, high]) => code >= low && code <= high);
      if (named && (await readFontFile(file.path)).codePoints.has(code)) return { family, file };
    }
  }
  return undefined;
}

async function cutEastAsianFonts(segment: string, locale: string): Promise<FallbackFont[]> {
  const families = orderEastAsianFamilies(locale);
  const filesOf = new Map(
    await Promise.all(
      families.map(async (family) => [family, await readFamilyFiles(family)] as const),
    ),
  );
  /** The letters each file draws, keyed by its path. */
  const letters = new Map<string, { family: EastAsianFamily; text: string }>();
  for (const letter of new Set(segment.replace(/\s/gu, ''))) {
    const found = await findLetterFile(letter.codePointAt(0) ?? 0, families, filesOf);
    if (!found) return [];
    const entry = letters.get(found.file.path) ?? { family: found.family, text: '' };
    letters.set(found.file.path, { ...entry, text: entry.text + letter });
  }
  const fonts: FallbackFont[] = [];
  for (const [path, { family, text }] of letters) {
    // Taken before any await: satori asks for several segments at once.
    const cut = (cuts += 1);
    const { woff2 } = await readFontFile(path);
    for (const weight of WEIGHTS) {
      const instance = await subsetFont(woff2, text, {
        targetFormat: 'sfnt',
        variationAxes: { wght: weight },
      });
      // A name of its own per cut: satori keeps the first font of a name and weight, so a later
      // segment cut from the same file under the same name would lack its letters.
      fonts.push({ name: `Noto Sans ${family} ${cut}`, data: instance, weight, style: 'normal' });
    }
  }
  return fonts;
}
