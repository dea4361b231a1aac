import { describe, expect, it } from 'vitest';
import {
  loadEastAsianFonts,
  orderEastAsianFamilies,
} from '../../src/integrations/east-asian-fonts.ts';

/** The families of the fonts cut for a segment, as their names say them. */
async function readFamilies(segment: string, locale: string): Promise<string[]> {
  const fonts = await loadEastAsianFonts(segment, locale);
  return [...new Set(fonts.map(({ name }) => name.split(' ')[2] ?? name))];
}

describe('orderEastAsianFamilies', () => {
  it("should try first the family of the content's language, Japanese for any other", () => {
    expect(orderEastAsianFamilies('ja')[0]).toBe('jp');
    expect(orderEastAsianFamilies('ko-KR')[0]).toBe('kr');
    expect(orderEastAsianFamilies('zh-CN')[0]).toBe('sc');
    expect(orderEastAsianFamilies('zh')[0]).toBe('sc');
    expect(orderEastAsianFamilies('zh-TW')[0]).toBe('tc');
    expect(orderEastAsianFamilies('zh-Hant-HK')[0]).toBe('tc');
    expect(orderEastAsianFamilies('en-GB')[0]).toBe('jp');
    for (const locale of ['ja', 'ko', 'zh-CN', 'zh-TW', 'fr'])
      expect(orderEastAsianFamilies(locale).toSorted()).toEqual(['jp', 'kr', 'sc', 'tc']);
  });
});

describe('loadEastAsianFonts', () => {
  it('should draw a Han character as the content’s language writes it', async () => {
    expect(await readFamilies('直', 'ja-JP')).toEqual(['jp']);
    expect(await readFamilies('直', 'zh-CN')).toEqual(['sc']);
    expect(await readFamilies('直', 'zh-TW')).toEqual(['tc']);
    expect(await readFamilies('直', 'ko-KR')).toEqual(['kr']);
  });

  it('should take a letter the first family lacks from the next', async () => {
    // 们 is simplified Chinese only; 빵 is Hangul.
    expect(await readFamilies('们', 'ja-JP')).toEqual(['sc']);
    expect((await readFamilies('みなと빵', 'ja-JP')).toSorted()).toEqual(['jp', 'kr']);
    // Noto Sans SC's unicode-range names Hangul syllables its font has no glyph for.
    expect(await readFamilies('한빛', 'zh-CN')).toEqual(['kr']);
  });

  it('should cut each font to its letters, at the weights the image draws, under names of their own', async () => {
    const fonts = await loadEastAsianFonts('株式会社みなと', 'ja-JP');
    expect(fonts.map(({ weight }) => weight).toSorted()).toEqual(
      Array.from({ length: fonts.length / 2 }, () => [400, 700])
        .flat()
        .toSorted(),
    );
    expect(new Set(fonts.map(({ name, weight }) => `${name} ${weight}`)).size).toBe(fonts.length);
    // A cut of a few letters, not the range's whole file.
    for (const { data } of fonts) expect(data.length).toBeLessThan(40_000);
  });

  it('should give no font for a letter none of the families has, so that the line is left out', async () => {
    expect(await loadEastAsianFonts('ขนมปัง', 'ja-JP')).toEqual([]);
    expect(await loadEastAsianFonts('みなとขนม', 'ja-JP')).toEqual([]);
  });
});
