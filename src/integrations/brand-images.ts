import { Resvg } from '@resvg/resvg-js';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { domainToUnicode } from 'node:url';
import satori from 'satori';
import type { Company } from '../schemas/site-content.ts';
import { THEMES } from '../site-content/brand-colours.ts';
import { resolveTextDirection } from '../site-content/page-languages.ts';
import { loadEastAsianFonts } from './east-asian-fonts.ts';
import { INTER_SUBSETS } from './inter-subsets.ts';

/** The Open Graph image's size: the 1.91:1 card the large link previews show. */
export const OPEN_GRAPH_IMAGE_SIZE = { width: 1200, height: 630 } as const;

/** The Apple touch icon's size (iOS home screen, and browsers that want a PNG icon). */
export const TOUCH_ICON_SIZE = 180;

/** The company's logo as content/ holds it (the build validated it: present and safe). */
export { BRAND_LOGO_SVG } from '../generated/brand-logo.ts';

/** The share of the touch icon the logo may fill on each side: the rest is margin. */
const TOUCH_ICON_LOGO_SHARE = 0.8;

/**
 * The Apple touch icon: the logo centred in a square of the light theme's background, whatever
 * the logo's aspect ratio (a 3:2 logo scaled to the width alone gave a 180x120 icon, which iOS
 * stretches). Opaque, since iOS fills a transparent icon with black.
 * @see https://developer.apple.com/library/archive/documentation/AppleApplications/Reference/SafariWebContent/ConfiguringWebApplications/ConfiguringWebApplications.html
 */
export function renderTouchIcon(svg: string, size: number = TOUCH_ICON_SIZE): Uint8Array {
  const logo = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
  const side = Math.round(size * TOUCH_ICON_LOGO_SHARE);
  const offset = (size - side) / 2;
  const square =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">` +
    `<rect width="${size}" height="${size}" fill="${THEMES[0]?.background ?? '#ffffff'}"/>` +
    `<image href="${logo}" x="${offset}" y="${offset}" width="${side}" height="${side}" preserveAspectRatio="xMidYMid meet"/>` +
    '</svg>';
  return new Resvg(square, { fitTo: { mode: 'original' } }).render().asPng();
}

const require = createRequire(import.meta.url);

/** A font of the Open Graph image: the name satori knows it by, and its file per weight. */
interface OpenGraphFontFile {
  readonly name: string;
  /** The file's path in node_modules (the name written out, so the lock test reads the package). */
  readonly resolve: (weight: number) => string;
}

/**
 * The fonts of the Open Graph image, all from npm (no font comes from the network): Inter in
 * every script the pages draw it in (INTER_SUBSETS, from @fontsource/inter), then IBM Plex Sans
 * Arabic and IBM Plex Sans Hebrew, so that a company writing right to left sees its name in its
 * own letters (Noto Sans Arabic lost the dots of a final ة in satori, which misreads its composite
 * glyphs; Plex draws them). Each file goes by a name of its own: satori takes one file per family,
 * weight and style, and falls back to the other families for what it lacks, so under one name `Ł`,
 * `ő` and `ş` were drawn as boxes. Japanese, Korean and Chinese come by segment, cut to its
 * letters, when satori asks for them (loadFallbackFonts, east-asian-fonts.ts).
 */
export const OPEN_GRAPH_FONT_FILES: readonly OpenGraphFontFile[] = [
  ...INTER_SUBSETS.map((subset) => ({
    name: subset === 'latin' ? 'Inter' : `Inter ${subset}`,
    resolve: (weight: number) =>
      require.resolve(`@fontsource/inter/files/inter-${subset}-${weight}-normal.woff`),
  })),
  {
    name: 'IBM Plex Sans Arabic',
    resolve: (weight: number) =>
      require.resolve(
        `@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-arabic-${weight}-normal.woff`,
      ),
  },
  {
    name: 'IBM Plex Sans Hebrew',
    resolve: (weight: number) =>
      require.resolve(
        `@fontsource/ibm-plex-sans-hebrew/files/ibm-plex-sans-hebrew-hebrew-${weight}-normal.woff`,
      ),
  },
];

export async function loadOpenGraphFonts(): Promise<SatoriFont[]> {
  const fonts = [];
  for (const weight of [400, 700] as const) {
    for (const { name, resolve } of OPEN_GRAPH_FONT_FILES) {
      const data = await readFile(resolve(weight));
      fonts.push({ name, data, weight, style: 'normal' as const });
    }
  }
  return fonts;
}

/**
 * The vowel and reading marks of Arabic and Hebrew (harakat, shadda, niqqud, cantillation), which
 * everyday writing leaves out: satori places a combining mark by the glyph's origin rather than
 * the font's anchors (a fatha landed over the wrong letter), so the image leaves them out too.
 * Arabic's by their script extensions (most are `Inherited`), Hebrew's by their script: U+0308,
 * the diaeresis of `ö`, is also used with Hebrew.
 */
const RIGHT_TO_LEFT_MARKS = /[\p{Mn}&&[\p{Script_Extensions=Arabic}\p{Script=Hebrew}]]/gv;

/**
 * A combining mark other than the variation selectors and the keycap of emoji: what is left of
 * one after the text is composed (NFC) cannot be drawn right (satori dropped the diaeresis of `n̈`
 * and drew a box for the macron below of `a̱`).
 */
const COMBINING_MARK = /[\p{M}--[\u{FE0E}\u{FE0F}\u{20E3}]]/v;

type SatoriFont = NonNullable<Parameters<typeof satori>[1]['fonts']>[number];

/**
 * A line of the image as the fonts can draw it: composed (NFC), without its emoji (which no
 * bundled font has: decoration the line reads well without) and its Arabic and Hebrew vowel
 * marks; or undefined when it holds a character of a script no font has (Thai, Devanagari,
 * Georgian...), which would be drawn as a box, or a combining mark no letter composes with.
 * Satori itself names what its fonts cannot draw (loadAdditionalAsset), and the East Asian fonts
 * are asked for then; the full text stays in og:image:alt.
 */
export async function fitTextToFonts(
  text: string,
  fonts: readonly SatoriFont[],
  locale: string = 'en',
): Promise<string | undefined> {
  // Composed first: a name typed or pasted decomposed (NFD: `o` and U+0302, U+0301 for `ố`) is
  // drawn with the precomposed letters Inter has.
  const unmarked = text.normalize('NFC').replace(RIGHT_TO_LEFT_MARKS, '');
  if (COMBINING_MARK.test(unmarked)) return undefined;
  const missing: { code: string; segment: string }[] = [];
  const loadFallback = loadFallbackFonts(locale);
  await satori(
    { type: 'div', props: { style: { display: 'flex' }, children: unmarked } } as never,
    {
      width: 1200,
      height: 200,
      fonts: [...fonts],
      loadAdditionalAsset: async (code, segment) => {
        const fallback = await loadFallback(code, segment);
        if (fallback.length === 0) missing.push({ code, segment });
        return fallback;
      },
    },
  );
  if (missing.some(({ code }) => code !== 'emoji')) return undefined;
  let drawable = unmarked;
  for (const { segment } of missing) drawable = drawable.split(segment).join('');
  // What joined the emoji (a zero-width joiner, a variation selector) goes with them.
  drawable = drawable
    .replace(/[\u200d\ufe0e\ufe0f]/gu, '')
    .replace(/\s+/gu, ' ')
    .trim();
  return drawable === '' ? undefined : drawable;
}

/**
 * Satori's `loadAdditionalAsset` for a text of `locale`: the East Asian fonts that draw a segment
 * the other fonts lack (loadEastAsianFonts), none for an emoji or a script they lack too, or when
 * the fonts fail to load (the line is then left out, with a warning).
 */
function loadFallbackFonts(
  locale: string,
): (code: string, segment: string) => Promise<SatoriFont[]> {
  return async (code, segment) => {
    if (code === 'emoji') return [];
    // A font that fails to load or cut costs the image a line, not the build its pages.
    return loadEastAsianFonts(segment, locale).catch((error: unknown) => {
      console.warn(`[og-image] no East Asian font for "${segment}": ${String(error)}`);
      return [];
    });
  };
}

/** One element of satori's tree (the shape React elements have), without React. */
interface Node {
  readonly type: string;
  readonly props: Record<string, unknown> & { children?: Node | string | (Node | string)[] };
}

/**
 * The Open Graph image (PNG, 1200x630): the logo, the company name and the tagline on the light
 * theme's background, with a band of the accent colour. Laid out by satori, drawn by resvg. The
 * name and the tagline are drawn as fitTextToFonts leaves them: a line the fonts cannot draw is
 * left out rather than shown as boxes, the name for the short name when the fonts can draw that,
 * and for the website's host when they can draw neither.
 * A company writing right to left (its `locale`: Arabic, Hebrew, Persian...) gets the image
 * mirrored, the logo at the right and the lines starting there, as its pages are.
 * @see https://ogp.me/#structured (og:image)
 */
export async function renderOpenGraphImage(company: Company, logoSvg: string): Promise<Uint8Array> {
  const svg = await layOutOpenGraphImage(company, logoSvg);
  return new Resvg(svg, { fitTo: { mode: 'original' } }).render().asPng();
}

/** A line of the content the Open Graph image leaves out, since its fonts cannot draw it. */
export interface LeftOutLine {
  readonly field: 'name' | 'tagline';
  readonly text: string;
  /** What the image shows in the name's place: the short name, or the website's host. */
  readonly instead?: string;
}

/**
 * The build's warning for a line the image leaves out, naming the field, so an owner whose name or
 * tagline is in a script the image's fonts lack (Devanagari, Thai...) learns it from the build,
 * not from a link preview.
 */
export function formatLeftOutLine({ field, text, instead }: LeftOutLine): string {
  const shown = instead === undefined ? '' : `, which shows ${instead} in its place`;
  return (
    `content/company.yaml: ${field}: "${text}" is left out of /og-image.png${shown}: the ` +
    "image's fonts cannot draw it (a script they lack, an accent that composes with no letter, " +
    'or emoji alone); og:image:alt and the pages still carry it (docs/owners.md)'
  );
}

/**
 * The website's host as people read it: in its own letters (an internationalized name decoded from
 * punycode), without `www.` (`https://www.khaohomdee.example/th/` shows `khaohomdee.example`).
 */
export function readShownHost(website: string): string {
  const { hostname } = new URL(website);
  return (domainToUnicode(hostname) || hostname).replace(/^www\./u, '');
}

/** The name and the tagline as the image draws them (fitTextToFonts), and what it leaves out. */
async function fitOpenGraphLines(
  company: Company,
  fonts: readonly SatoriFont[],
): Promise<{ name: string | undefined; tagline: string | undefined; leftOut: LeftOutLine[] }> {
  // A name the fonts cannot draw (ร้านรุ่งอรุณ) gives way to the short name when they can (Rung Arun).
  const fullName = await fitTextToFonts(company.name, fonts, company.locale);
  const shortName =
    fullName === undefined
      ? await fitTextToFonts(company.alternateName, fonts, company.locale)
      : undefined;
  const drawn = fullName ?? shortName;
  // Neither: the website's host, so that a link preview still says whose page it is (an image of a
  // logo and nothing else said nothing of a Thai bakery's name); only whole (a host of emoji would
  // have been drawn as `.example`).
  const shownHost = drawn === undefined ? readShownHost(company.website) : undefined;
  const fittedHost = shownHost && (await fitTextToFonts(shownHost, fonts, company.locale));
  const host = fittedHost === shownHost?.normalize('NFC') ? fittedHost : undefined;
  const name = drawn ?? host;
  const tagline = await fitTextToFonts(company.tagline, fonts, company.locale);
  const leftOut: LeftOutLine[] = [
    // The owner is told which stands in for the name: the short name, or the host.
    ...(fullName === undefined
      ? [{ field: 'name' as const, text: company.name, ...(name ? { instead: name } : {}) }]
      : []),
    ...(tagline === undefined ? [{ field: 'tagline' as const, text: company.tagline }] : []),
  ];
  return { name, tagline, leftOut };
}

/**
 * The lines of the content the Open Graph image leaves out (none when it draws the name and the
 * tagline), with what it shows in the name's place: what the build warns of (site-snapshot.ts),
 * before the pages.
 */
export async function listLeftOutLines(company: Company): Promise<LeftOutLine[]> {
  return (await fitOpenGraphLines(company, await loadOpenGraphFonts())).leftOut;
}

/** The longest name drawn at the large size: two lines of it fit beside the logo. */
const LONG_NAME = 40;

/** The Open Graph image as satori lays it out (SVG), before resvg draws it. */
export async function layOutOpenGraphImage(company: Company, logoSvg: string): Promise<string> {
  const fonts = await loadOpenGraphFonts();
  const { name, tagline } = await fitOpenGraphLines(company, fonts);
  const light = THEMES[0];
  const logo = `data:image/svg+xml;base64,${Buffer.from(logoSvg).toString('base64')}`;
  const tree: Node = {
    type: 'div',
    props: {
      style: {
        width: '100%',
        height: '100%',
        // The padding and the band inside the image's size: with satori's default (content-box)
        // the box was 192 px wider and 24 px taller than the image, so a tagline that wraps ran
        // past the right margin and was cut off at the edge.
        boxSizing: 'border-box',
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'center',
        padding: '0 96px',
        background: light?.background ?? '#ffffff',
        borderTop: `24px solid ${company.accentColor}`,
        fontFamily: 'Inter',
        color: '#1b1f24',
        direction: resolveTextDirection(company.locale),
      },
      children: [
        {
          type: 'div',
          props: {
            style: { display: 'flex', alignItems: 'center', gap: '40px' },
            children: [
              {
                type: 'img',
                // contain: a logo that is not square keeps its proportions in the square box.
                props: { src: logo, width: 168, height: 168, style: { objectFit: 'contain' } },
              },
              ...(name === undefined
                ? []
                : [
                    {
                      type: 'div',
                      props: {
                        style: {
                          // A long name (up to 300 characters) in a smaller size, and at most
                          // three lines of it: what is cut ends in an ellipsis.
                          fontSize: name.length <= LONG_NAME ? 76 : 56,
                          fontWeight: 700,
                          lineHeight: 1.1,
                          maxWidth: '820px',
                          display: 'block',
                          lineClamp: 3,
                        },
                        children: name,
                      },
                    },
                  ]),
            ],
          },
        },
        ...(tagline === undefined
          ? []
          : [
              {
                type: 'div',
                props: {
                  style: {
                    marginTop: '56px',
                    fontSize: 44,
                    lineHeight: 1.3,
                    color: '#4a5563',
                    display: 'block',
                    lineClamp: 3,
                  },
                  children: tagline,
                },
              },
            ]),
      ],
    },
  };
  // satori's types ask for a ReactNode; a plain element tree is what it reads.
  return satori(tree as unknown as Parameters<typeof satori>[0], {
    ...OPEN_GRAPH_IMAGE_SIZE,
    fonts,
    loadAdditionalAsset: loadFallbackFonts(company.locale),
  });
}
