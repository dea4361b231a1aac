import { readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SiteContent } from '../../src/schemas/site-content.ts';
import { parsePageSearchFile, parsePageSections } from '../../src/documents/page-search.ts';
import { PAGE_SEARCH_INDEX_PATH } from '../../src/service/search-index-path.ts';
import { launchChromium } from '../support/browser.ts';
import { postMcp } from '../support/mcp-requests.ts';
import {
  LATIN_WORD,
  readBuiltCopyPages,
  readInheritedTexts,
  type BuiltCopyPages,
} from '../support/built-pages.ts';
import { readGraph } from '../support/expected-site.ts';
import { GREEK_CONTENT_DIR } from '../support/fixture-content.ts';
import { PAGE, PAGE_SLUG } from '../support/recipe-fixtures.ts';
import { readContentText } from '../support/sample-content.ts';

/*
 * WCAG 2.2, 3.1.2 Language of Parts: on the pages of a company that writes in Greek, the site's
 * own words (navigation, search, footer, fact labels, the whole API reference) are English and
 * must say so, and the company's words must say they are Greek. Read from the built pages of the
 * copy built on tests/fixtures/content-in-greek/, every text and every attribute a screen reader
 * speaks, with the language it inherits.
 */

/** Attributes whose words are read aloud, in the language of their element. */
const SPOKEN_ATTRIBUTES = ['aria-label', 'title', 'alt', 'placeholder'];
const GREEK = /[\u0370-\u03ff\u1f00-\u1fff]/;

/** Every text and spoken attribute of a page, each with the `lang` it inherits. */
function readSpokenTexts(page: string, html: string) {
  const { root, texts } = readInheritedTexts(page, html, 'lang', SPOKEN_ATTRIBUTES);
  return {
    htmlLang: root ?? '',
    texts: texts.map(({ text, value }) => ({ page, text, lang: value ?? '' })),
  };
}

/**
 * Whose words a text is: the site's when it holds an English word the company never wrote, the
 * company's when, with its names taken out, it holds Greek, or nobody's (names, numbers, URLs).
 */
function classify(
  text: string,
  names: readonly string[],
  contentWords: ReadonlySet<string>,
): 'site' | 'content' | undefined {
  let rest = text.replace(/\b(?:https?:\/\/|www\.)\S+/g, ' ');
  for (const name of names) rest = rest.replaceAll(name, ' ');
  const english = (rest.match(LATIN_WORD) ?? []).filter((word) => !contentWords.has(word));
  if (english.length > 0) return 'site';
  return GREEK.test(rest) ? 'content' : undefined;
}

let served: BuiltCopyPages['served'];
let staticDir: string;
let content: SiteContent;
let pages: readonly string[];

beforeAll(async () => {
  ({ served, staticDir, content, pages } = await readBuiltCopyPages('one-place-recipes'));
}, 900_000);

describe("the pages of a company writing in Greek, the site's words in English", () => {
  it('should give each page the language of most of its words', async () => {
    expect(content.company.locale).toBe('el-GR');
    const languages = new Map<string, string>();
    for (const file of pages) {
      const { htmlLang } = readSpokenTexts(file, await readFile(file, 'utf8'));
      languages.set(relative(staticDir, file), htmlLang);
    }
    // The company's pages: the home page and its own pages.
    expect(languages.get('index.html')).toBe('el-GR');
    expect(languages.get('to-meli-mas/index.html')).toBe('el-GR');
    // The changelog: its entries are the company's, its title and own sections the site's.
    expect(content.changelog.length).toBeGreaterThan(0);
    expect(languages.get('changelog/index.html')).toBe('el-GR');
    // The site's: the reference, the developer portal, errors, glossary, the 404 page.
    for (const page of [
      'docs/index.html',
      'docs/mcp/tools/get_product/index.html',
      'developers/index.html',
      'errors/index.html',
      'glossary/index.html',
      '404.html',
    ]) {
      expect(languages.get(page), page).toBe('en');
    }
    // The JSON-LD says so of the pages in English; the site (WebSite) is in Greek.
    const graphOf = async (page: string) =>
      readGraph(await readFile(join(staticDir, page), 'utf8'));
    const docsGraph = await graphOf('docs/index.html');
    expect(docsGraph.find((node) => node['@type'] === 'WebSite')?.inLanguage).toBe('el-GR');
    expect(docsGraph.find((node) => node['@type'] === 'WebPage')?.inLanguage).toBe('en');
    const homeGraph = await graphOf('index.html');
    expect(homeGraph.find((node) => node['@type'] === 'WebPage')).not.toHaveProperty('inLanguage');
  });

  it('should mark every English text and label as English, and every Greek one as Greek', async () => {
    const { company, product } = content;
    // Proper names stay as they are in any sentence (WCAG 3.1.2 excepts them), and the recipes'
    // page is written in English by its test into this company's content/: its navigation label
    // is the company's words, in English.
    const names = [company.name, company.alternateName, product.name, PAGE.navLabel].sort(
      (a, b) => b.length - a.length,
    );
    // Latin words the company wrote itself (API, JSON, LoRaWAN): its words, not the site's.
    const contentWords = new Set((await readContentText(GREEK_CONTENT_DIR)).match(LATIN_WORD));
    const wrong: string[] = [];
    let site = 0;
    let greek = 0;
    for (const file of pages) {
      const page = relative(staticDir, file);
      // The recipes' page: written in English by its test into this Greek company's content/.
      if (page === `${PAGE_SLUG}/index.html`) continue;
      for (const { text, lang } of readSpokenTexts(page, await readFile(file, 'utf8')).texts) {
        const words = classify(text, names, contentWords);
        if (words === 'site') site++;
        if (words === 'content') greek++;
        const expected = words === 'site' ? 'en' : words === 'content' ? 'el-GR' : lang;
        if (lang !== expected)
          wrong.push(`${page}: "${text.slice(0, 80)}" is ${lang}, not ${expected}`);
      }
    }
    expect(wrong.slice(0, 40), `${wrong.length} texts in the wrong language`).toEqual([]);
    // The check read both kinds of words: nothing was left unread.
    expect(site).toBeGreaterThan(1000);
    expect(greek).toBeGreaterThan(50);
  });

  it('should label the main page the company named in Greek, and the others in English', async () => {
    const html = await readFile(join(staticDir, 'index.html'), 'utf8');
    const nav = /<nav aria-label="Main"[^>]*>([\s\S]*?)<\/nav>/.exec(html)?.[1] ?? '';
    expect(nav).toMatch(/<a href="\/" aria-current="page" lang="el-GR">Αρχική<\/a>/);
    expect(nav).toMatch(/<a href="\/developers" lang="en">Developers<\/a>/);
    expect(nav).toMatch(/<a href="\/to-meli-mas" lang="el-GR">Το μέλι μας<\/a>/);
  });
});

describe("the search of a company writing in Greek, in the site's English", () => {
  it("should give each section of the index the language of its heading, and each page its title's", async () => {
    const { sections, stopWords } = parsePageSearchFile(
      await readFile(join(staticDir, PAGE_SEARCH_INDEX_PATH), 'utf8'),
    );
    // Greek's commonest words are no search words (src/integrations/search-language.ts),
    // written as the search folds them (`από` is `απο`).
    expect(stopWords).toEqual(expect.arrayContaining(['και', 'το', 'με', 'απο', 'για']));
    const byUrl = new Map(sections.map((section) => [section.url, section]));
    expect(byUrl.get('/')).toMatchObject({ lang: 'el-GR', pageLang: 'el-GR' });
    expect(byUrl.get('/to-meli-mas')).toMatchObject({ lang: 'el-GR', pageLang: 'el-GR' });
    expect(byUrl.get('/docs')).toMatchObject({ lang: 'el-GR', pageLang: 'el-GR' });
    expect(byUrl.get('/docs#quickstart')).toMatchObject({ lang: 'en', pageLang: 'el-GR' });
    expect(byUrl.get('/docs/mcp/tools/get_product')).toMatchObject({ lang: 'en', pageLang: 'en' });
    expect(byUrl.get('/glossary')).toMatchObject({ lang: 'en', pageLang: 'en' });
    expect(byUrl.get('/changelog')).toMatchObject({ pageLang: 'en' });
    expect(byUrl.get('/changelog#follow-the-changes')).toMatchObject({ lang: 'en' });
    // The entries and the headings in their bodies: the company's words.
    const entries = sections.filter(
      (section) =>
        section.url.startsWith('/changelog#') && section.url !== '/changelog#follow-the-changes',
    );
    expect(entries.length).toBeGreaterThanOrEqual(content.changelog.length);
    for (const section of entries) expect(section.lang, section.url).toBe('el-GR');
    for (const section of sections) expect(section.lang, section.url).toMatch(/^(en|el-GR)$/);
  });

  it('should mark a Greek result as Greek and an English one as English in the dialog', async () => {
    const browser = await launchChromium();
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      await page.goto(`${served.baseUrl}/`, { waitUntil: 'load' });
      await page.locator('[data-search-open]').click();
      const results = async (query: string) => {
        await page.locator('[data-search-input]').fill(query);
        await page.locator('[data-search-list] [role="option"]').first().waitFor();
        return page.evaluate(() =>
          [...document.querySelectorAll('[data-search-list] [role="group"]')].map((group) => ({
            page: group.getAttribute('aria-label'),
            groupLang: group.getAttribute('lang'),
            options: [...group.querySelectorAll('[role="option"]')].map((option) => ({
              text: option.textContent ?? '',
              lang: option.getAttribute('lang'),
            })),
          })),
        );
      };
      const greek = await results('πευκόμελο');
      expect(greek[0]?.page).toBe('Το μέλι μας');
      expect(greek[0]?.groupLang).toBe('el-GR');
      expect(greek[0]?.options[0]?.lang).toBe('el-GR');
      const english = await results('rate limit');
      const glossary = english.find((group) => group.groupLang === 'en');
      expect(glossary?.options.every((option) => option.lang === 'en')).toBe(true);
      // Greek's commonest words alone find nothing: the dialog reads a query with the index's
      // stop words, as the build indexed the pages (without them, every Greek section matched).
      await page.locator('[data-search-input]').fill('και το με');
      await expect
        .poll(() => page.locator('[data-search-status]').textContent())
        .toBe('No results for “και το με”.');
      expect(await page.locator('[data-search-list] [role="option"]').count()).toBe(0);
      // A word in another form than the pages write it (the genitive plural `κυψελών` of
      // `κυψέλη`, `κυψέλες`: two edits, beyond the typo allowance) is found by its Greek stem:
      // the build gives the dialog's chunk Greek's stemmer (src/generated/search-stemmer.ts).
      const inflected = await results('κυψελών');
      expect(inflected[0]?.groupLang).toBe('el-GR');
      expect(inflected[0]?.options[0]?.text).toMatch(/κυψέλ/i);
    } finally {
      await browser.close();
    }
  });
});

describe('search_site of a company writing in Greek, over MCP', () => {
  it('should find a word by its Greek stem and leave out Greek stop words, as the dialog does', async () => {
    const search = async (query: string) => {
      const call = await postMcp(
        served.baseUrl,
        {
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: { name: 'search_site', arguments: { query, limit: 5 } },
        },
        { 'MCP-Protocol-Version': '2025-11-25' },
      );
      return call.body.result.structuredContent.results as { section: string; text: string }[];
    };
    const found = await search('κυψελών');
    expect(found.length).toBeGreaterThan(0);
    expect(found[0]?.text).toMatch(/κυψέλ/i);
    expect(await search('και το με')).toEqual([]);
  });
});

describe('the pages of a company writing in English', () => {
  it('should mark no part of a page with a language or a direction of its own, nor any search section', async () => {
    const rich = await readBuiltCopyPages('fixture-rich');
    const sections = parsePageSections(
      await readFile(join(rich.staticDir, PAGE_SEARCH_INDEX_PATH), 'utf8'),
    );
    expect(sections.some((section) => 'lang' in section || 'pageLang' in section)).toBe(false);
    expect(rich.pages.length).toBeGreaterThan(20);
    for (const file of rich.pages) {
      const html = await readFile(file, 'utf8');
      expect(html, file).toMatch(/^<!DOCTYPE html><html lang="en-GB">/i);
      expect(html.match(/\slang=/g), file).toHaveLength(1);
      // Only the search field takes the direction of what is typed into it (dir="auto").
      expect(html.match(/\sdir="(?!auto")[^"]*"/g) ?? [], file).toEqual([]);
    }
  });
});
