import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import fontverter from 'fontverter';
import { Blob, Buffer, Face, Feature, Font, Variation, shape } from 'harfbuzzjs';
import { INTER_LAYOUT_FEATURES, INTER_SUBSETS } from './inter-subsets.ts';

const require = createRequire(import.meta.url);

/**
 * The footer's line in em of its text (0.9 rem, 14.4 px) on the narrowest screen the pages fit:
 * 320 px less the shell's two 1 rem gutters, 288 px.
 */
export const FOOTER_LINE_WIDTH = 20;

/** The footer text's size in CSS pixels (0.9 rem). */
const FOOTER_FONT_PIXELS = 14.4;

/**
 * What each character may add, in em, where a browser places glyphs on whole pixels (Chromium on
 * Linux, without subpixel positioning): its advance and its kerning are each rounded, so up to a
 * pixel in all. Measured there: bold ʎ is 8.67 px and kerned to 8.20 in a run, and 33 of them are
 * drawn 9 px each; bold ȋ is 3.90 px and kerned apart to 4.45, drawn 5 px each.
 */
const PIXEL_ROUNDING = 1 / FOOTER_FONT_PIXELS;

/** The weights a footer link is drawn in: 400, and 700 for the current page's (`aria-current`). */
const FOOTER_LINK_WEIGHTS = [400, 700] as const;

/**
 * What a character no file of Inter draws is counted: the system font that draws it instead is
 * unknown here, and 1 em is what a CJK character takes and more than most other letters do.
 */
const SYSTEM_FONT_WIDTH = 1;

/**
 * The features HarfBuzz applies to horizontal text unless told not to (its common and horizontal
 * features); those the pages' fonts do not keep (INTER_LAYOUT_FEATURES: site-fonts.ts cuts the
 * others out) are turned off, so a label is shaped as the pages draw it.
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

/** How wide labels are drawn in the footer, shaped as the pages draw them. */
export interface FooterLabelMeasure {
  /** How wide a label is drawn in a footer link, in em: the wider of the link's two weights. */
  labelWidth(label: string): number;
  /** Whether a label fits the narrowest footer line whole, in either weight. */
  fitsLine(label: string): boolean;
  /**
   * Inter's files in the pages' order, each with the characters it is the first to draw: what the
   * pages' face cut from that file would draw (site-fonts.ts), were the site to show them all.
   */
  readonly subsets: readonly {
    readonly subset: (typeof INTER_SUBSETS)[number];
    readonly codePoints: readonly number[];
  }[];
}

/** One of Inter's files at the footer's weights, and the characters it draws. */
interface InterFile {
  readonly subset: (typeof INTER_SUBSETS)[number];
  /** The file's font at each of FOOTER_LINK_WEIGHTS. */
  readonly fonts: readonly Font[];
  readonly unitsPerEm: number;
  readonly codePoints: ReadonlySet<number>;
}

/** The file of Inter the pages cut a script from (site-fonts.ts), as SFNT for HarfBuzz. */
async function readInterFile(subset: string): Promise<Uint8Array> {
  const file = `@fontsource-variable/inter/files/inter-${subset}-wght-normal.woff2`;
  return new Uint8Array(await fontverter.convert(await readFile(require.resolve(file)), 'sfnt'));
}

async function loadInterFile(subset: (typeof INTER_SUBSETS)[number]): Promise<InterFile> {
  const face = new Face(new Blob(await readInterFile(subset)));
  const fonts = FOOTER_LINK_WEIGHTS.map((weight) => {
    const font = new Font(face);
    const variation = Variation.fromString(`wght=${weight}`);
    if (!variation) throw new Error(`no variation wght=${weight}`);
    font.setVariations([variation]);
    return font;
  });
  return { subset, fonts, unitsPerEm: face.upem, codePoints: new Set(face.collectUnicodes()) };
}

/** A label cut where the file that draws it changes (undefined: no file of Inter does). */
function splitByFile(
  label: string,
  files: readonly InterFile[],
): { readonly file: InterFile | undefined; readonly text: string }[] {
  const runs: { file: InterFile | undefined; text: string }[] = [];
  for (const character of label) {
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

async function createMeasure(): Promise<FooterLabelMeasure> {
  const files = await Promise.all(INTER_SUBSETS.map(loadInterFile));
  const widths = new Map<string, number>();
  const labelWidth = (label: string): number => {
    let known = widths.get(label);
    if (known !== undefined) return known;
    const runs = splitByFile(label, files);
    known = Math.max(
      ...FOOTER_LINK_WEIGHTS.map((_, weight) => {
        let width = 0;
        for (const { file, text } of runs) {
          const font = file?.fonts[weight];
          width +=
            file && font
              ? shapeWidth(font, file.unitsPerEm, text)
              : [...text].length * SYSTEM_FONT_WIDTH;
        }
        return width;
      }),
    );
    widths.set(label, known);
    return known;
  };
  return {
    labelWidth,
    fitsLine: (label) =>
      labelWidth(label) + [...label].length * PIXEL_ROUNDING <= FOOTER_LINE_WIDTH,
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

let measure: Promise<FooterLabelMeasure> | undefined;

/**
 * Measures footer labels as the pages draw them: HarfBuzz (compiled to WebAssembly) shapes each
 * run of a label in the first file of Inter that draws it (the pages' faces pick files so), at
 * both of the link's weights, with the features the pages' fonts keep; a character no file of
 * Inter draws counts SYSTEM_FONT_WIDTH. Made once per process, and each label measured once.
 */
export function loadFooterLabelMeasure(): Promise<FooterLabelMeasure> {
  measure ??= createMeasure();
  return measure;
}
