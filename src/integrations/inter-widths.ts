import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import fontverter from 'fontverter';
import { Blob, Buffer, Face, Feature, Font, Variation, shape } from 'harfbuzzjs';
import type { TextWeight, TextWidth } from '../reference/site-navigation.ts';
import {
  INTER_LAYOUT_FEATURES,
  INTER_SUBSETS,
  interFontFile,
  type InterSubset,
} from './inter-subsets.ts';

const require = createRequire(import.meta.url);

/** The weights measured: 400 for text and links, 700 for the site's name and bold. */
const WEIGHTS: readonly TextWeight[] = [400, 700];

/**
 * What a character no file of Inter draws is counted, in em: the system font that draws it
 * instead is unknown here, and 1 em is what a CJK character takes and more than most other
 * letters do.
 */
const SYSTEM_FONT_WIDTH = 1;

/**
 * The features HarfBuzz applies to horizontal text unless told not to (its common and horizontal
 * features); those the pages' fonts do not keep (INTER_LAYOUT_FEATURES: site-fonts.ts cuts the
 * others out) are turned off, so a text is shaped as the pages draw it.
 * @see https://github.com/harfbuzz/harfbuzz/blob/main/src/hb-ot-shape.cc
 */
const HARFBUZZ_DEFAULT_FEATURES = [
  'abvm',
  'blwm',
  'ccmp',
  'locl',
  'mark',
  'mkmk',
  'rlig',
  'calt',
  'clig',
  'curs',
  'dist',
  'kern',
  'liga',
  'rclt',
] as const;

/** HarfBuzz's defaults the pages' fonts leave out, each turned off. */
const FEATURES_LEFT_OUT = HARFBUZZ_DEFAULT_FEATURES.filter(
  (tag) => !(INTER_LAYOUT_FEATURES as readonly string[]).includes(tag),
).flatMap((tag) => Feature.fromString(`-${tag}`) ?? []);

/** How wide texts are drawn in the pages' Inter, shaped as the pages draw them. */
export interface InterWidths {
  /** How wide a text is drawn in a weight, in em of its font size. */
  readonly width: TextWidth;
  /**
   * Inter's files in the pages' order, each with the characters it is the first to draw: what the
   * pages' face cut from that file would draw (site-fonts.ts), were the site to show them all.
   */
  readonly subsets: readonly {
    readonly subset: InterSubset;
    readonly codePoints: readonly number[];
  }[];
}

/** One of Inter's files at the measured weights, and the characters it draws. */
interface InterFile {
  readonly subset: InterSubset;
  /** The file's font at each weight of WEIGHTS. */
  readonly fonts: ReadonlyMap<TextWeight, Font>;
  readonly unitsPerEm: number;
  readonly codePoints: ReadonlySet<number>;
}

/** The file of Inter the pages cut a script from (site-fonts.ts), as SFNT for HarfBuzz. */
async function readInterFile(subset: InterSubset): Promise<Uint8Array> {
  const woff2 = await readFile(require.resolve(interFontFile(subset)));
  return new Uint8Array(await fontverter.convert(woff2, 'sfnt'));
}

async function loadInterFile(subset: InterSubset): Promise<InterFile> {
  const face = new Face(new Blob(await readInterFile(subset)));
  const fonts = new Map(
    WEIGHTS.map((weight) => {
      const font = new Font(face);
      const variation = Variation.fromString(`wght=${weight}`);
      if (!variation) throw new Error(`no variation wght=${weight}`);
      font.setVariations([variation]);
      return [weight, font] as const;
    }),
  );
  return { subset, fonts, unitsPerEm: face.upem, codePoints: new Set(face.collectUnicodes()) };
}

/** A text cut where the file that draws it changes (undefined: no file of Inter does). */
function splitByFile(
  text: string,
  files: readonly InterFile[],
): { readonly file: InterFile | undefined; readonly text: string }[] {
  const runs: { file: InterFile | undefined; text: string }[] = [];
  for (const character of text) {
    const codePoint = character.codePointAt(0) ?? 0;
    const file = files.find((candidate) => candidate.codePoints.has(codePoint));
    const last = runs.at(-1);
    if (last && last.file === file) last.text += character;
    else runs.push({ file, text: character });
  }
  return runs;
}

/** A run's width in em, shaped by HarfBuzz in one weight's font (kerning included). */
function shapeWidth(font: Font, unitsPerEm: number, text: string): number {
  const buffer = new Buffer();
  buffer.addText(text);
  buffer.guessSegmentProperties();
  shape(font, buffer, FEATURES_LEFT_OUT);
  let advance = 0;
  for (const position of buffer.getGlyphPositions()) advance += position.xAdvance;
  return advance / unitsPerEm;
}

async function createInterWidths(): Promise<InterWidths> {
  const files = await Promise.all(INTER_SUBSETS.map(loadInterFile));
  const widths = new Map<string, number>();
  return {
    width: (text, weight) => {
      const key = `${weight} ${text}`;
      let known = widths.get(key);
      if (known !== undefined) return known;
      known = 0;
      for (const run of splitByFile(text, files)) {
        const font = run.file?.fonts.get(weight);
        known +=
          run.file && font
            ? shapeWidth(font, run.file.unitsPerEm, run.text)
            : [...run.text].length * SYSTEM_FONT_WIDTH;
      }
      widths.set(key, known);
      return known;
    },
    subsets: files.map((file, index) => ({
      subset: file.subset,
      codePoints: [...file.codePoints]
        .filter((codePoint) =>
          files.slice(0, index).every((earlier) => !earlier.codePoints.has(codePoint)),
        )
        .sort((a, b) => a - b),
    })),
  };
}

let interWidths: Promise<InterWidths> | undefined;

/**
 * Measures texts as the pages draw them: HarfBuzz (compiled to WebAssembly) shapes each run of a
 * text in the first file of Inter that draws it (the pages' faces pick files so), with the
 * features the pages' fonts keep; a character no file of Inter draws counts SYSTEM_FONT_WIDTH.
 * Made once per process, and each text measured once per weight.
 */
export function loadInterWidths(): Promise<InterWidths> {
  interWidths ??= createInterWidths();
  return interWidths;
}
