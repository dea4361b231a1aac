import type { Company } from '../schemas/site-content.ts';

/** WCAG 2.2 AA minimum contrast for normal-size text. @see WCAG 2.2 SC 1.4.3 */
export const TEXT_CONTRAST_MINIMUM = 4.5;

/** One colour theme of the pages: the colours the accent is read against (src/styles/site.css). */
export interface ThemeColours {
  readonly name: 'light' | 'dark';
  /** The company.yaml field that holds this theme's accent colour. */
  readonly accentField: 'accentColor' | 'accentColorDark';
  /** The page background (`--bg`). */
  readonly background: string;
  /** Code blocks, table heads and other panels (`--surface`). */
  readonly surface: string;
}

/** The two themes of site.css; a unit test holds these values and the stylesheet together. */
export const THEMES: readonly ThemeColours[] = [
  { name: 'light', accentField: 'accentColor', background: '#ffffff', surface: '#f3f5f8' },
  { name: 'dark', accentField: 'accentColorDark', background: '#10141a', surface: '#1a2029' },
];

/** The relative luminance of a `#rrggbb` colour. @see WCAG 2.2, relative luminance */
function measureLuminance(hex: string): number {
  const channels = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16) / 255);
  const [r = 0, g = 0, b = 0] = channels.map((c) =>
    c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4,
  );
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two `#rrggbb` colours, from 1 to 21. @see WCAG 2.2, contrast ratio */
export function measureContrastRatio(first: string, second: string): number {
  const [lighter, darker] = [measureLuminance(first), measureLuminance(second)].sort(
    (a, b) => b - a,
  );
  return ((lighter ?? 0) + 0.05) / ((darker ?? 0) + 0.05);
}

/** One accent colour that fails its theme, named by its company.yaml field. */
export interface ContrastProblem {
  readonly field: ThemeColours['accentField'];
  readonly message: string;
}

/**
 * Checks each theme's accent colour (each one given) for WCAG AA text contrast (4.5:1) against that theme's page
 * background and surface: the accent is link and label text on both, and the background of the
 * primary buttons and method badges whose text is the page background colour (the same pair).
 * @see WCAG 2.2 SC 1.4.3 (Contrast, Minimum)
 */
export function checkAccentContrast(company: {
  readonly [field in ThemeColours['accentField']]?: string | undefined;
}): ContrastProblem[] {
  const problems: ContrastProblem[] = [];
  for (const theme of THEMES) {
    const accent = company[theme.accentField];
    // A colour that is missing or not #rrggbb has a problem of its own; the other is still read.
    if (accent === undefined) continue;
    for (const [role, colour] of [
      ['page background', theme.background],
      ['surface', theme.surface],
    ] as const) {
      const ratio = measureContrastRatio(accent, colour);
      if (ratio < TEXT_CONTRAST_MINIMUM) {
        problems.push({
          field: theme.accentField,
          message: `${accent} has a contrast of ${ratio.toFixed(2)}:1 against the ${theme.name} theme's ${role} ${colour}; WCAG AA needs at least ${TEXT_CONTRAST_MINIMUM}:1 for text`,
        });
      }
    }
  }
  return problems;
}

/**
 * The stylesheet that gives the pages the company's accent colour in both themes: one
 * `light-dark()` pair, which follows the theme the page uses (the system's or the one chosen).
 * @see https://drafts.csswg.org/css-color-5/#light-dark
 */
export function renderBrandStylesheet(company: Company): string {
  return [
    '/* Written by the build from content/company.yaml; do not edit. */',
    `:root {\n  --accent: light-dark(${company.accentColor}, ${company.accentColorDark});\n}`,
    '',
  ].join('\n');
}
