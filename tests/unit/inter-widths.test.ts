import { describe, expect, it } from 'vitest';
import { loadInterWidths } from '../../src/integrations/inter-widths.ts';
import { INTER_SUBSETS } from '../../src/integrations/inter-subsets.ts';

const { width, subsets } = await loadInterWidths();

describe('loadInterWidths', () => {
  it("should give each character Inter's advance width in its weight, 1 em where Inter has none, and kern pairs", () => {
    // The advance widths of @fontsource/inter's static files (read with opentype.js), which the
    // variable files the pages use give at wght 400 and 700.
    const bold = { W: 1.038, Ж: 1.068, Љ: 1.118, ψ: 0.83, Ύ: 0.96, α: 0.694, ф: 0.777, M: 0.932 };
    for (const [character, advance] of Object.entries(bold)) {
      expect(width(character, 700), character).toBeCloseTo(advance, 2);
    }
    const regular = { W: 0.985, Ж: 0.961, ψ: 0.78, ф: 0.69 };
    for (const [character, advance] of Object.entries(regular)) {
      expect(width(character, 400), character).toBeCloseTo(advance, 2);
    }
    // Characters the system's fonts draw instead: a CJK ideograph, an Arabic letter.
    expect(width('個', 400)).toBe(1);
    expect(width('ب', 700)).toBe(1);
    // Shaped as the pages draw it, kerning included: A and V closer, Ukrainian ї ї further apart.
    expect(width('AV', 400)).toBeLessThan(width('A', 400) + width('V', 400) - 0.05);
    expect(width('її', 700)).toBeGreaterThan(2 * width('ї', 700) + 0.1);
    // A text in several of Inter's files and a system font: the sum of its runs.
    expect(width('Aψ個', 400)).toBeCloseTo(width('A', 400) + width('ψ', 400) + 1, 10);
  });

  it("should list each of Inter's files with the characters it is the first to draw, and none it lacks", () => {
    const firstDrawnBy = new Map<string, string>();
    for (const { subset, codePoints } of subsets) {
      for (const codePoint of codePoints) {
        const character = String.fromCodePoint(codePoint);
        expect(firstDrawnBy.get(character), character).toBeUndefined();
        firstDrawnBy.set(character, subset);
      }
    }
    // In the order the pages' faces take them.
    expect(subsets.map(({ subset }) => subset)).toEqual([...INTER_SUBSETS]);
    const expected = {
      a: 'latin',
      ł: 'latin-ext',
      Ж: 'cyrillic',
      Җ: 'cyrillic-ext',
      ψ: 'greek',
      ἀ: 'greek-ext',
      ệ: 'vietnamese',
    };
    for (const [character, subset] of Object.entries(expected)) {
      expect(firstDrawnBy.get(character), character).toBe(subset);
    }
    for (const character of ['個', 'ب', 'א', 'ก']) expect(firstDrawnBy.has(character)).toBe(false);
  });
});
