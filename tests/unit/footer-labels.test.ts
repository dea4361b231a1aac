import { describe, expect, it } from 'vitest';
import { FOOTER_LINE_WIDTH, loadFooterLabelMeasure } from '../../src/integrations/footer-labels.ts';
import { INTER_SUBSETS } from '../../src/integrations/inter-subsets.ts';

const measure = await loadFooterLabelMeasure();

describe('loadFooterLabelMeasure', () => {
  it("should give each character Inter's advance width in the heavier weight, 1 em where Inter has none, and kern pairs", () => {
    // The advance widths of @fontsource/inter's static bold files (read with opentype.js), which
    // the variable files the pages use give at wght 700.
    const bold = { W: 1.038, Ж: 1.068, Љ: 1.118, ψ: 0.83, Ύ: 0.96, α: 0.694, ф: 0.777, M: 0.932 };
    for (const [character, width] of Object.entries(bold)) {
      expect(measure.labelWidth(character), character).toBeCloseTo(width, 2);
    }
    // Characters the system's fonts draw instead: a CJK ideograph, an Arabic letter.
    expect(measure.labelWidth('個')).toBe(1);
    expect(measure.labelWidth('ب')).toBe(1);
    // Shaped as the pages draw it, kerning included: A and V closer, Ukrainian ї ї further apart.
    expect(measure.labelWidth('AV')).toBeLessThan(
      measure.labelWidth('A') + measure.labelWidth('V') - 0.05,
    );
    expect(measure.labelWidth('її')).toBeGreaterThan(2 * measure.labelWidth('ї') + 0.1);
  });

  it("should keep a legal page's label whole in any script, and let one too long for a 320 px line wrap", () => {
    for (const label of [
      'Mentions légales',
      'Conditions générales de vente',
      'Datenschutzerklärung',
      'Политика конфиденциальности',
      'Πολιτική απορρήτου',
      'Chính sách bảo mật',
      'プライバシーポリシー',
      'Allgemeine Geschäftsbedingungen',
    ]) {
      expect(measure.fitsLine(label), label).toBe(true);
    }
    expect(measure.fitsLine('Conditions générales de vente et d’utilisation du site')).toBe(false);
    // The 20 em line less a pixel (1/14.4 em) a character, for browsers that round each glyph's
    // advance and kerning to whole pixels: 17 bold W's (18.0 em, WW kerned apart) fit, 18 (19.05
    // em) do not; Greek ψ (0.83 em in bold) 22, where an estimate of 0.6 em kept 33; 18 CJK
    // characters, counted 1 em each.
    expect(FOOTER_LINE_WIDTH).toBe(20);
    expect(measure.labelWidth('W'.repeat(17))).toBeCloseTo(17.99, 2);
    expect(measure.fitsLine('W'.repeat(17))).toBe(true);
    expect(measure.fitsLine('W'.repeat(18))).toBe(false);
    expect(measure.fitsLine('ψ'.repeat(22))).toBe(true);
    expect(measure.fitsLine('ψ'.repeat(23))).toBe(false);
    expect(measure.fitsLine('個'.repeat(18))).toBe(true);
    expect(measure.fitsLine('個'.repeat(19))).toBe(false);
  });

  it("should list each of Inter's files with the characters it is the first to draw, and none it lacks", () => {
    const firstDrawnBy = new Map<string, string>();
    for (const { subset, codePoints } of measure.subsets) {
      for (const codePoint of codePoints) {
        const character = String.fromCodePoint(codePoint);
        expect(firstDrawnBy.get(character), character).toBeUndefined();
        firstDrawnBy.set(character, subset);
      }
    }
    // In the order the pages' faces take them.
    expect(measure.subsets.map(({ subset }) => subset)).toEqual([...INTER_SUBSETS]);
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
