import fontverter from 'fontverter';
import { Blob, Face } from 'harfbuzzjs';
import { describe, expect, it } from 'vitest';
import {
  formatUnicodeRange,
  readFontCodePoints,
  renderFontStylesheet,
  renderFontUrlsModule,
  subsetInter,
} from '../../src/integrations/site-fonts.ts';
import { INTER_LAYOUT_FEATURES } from '../../src/integrations/inter-subsets.ts';
import { selectFontPreloads, toCodePointRuns } from '../../src/site/font-preloads.ts';
import { collectSiteCharacters, SITE_PUNCTUATION } from '../../src/site-content/site-characters.ts';
import { loadFixtureContent } from '../support/fixture-content.ts';

const codePointsOf = (text: string) => [...text].map((character) => character.codePointAt(0));

describe('collectSiteCharacters', () => {
  it('should hold printable ASCII and the punctuation of the templates for any content', async () => {
    const characters = collectSiteCharacters(await loadFixtureContent('minimal'));
    for (let codePoint = 0x20; codePoint <= 0x7e; codePoint += 1) {
      expect(characters.has(codePoint)).toBe(true);
    }
    for (const codePoint of codePointsOf(SITE_PUNCTUATION)) {
      expect(characters.has(codePoint ?? 0)).toBe(true);
    }
    expect(characters.has(0x0a)).toBe(false);
    expect(characters.has(codePointsOf('é')[0] ?? 0)).toBe(false);
  });

  it("should add every character of the content and of its locale's month names", async () => {
    const rich = await loadFixtureContent('rich');
    const characters = collectSiteCharacters(rich);
    for (const character of ['é', 'â', 'ō', 'み', '株', '—']) {
      expect(characters.has(character.codePointAt(0) ?? 0), character).toBe(true);
    }
    const french = collectSiteCharacters({
      ...rich,
      company: { ...rich.company, locale: 'fr' },
    });
    // « août » and « décembre » reach the "Last updated" line.
    expect(french.has('û'.codePointAt(0) ?? 0)).toBe(true);
    expect(characters.has('û'.codePointAt(0) ?? 0)).toBe(false);
  });

  it('should add the letters of a website written in Punycode, as the footer shows them', async () => {
    const minimal = await loadFixtureContent('minimal');
    const punycode = collectSiteCharacters({
      ...minimal,
      company: { ...minimal.company, website: 'https://www.xn--agiel-hib.pl/' },
    });
    expect(punycode.has('ż'.codePointAt(0) ?? 0)).toBe(true);
    expect(collectSiteCharacters(minimal).has('ż'.codePointAt(0) ?? 0)).toBe(false);
  });

  it('should add the founding date as the home page names its month', async () => {
    const minimal = await loadFixtureContent('minimal');
    const polish = (foundingDate?: string) =>
      collectSiteCharacters({
        ...minimal,
        company: { ...minimal.company, locale: 'pl', foundingDate },
      });
    // « styczeń 2011 »: no date of the "Last updated" line has the ń of a month named alone.
    expect(polish().has('ń'.codePointAt(0) ?? 0)).toBe(false);
    expect(polish('2011-01').has('ń'.codePointAt(0) ?? 0)).toBe(true);
  });
});

describe('subsetInter', { timeout: 60_000 }, () => {
  it("should cut each of Inter's files to what it draws of what the files before it left, leaving other scripts to the system's fonts", async () => {
    const characters = collectSiteCharacters(await loadFixtureContent('rich'));
    const subsets = await subsetInter(characters);
    expect(subsets.map((subset) => subset.name)).toEqual([
      'inter-latin',
      'inter-latin-ext',
      'inter-cyrillic',
      'inter-greek',
      'inter-vietnamese',
    ]);
    const [latin, latinExt, cyrillic, greek, vietnamese] = subsets;
    expect(latin?.codePoints).toEqual(expect.arrayContaining(codePointsOf(' AZaz09~§·é—’…„“')));
    // ō of a Japanese name, Ł and ź of Łódź (copy/savoir-faire.md).
    expect(latinExt?.codePoints).toEqual(codePointsOf('Łōź'));
    // Пекарна „Средец“, Φούρνος Λευκός Πύργος and Phố Hội (the rich fixture's pages/our-bakeries.md).
    expect(cyrillic?.codePoints).toEqual(codePointsOf('ПСадекнрц'));
    expect(greek?.codePoints).toEqual(codePointsOf('ΛΠΦγεκνορςυόύ'));
    expect(vietnamese?.codePoints).toEqual(codePointsOf('ốộ'));
    const drawn = subsets.flatMap((subset) => subset.codePoints);
    expect(drawn).not.toContain('み'.codePointAt(0));
    expect(drawn).not.toContain('株'.codePointAt(0));
    for (const subset of subsets) {
      // The file itself draws exactly the code points its unicode-range will name.
      const sfnt = await fontverter.convert(Buffer.from(subset.woff2), 'truetype');
      expect(readFontCodePoints(sfnt).sort((a, b) => a - b)).toEqual(subset.codePoints);
      const face = new Face(new Blob(sfnt));
      expect(face.getAxisInfos()['wght']).toMatchObject({ min: 400, max: 700, default: 400 });
      for (const table of ['GSUB', 'GPOS'] as const) {
        for (const feature of face.getTableFeatureTags(table)) {
          expect(INTER_LAYOUT_FEATURES).toContain(feature);
        }
      }
      expect(face.getTableFeatureTags('GPOS')).toContain('kern');
    }
  });

  it('should keep an English site within 16 KB of font, a third of the Latin file', async () => {
    const subsets = await subsetInter(collectSiteCharacters(await loadFixtureContent('minimal')));
    expect(subsets.map((subset) => subset.name)).toEqual(['inter-latin']);
    expect(subsets[0]?.woff2.byteLength).toBeLessThanOrEqual(16_000);
    expect(subsets[0]?.woff2.byteLength).toBeGreaterThan(8_000);
  });
});

describe('formatUnicodeRange and renderFontStylesheet', () => {
  it('should join consecutive code points into runs', () => {
    expect(formatUnicodeRange([0x7e, 0x20, ...codePointsOf('!"#§–—'), 0xa7].map(Number))).toBe(
      'U+20-23, U+7E, U+A7, U+2013-2014',
    );
  });

  it('should give each cut a face of Inter Variable over the kept weights, named by its range', () => {
    const css = renderFontStylesheet([
      { name: 'inter-latin', woff2: new Uint8Array(), codePoints: [0x20, 0x21, 0xe9] },
      { name: 'inter-latin-ext', woff2: new Uint8Array(), codePoints: [0x14d] },
    ]);
    expect(css.match(/@font-face/g)).toHaveLength(2);
    expect(css).toContain("src: url('./fonts/inter-latin.woff2') format('woff2-variations');");
    expect(css).toContain('unicode-range: U+20-21, U+E9;');
    expect(css).toContain('unicode-range: U+14D;');
    expect(css.match(/font-weight: 400 700;/g)).toHaveLength(2);
    expect(css.match(/font-display: optional;/g)).toHaveLength(2);
  });
});

describe('the cuts a page preloads', () => {
  const fonts = [
    {
      url: '/_astro/inter-latin.a.woff2',
      ranges: toCodePointRuns(codePointsOf(' AaBb.').map(Number)),
    },
    {
      url: '/_astro/inter-greek.b.woff2',
      ranges: toCodePointRuns(codePointsOf('ΑΒαβ').map(Number)),
    },
    { url: '/_astro/inter-cyrillic.c.woff2', ranges: [[0x430, 0x431]] as [number, number][] },
  ];

  it('should write runs of consecutive code points, in order', () => {
    expect(toCodePointRuns([0x7e, 0x20, 0x21, 0x22, 0xa7, 0x21])).toEqual([
      [0x20, 0x22],
      [0x7e, 0x7e],
      [0xa7, 0xa7],
    ]);
    expect(toCodePointRuns([])).toEqual([]);
  });

  it('should preload the cuts that draw a character of the page, and no other', () => {
    expect(selectFontPreloads(fonts, ['a b.'])).toEqual(['/_astro/inter-latin.a.woff2']);
    expect(selectFontPreloads(fonts, ['<p>a</p>', 'Φβ'])).toEqual([
      '/_astro/inter-latin.a.woff2',
      '/_astro/inter-greek.b.woff2',
    ]);
    // A character inside a run, not only at its ends.
    expect(selectFontPreloads(fonts, ['б'])).toEqual(['/_astro/inter-cyrillic.c.woff2']);
    expect(selectFontPreloads(fonts, ['株式会社'])).toEqual([]);
  });

  it('should give the layout each cut with the runs it draws', () => {
    const module = renderFontUrlsModule([
      { name: 'inter-latin', woff2: new Uint8Array(), codePoints: [0x20, 0x21, 0xe9] },
      { name: 'inter-greek', woff2: new Uint8Array(), codePoints: [0x3b1, 0x3b2] },
    ]);
    expect(module).toContain("import font1 from './fonts/inter-greek.woff2?url';");
    expect(module).toContain('  { url: font0, ranges: [[32,33],[233,233]] },');
    expect(module).toContain('  { url: font1, ranges: [[945,946]] },');
  });
});
