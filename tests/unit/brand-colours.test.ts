import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import {
  checkAccentContrast,
  measureContrastRatio,
  renderBrandStylesheet,
  THEMES,
} from '../../src/site-content/brand-colours.ts';
import { COLOURED_TOKENS } from '../../src/reference/code-highlighting.ts';
import { ROOT } from '../support/processes.ts';
import { loadFixtureContent } from '../support/fixture-content.ts';

describe('measureContrastRatio', () => {
  it('should give the WCAG ratios of known pairs', () => {
    expect(measureContrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(measureContrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    // #767676 is the lightest grey that passes 4.5:1 on white; #777777 just fails.
    expect(measureContrastRatio('#767676', '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(measureContrastRatio('#777777', '#ffffff')).toBeLessThan(4.5);
  });
});

describe('checkAccentContrast', () => {
  it("should pass the example company's accent colours in both themes", async () => {
    const { company } = await loadFixtureContent('rich');
    expect(checkAccentContrast(company)).toEqual([]);
  });

  it('should name the field and theme of a colour under 4.5:1', async () => {
    const { company } = await loadFixtureContent('rich');
    const problems = checkAccentContrast({
      ...company,
      accentColor: '#7ab8ff',
      accentColorDark: '#1f3a5f',
    });
    expect(problems.map((problem) => problem.field)).toEqual([
      'accentColor',
      'accentColor',
      'accentColorDark',
      'accentColorDark',
    ]);
    expect(problems[0]?.message).toMatch(
      /^#7ab8ff has a contrast of 2\.\d\d:1 against the light theme's page background #ffffff; WCAG AA needs at least 4\.5:1 for text$/,
    );
    expect(problems[2]?.message).toContain("against the dark theme's page background #10141a");
  });
});

describe('THEMES', () => {
  it('should hold the page background and surface colours of site.css in both themes', async () => {
    const css = await readFile(`${ROOT}src/styles/site.css`, 'utf8');
    // Each colour is one light-dark(light, dark) pair.
    expect(css).toContain(`--bg: light-dark(${THEMES[0]?.background}, ${THEMES[1]?.background});`);
    expect(css).toContain(`--surface: light-dark(${THEMES[0]?.surface}, ${THEMES[1]?.surface});`);
    expect(css).not.toContain('--accent:');
  });
});

describe("code.css's token colours", () => {
  it('should colour every token the highlighting keeps, at 5.8:1 or more on code blocks in both themes', async () => {
    const css = await readFile(`${ROOT}src/styles/code.css`, 'utf8');
    const [light, dark] = THEMES;
    const ratios: Record<string, string> = {};
    for (const token of COLOURED_TOKENS) {
      const rule = new RegExp(`\\.tok-${token}\\b[^{]*\\{\\s*color: var\\(--tok-([a-z]+)\\);`).exec(
        css,
      );
      expect(rule, token).not.toBeNull();
      const pair = new RegExp(
        `--tok-${rule?.[1]}: light-dark\\((#[0-9a-f]{6}), (#[0-9a-f]{6})\\);`,
      ).exec(css);
      expect(pair, token).not.toBeNull();
      const lightRatio = measureContrastRatio(pair?.[1] ?? '', light?.surface ?? '');
      const darkRatio = measureContrastRatio(pair?.[2] ?? '', dark?.surface ?? '');
      ratios[token] = `${lightRatio.toFixed(2)} / ${darkRatio.toFixed(2)}`;
      expect(Math.min(lightRatio, darkRatio), `${token}: ${ratios[token]}`).toBeGreaterThanOrEqual(
        5.8,
      );
    }
    expect(Object.keys(ratios)).toHaveLength(COLOURED_TOKENS.size);
  });
});

describe('renderBrandStylesheet', () => {
  it('should set --accent for the light theme and for the dark one', async () => {
    const { company } = await loadFixtureContent('rich');
    const css = renderBrandStylesheet(company);
    expect(css).toContain(
      `:root {\n  --accent: light-dark(${company.accentColor}, ${company.accentColorDark});\n}`,
    );
  });
});
