import { readFile } from 'node:fs/promises';
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listFiles } from '../support/list-files.ts';
import { ROOT } from '../support/processes.ts';

/**
 * A side named left or right: a margin, padding, border or corner, an offset, an alignment or a
 * float. On a page written right to left (content in Arabic or Hebrew, `<html dir="rtl">`), such a
 * side stays where it is while the page mirrors: a sidebar's rule, a list's indent or a menu's
 * anchor ends up on the wrong side. Flow-relative properties (`margin-inline-start`, `inset-inline-end`,
 * `text-align: start`) follow the direction.
 */
const PHYSICAL_SIDE =
  /(?:^|[\s;{])((?:margin|padding|border)-(?:left|right)[\w-]*|border-(?:top|bottom)-(?:left|right)-radius|(?:left|right)|(?:text-align|float|clear)\s*:\s*(?:left|right))\s*:?/;

/**
 * The physical sides the styles keep on purpose, by file and declaration: a chevron drawn with the
 * right and bottom borders of a square turned 45°, which points down in either direction.
 */
const KEPT = new Set(['src/styles/page-actions.css: border-right: 2px solid currentColor;']);

/** Every declaration of the project's styles (its CSS files and the components' style blocks). */
async function readDeclarations(): Promise<string[]> {
  const files = [
    ...(await listFiles(`${ROOT}src/styles`)).filter((file) => file.endsWith('.css')),
    ...(await listFiles(`${ROOT}src`)).filter((file) => file.endsWith('.astro')),
  ];
  const declarations: string[] = [];
  for (const file of files) {
    let text = await readFile(file, 'utf8');
    if (file.endsWith('.astro')) {
      text = [...text.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)]
        .map((match) => match[1] ?? '')
        .join('\n');
    }
    const name = relative(ROOT, file);
    for (const line of text.replace(/\/\*[\s\S]*?\*\//g, '').split('\n')) {
      if (/^\s*[\w-]+\s*:[^:]/.test(line)) declarations.push(`${name}: ${line.trim()}`);
    }
  }
  return declarations;
}

describe("the styles' sides", () => {
  it('should name sides by the flow (start, end), never left or right, so a right-to-left page mirrors', async () => {
    const declarations = await readDeclarations();
    // The scan reads the styles: their flow-relative sides are there to be found.
    expect(declarations.some((line) => line.includes('inset-inline-start'))).toBe(true);
    const physical = declarations.filter(
      (line) => PHYSICAL_SIDE.test(line.replace(/^[^:]+: /, ' ')) && !KEPT.has(line),
    );
    expect(physical).toEqual([]);
  });

  it('should find a side named left or right in any of its forms', () => {
    const found = (declaration: string) => PHYSICAL_SIDE.test(` ${declaration}`);
    for (const declaration of [
      'margin-left: auto;',
      'padding-right: 1rem;',
      'border-left: 1px solid;',
      'border-right-color: red;',
      'border-top-left-radius: 2px;',
      'left: 0;',
      'right: -999px;',
      'text-align: left;',
      'text-align:right;',
      'float: left;',
    ]) {
      expect(found(declaration), declaration).toBe(true);
    }
    for (const declaration of [
      'margin-inline-start: auto;',
      'inset-inline-end: 0;',
      'text-align: start;',
      'border-inline-start: 1px solid;',
      'top: 1rem;',
      'grid-template-columns: 1fr 15rem;',
    ]) {
      expect(found(declaration), declaration).toBe(false);
    }
  });
});
