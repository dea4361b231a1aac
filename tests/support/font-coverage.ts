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

/** What a built site's pages show and Inter has, but no cut of Inter they preload draws. */
export interface FontCoverage {
  /** The cuts the home page preloads (`/_astro/....woff2`). */
  readonly cuts: readonly string[];
  /** The HTML pages read. */
  readonly pages: number;
  /** Each character left to the fallback font, with a page that shows it. */
  readonly leftToFallback: Record<string, string>;
}

/**
 * Reads every HTML page of a build's static folder (`.vercel/output/static`) and finds the
 * characters of its text (scripts and styles left out) that Inter has but the preloaded cuts do
 * not draw: each would be drawn by the fallback font, beside Inter.
 */
export async function findCharactersLeftToFallback(staticDir: string): Promise<FontCoverage> {
  const home = await readFile(join(staticDir, 'index.html'), 'utf8');
  const cuts = [...new Set(home.match(/\/_astro\/[^"]+\.woff2/g))];
  const drawn = new Set<number>();
  for (const cut of cuts)
    for (const code of await readCodePoints(join(staticDir, cut))) drawn.add(code);
  const available = await readInterCodePoints();
  const leftToFallback = new Map<string, string>();
  const pages = (await listFiles(staticDir)).filter((file) => file.endsWith('.html'));
  for (const file of pages) {
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
              leftToFallback.set(character, relative(staticDir, file));
            }
          }
        },
      },
      { decodeEntities: true },
    );
    parser.end(await readFile(file, 'utf8'));
  }
  return { cuts, pages: pages.length, leftToFallback: Object.fromEntries(leftToFallback) };
}
