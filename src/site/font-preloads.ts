/**
 * Which cuts of Inter a page preloads: those that draw a character of the page. The Latin cut
 * draws the site's own words, so every page preloads it; a cut for Greek, Cyrillic or Vietnamese
 * (src/integrations/site-fonts.ts) only on the pages that show those letters. A page without them
 * never fetches the cut: its `unicode-range` names none of the page's characters.
 */

/** One cut of Inter as the layout sees it: its URL and the code points it draws, as runs. */
export interface SiteFont {
  readonly url: string;
  /** Runs of consecutive code points, first and last included, in order. */
  readonly ranges: readonly (readonly [number, number])[];
}

/** Code points as runs of consecutive ones, in order (`[[0x20, 0x7e], [0xa7, 0xa7]]`). */
export function toCodePointRuns(codePoints: Iterable<number>): [number, number][] {
  const sorted = [...new Set(codePoints)].sort((a, b) => a - b);
  const runs: [number, number][] = [];
  for (const codePoint of sorted) {
    const last = runs.at(-1);
    if (last && codePoint === last[1] + 1) last[1] = codePoint;
    else runs.push([codePoint, codePoint]);
  }
  return runs;
}

/** The URLs of the cuts that draw at least one character of the texts, in the cuts' order. */
export function selectFontPreloads(fonts: readonly SiteFont[], texts: Iterable<string>): string[] {
  const shown = new Set<number>();
  for (const text of texts) for (const character of text) shown.add(character.codePointAt(0) ?? 0);
  return fonts
    .filter((font) =>
      font.ranges.some(([first, last]) => {
        for (let codePoint = first; codePoint <= last; codePoint += 1) {
          if (shown.has(codePoint)) return true;
        }
        return false;
      }),
    )
    .map((font) => font.url);
}
