import { readFile } from 'node:fs/promises';
import { relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SiteContent } from '../../src/schemas/site-content.ts';
import { launchChromium } from '../support/browser.ts';
import {
  LATIN_WORD,
  readBuiltCopyPages,
  readInheritedTexts,
  type BuiltCopyPages,
} from '../support/built-pages.ts';
import { resolveFixtureDir } from '../support/fixture-content.ts';
import { readContentText } from '../support/sample-content.ts';

/*
 * A company writing right to left (the fixture company right-to-left, in Arabic): its words must
 * read right to left and the site's English left to right, or a sentence's full stop, a
 * question's mark and a list's bullets land at the wrong end (Unicode's bidirectional algorithm
 * takes the paragraph's direction from `dir`, not from `lang`). Read from the built pages of the
 * copy built on that fixture: the direction every text inherits, and in Chromium, the layout.
 */

const ARABIC = /[\u0600-\u06ff]/;

let served: BuiltCopyPages['served'];
let staticDir: string;
let content: SiteContent;
let pages: readonly string[];

beforeAll(async () => {
  ({ served, staticDir, content, pages } = await readBuiltCopyPages('fixture-right-to-left'));
}, 900_000);

/** Every shown text of a page with the direction it inherits (left to right when none is set). */
function readDirectedTexts(page: string, html: string) {
  const { root, texts } = readInheritedTexts(page, html, 'dir');
  return {
    htmlDir: root ?? '',
    texts: texts.map(({ text, value }) => ({ text, dir: value ?? 'ltr' })),
  };
}

describe('the pages of a company writing right to left', () => {
  it("should set each page's direction by whose words most of it is", async () => {
    expect(content.company.locale).toBe('ar-EG');
    const directions = new Map<string, string>();
    for (const file of pages) {
      const { htmlDir } = readDirectedTexts(file, await readFile(file, 'utf8'));
      directions.set(relative(staticDir, file), htmlDir);
    }
    for (const page of ['index.html', 'al-baqat/index.html', 'changelog/index.html']) {
      expect(directions.get(page), page).toBe('rtl');
    }
    for (const page of [
      'docs/index.html',
      'developers/index.html',
      'errors/index.html',
      '404.html',
    ]) {
      expect(directions.get(page), page).toBe('ltr');
    }
  });

  it('should put every Arabic text in a right-to-left part, and every English sentence in a left-to-right one', async () => {
    const { company, product } = content;
    // Names stay as they are inside a sentence of the other language (isolated by the algorithm).
    const names = [company.name, company.alternateName, product.name].sort(
      (a, b) => b.length - a.length,
    );
    // Latin words the company wrote itself (JSON, Siwi): its words, not the site's.
    const contentWords = new Set(
      (await readContentText(resolveFixtureDir('right-to-left'))).match(LATIN_WORD),
    );
    const wrong: string[] = [];
    let arabic = 0;
    let english = 0;
    for (const file of pages) {
      const page = relative(staticDir, file);
      for (const { text, dir } of readDirectedTexts(page, await readFile(file, 'utf8')).texts) {
        let rest = text.replace(/\b(?:https?:\/\/|www\.)\S+/g, ' ');
        for (const name of names) rest = rest.replaceAll(name, ' ');
        const siteWords = (rest.match(LATIN_WORD) ?? []).filter((word) => !contentWords.has(word));
        if (ARABIC.test(rest) && siteWords.length === 0) {
          arabic++;
          if (dir !== 'rtl') wrong.push(`${page}: "${text.slice(0, 60)}" is ${dir}, not rtl`);
        } else if (!ARABIC.test(text) && siteWords.length >= 2 && /[.:?!]$/.test(text)) {
          // A sentence of the site's: its last stop lands at the other end in a rtl paragraph.
          english++;
          if (dir !== 'ltr') wrong.push(`${page}: "${text.slice(0, 60)}" is ${dir}, not ltr`);
        }
      }
    }
    expect(wrong.slice(0, 40), `${wrong.length} texts in the wrong direction`).toEqual([]);
    expect(arabic).toBeGreaterThan(50);
    expect(english).toBeGreaterThan(500);
  });

  it('should mirror the layout on its pages and keep code, the skip link and the menus on the screen', async () => {
    const browser = await launchChromium();
    try {
      const problems: string[] = [];
      for (const width of [390, 1280]) {
        const context = await browser.newContext({ viewport: { width, height: 900 } });
        const page = await context.newPage();
        for (const path of ['/', '/al-baqat']) {
          await page.goto(`${served.baseUrl}${path}`, { waitUntil: 'load' });
          const layout = await page.evaluate(() => {
            const main = document.querySelector('main h1')?.getBoundingClientRect();
            const brand = document.querySelector('.brand')?.getBoundingClientRect();
            return {
              overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
              direction: getComputedStyle(document.documentElement).direction,
              // The heading and the logo start at the right, as the page does.
              headingRight: main ? Math.round(window.innerWidth - main.right) : -1,
              brandRight: brand ? Math.round(window.innerWidth - brand.right) : -1,
              code: [...document.querySelectorAll('main pre, main code')].map(
                (element) => getComputedStyle(element).direction,
              ),
            };
          });
          const at = `${path} at ${width} px`;
          if (layout.overflow !== 0) problems.push(`${at}: ${layout.overflow} px too wide`);
          if (layout.direction !== 'rtl') problems.push(`${at}: ${layout.direction}`);
          if (layout.headingRight < 0 || layout.headingRight > 48)
            problems.push(`${at}: the heading ends ${layout.headingRight} px from the right`);
          if (layout.brandRight < 0 || layout.brandRight > 48)
            problems.push(`${at}: the logo ends ${layout.brandRight} px from the right`);
          if (path === '/' && (layout.code.length === 0 || layout.code.some((d) => d !== 'ltr')))
            problems.push(`${at}: code reads ${layout.code.join(', ')}`);
        }
        // The skip link, once focused, shows at the page's start corner: the top right.
        await page.keyboard.press('Tab');
        const skip = await page.evaluate(() => {
          const box = document.activeElement?.getBoundingClientRect();
          return box && { left: box.left, right: window.innerWidth - box.right, top: box.top };
        });
        if (!skip || skip.left < 0 || skip.right < 0 || skip.right > 48 || skip.top < 0)
          problems.push(`skip link at ${width} px: ${JSON.stringify(skip)}`);
        // The page's menu opens under its button, both at the page's start (their right edges
        // together), inside the screen.
        const button = page.locator('.page-actions summary, .page-actions .menu-button').first();
        await button.click();
        const buttonBox = await button.boundingBox();
        const panel = await page.locator('.page-actions-panel').boundingBox();
        const rightOf = (box: { x: number; width: number } | null) => (box ? box.x + box.width : 0);
        if (
          !panel ||
          panel.x < 0 ||
          rightOf(panel) > width ||
          Math.abs(rightOf(panel) - rightOf(buttonBox)) > 2
        )
          problems.push(`page menu at ${width} px: ${JSON.stringify({ panel, buttonBox })}`);
        await context.close();
      }
      expect(problems).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
