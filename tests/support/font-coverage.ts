import fontverter from 'fontverter';
import { Parser } from 'htmlparser2';
import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { readFontCodePoints } from '../../src/integrations/site-fonts.ts';
import { listFiles } from './list-files.ts';

const require = createRequire(import.meta.url);

async function readCodePoints(file: string): Promise<number[]> {
  return readFontCodePoints(await fontverter.convert(await readFile(file), 'truetype'));
}

/**
 * Every character Inter draws, from every variable file of the npm package (each script it cuts
 * Inter into), read from the package itself rather than from the build's list of them.
 */
export async function readInterCodePoints(): Promise<Set<number>> {
  const dir = dirname(
    require.resolve('@fontsource-variable/inter/files/inter-latin-wght-normal.woff2'),
  );
  const files = (await readdir(dir)).filter((file) =>
    /^inter-[a-z-]+-wght-normal\.woff2$/.test(file),
  );
  if (files.length === 0) throw new Error(`no variable file of Inter in ${dir}`);
  const available = new Set<number>();
  for (const file of files)
    for (const code of await readCodePoints(join(dir, file))) available.add(code);
  return available;
}

/** What a built site's pages show and Inter has, against the cuts of Inter each page preloads. */
export interface FontCoverage {
  /** Every cut some page preloads (`/_astro/....woff2`). */
  readonly cuts: readonly string[];
  /** The cuts each page preloads, by its file (relative to the static folder). */
  readonly preloads: Readonly<Record<string, readonly string[]>>;
  /** The HTML pages read. */
  readonly pages: number;
  /** Each character a page shows that Inter has but none of its preloaded cuts draws, with the page. */
  readonly leftToFallback: Record<string, string>;
}

/**
 * Reads every HTML page of a build's static folder (`.vercel/output/static`) and finds the
 * characters of its text (scripts and styles left out) that Inter has but the cuts that page
 * preloads do not draw: each would be drawn by the fallback font, beside Inter, on the page's
 * first view.
 */
export async function findCharactersLeftToFallback(staticDir: string): Promise<FontCoverage> {
  const available = await readInterCodePoints();
  const cutCodePoints = new Map<string, Set<number>>();
  const leftToFallback = new Map<string, string>();
  const preloads: Record<string, string[]> = {};
  const pages = (await listFiles(staticDir)).filter((file) => file.endsWith('.html'));
  for (const file of pages) {
    const html = await readFile(file, 'utf8');
    const page = relative(staticDir, file);
    const cuts = [
      ...html.matchAll(/<link rel="preload" href="(\/_astro\/[^"]+\.woff2)" as="font"/g),
    ].map(([, cut]) => cut ?? '');
    preloads[page] = cuts;
    const drawn = new Set<number>();
    for (const cut of cuts) {
      let codePoints = cutCodePoints.get(cut);
      if (!codePoints) {
        codePoints = new Set(await readCodePoints(join(staticDir, cut)));
        cutCodePoints.set(cut, codePoints);
      }
      for (const code of codePoints) drawn.add(code);
    }
    let hidden = 0;
    const parser = new Parser(
      {
        onopentag: (name) => {
          if (name === 'script' || name === 'style') hidden += 1;
        },
        onclosetag: (name) => {
          if (name === 'script' || name === 'style') hidden -= 1;
        },
        ontext: (text) => {
          if (hidden > 0) return;
          for (const character of text) {
            const code = character.codePointAt(0) ?? 0;
            if (available.has(code) && !drawn.has(code) && /\S/u.test(character)) {
              leftToFallback.set(character, page);
            }
          }
        },
      },
      { decodeEntities: true },
    );
    parser.end(html);
  }
  return {
    cuts: [...cutCodePoints.keys()],
    preloads,
    pages: pages.length,
    leftToFallback: Object.fromEntries(leftToFallback),
  };
}
