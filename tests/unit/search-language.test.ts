import { describe, expect, it } from 'vitest';
import { normalizeWord, STOP_WORDS } from '../../src/documents/search-terms.ts';
import {
  listContentStopWords,
  loadContentStemmer,
  renderSearchStemmerModule,
  SEARCH_LANGUAGES,
} from '../../src/integrations/search-language.ts';

describe('listContentStopWords', () => {
  it("should give the function words of the content's language, folded as the search folds words", () => {
    const spanish = listContentStopWords('es-MX');
    expect(spanish).toEqual(expect.arrayContaining(['de', 'la', 'los', 'un', 'una', 'y', 'mas']));
    expect(spanish).toEqual([...spanish].sort());
    expect(spanish).toEqual(spanish.map(normalizeWord));
    const german = listContentStopWords('de');
    expect(german).toEqual(expect.arrayContaining(['und', 'der', 'die', 'das', 'fur', 'uber']));
  });

  it('should leave out the words people search for that one list alone calls common', () => {
    // Orama's Spanish list holds `tiempo` and `trabajo`; the stopword package's German list
    // holds `zeit` and `jahr`.
    const spanish = listContentStopWords('es');
    for (const word of ['tiempo', 'trabajo', 'nuevo', 'sensor'])
      expect(spanish).not.toContain(word);
    const german = listContentStopWords('de-CH');
    for (const word of ['zeit', 'jahr', 'karte']) expect(german).not.toContain(word);
  });

  it('should add none for English, for a language searched by pairs of letters, or for a tag that names no language', () => {
    for (const locale of ['en', 'en-GB', 'ja', 'zh-Hant', 'ko', 'hi', 'tlh', '', 'x-private']) {
      expect(listContentStopWords(locale), locale).toEqual([]);
    }
  });

  it('should read a list of words for every language it names, none of them already an English stop word', () => {
    for (const language of SEARCH_LANGUAGES) {
      const words = listContentStopWords(language);
      expect(words.length, language).toBeGreaterThan(10);
      expect(
        words.filter((word) => STOP_WORDS.has(word)),
        language,
      ).toEqual([]);
    }
  });
});

describe('listContentStopWords in Turkish', () => {
  it('should give its own function words, not the lists that hold words people search for', () => {
    const turkish = listContentStopWords('tr-TR');
    expect(turkish).toEqual(expect.arrayContaining(['ve', 'bir', 'icin', 'ile', 'mi', 'nasil']));
    // Both packages' lists hold `iyi` "good", `ilk` "first" and the numbers; `şu` folds to `su`,
    // "water".
    for (const word of ['iyi', 'ilk', 'iki', 'bin', 'su']) expect(turkish).not.toContain(word);
  });
});

describe('loadContentStemmer and renderSearchStemmerModule', () => {
  it("should give the stemmer of the content's language, and none where the search has no stop words either", async () => {
    const spanish = await loadContentStemmer('es-MX');
    expect(['trabajan', 'trabajamos', 'trabajo'].map((word) => spanish?.(word))).toEqual([
      'trabaj',
      'trabaj',
      'trabaj',
    ]);
    expect((await loadContentStemmer('de'))?.('karten')).toBe('kart');
    for (const locale of ['en', 'en-GB', 'ja', 'hi', 'ar-EG', '']) {
      expect(await loadContentStemmer(locale), locale).toBeUndefined();
    }
  });

  it('should load a stemmer for every language it names, and name its module in the generated module', async () => {
    for (const language of SEARCH_LANGUAGES) {
      const stem = await loadContentStemmer(language);
      expect(typeof stem, language).toBe('function');
      const module = renderSearchStemmerModule(language);
      const name = /from '(@orama\/stemmers\/[a-z]+)'/.exec(module)?.[1];
      expect(name, language).toBeDefined();
      const named = (await import(/* @vite-ignore */ name ?? '')) as { stemmer: unknown };
      expect(named.stemmer, language).toBe(stem);
      expect(module).toContain('export const stemContentWord: Stemmer | undefined = stemmer;');
    }
    expect(renderSearchStemmerModule('en-GB')).toContain(
      'export const stemContentWord: Stemmer | undefined = undefined;',
    );
    expect(renderSearchStemmerModule('en-GB')).not.toContain('@orama');
  });
});
