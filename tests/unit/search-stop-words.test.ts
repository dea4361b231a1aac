import { describe, expect, it } from 'vitest';
import { normalizeWord, STOP_WORDS } from '../../src/documents/search-terms.ts';
import {
  listContentStopWords,
  STOP_WORD_LANGUAGES,
} from '../../src/integrations/search-stop-words.ts';

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
    for (const language of STOP_WORD_LANGUAGES) {
      const words = listContentStopWords(language);
      expect(words.length, language).toBeGreaterThan(10);
      expect(
        words.filter((word) => STOP_WORDS.has(word)),
        language,
      ).toEqual([]);
    }
  });
});
