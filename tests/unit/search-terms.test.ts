import { describe, expect, it } from 'vitest';
import {
  normalizeWord,
  readQueryWords,
  readSearchLanguage,
  readWordForms,
  readWordTerms,
  splitEastAsianWord,
  stemTerm,
  STOP_WORDS,
  tokenizeIndexedWords,
  tokenizeWords,
} from '../../src/documents/search-terms.ts';
import { stemHindiWord } from '../../src/documents/light-stems.ts';
import { loadContentStemmer } from '../../src/integrations/search-language.ts';

describe('readWordForms', () => {
  it('should give an identifier whole, by its parts and joined', () => {
    expect(readWordForms('rate_limited')).toEqual([
      'rate_limited',
      'rate',
      'limited',
      'ratelimited',
    ]);
    expect(readWordForms('llms.txt')).toEqual(['llms.txt', 'llms', 'txt', 'llmstxt']);
    expect(readWordForms('oauth/token')).toEqual(['oauth/token', 'oauth', 'token', 'oauthtoken']);
  });

  it('should split camel case at its humps and keep each part between joiners', () => {
    expect(readWordForms('RateLimit-Policy')).toEqual([
      'ratelimit-policy',
      'ratelimit',
      'policy',
      'rate',
      'limit',
      'ratelimitpolicy',
    ]);
    expect(readWordForms('getOverview')).toEqual(['getoverview', 'get', 'overview']);
  });

  it("should read a word without its elided article, written with ' or ’", () => {
    expect(readWordForms("l'abonnement")).toEqual(['abonnement']);
    expect(readWordForms('d’abonnement')).toEqual(['abonnement']);
    expect(readWordForms("Qu'il")).toEqual(['il']);
    // A name's O' is no elision: the word keeps its forms.
    expect(readWordForms("O'Reilly")).toEqual(["o'reilly", 'o', 'reilly', 'oreilly']);
    expect(tokenizeWords("L'eau de l’Isère, l'API")).toEqual(['eau', 'de', 'Isère', 'API']);
  });

  it('should read an ending after an apostrophe as no word: the word before it, and the two joined', () => {
    // Turkish writes a name's case endings after an apostrophe; English its possessive.
    expect(readWordForms("İstanbul'dan")).toEqual(['istanbul', 'istanbuldan']);
    expect(readWordForms('baker’s')).toEqual(['baker', 'bakers']);
    expect(readWordTerms("Kütahya'da")).not.toContain('da');
    expect(readQueryWords("KÜTAHYA'DAN").map((word) => word.text)).toEqual(['kutahya']);
    expect(tokenizeWords("İstanbul'dan teslim")).toEqual(['İstanbul', 'teslim']);
    // Four letters or more stay a word of their own, as does a part behind one letter.
    expect(readWordForms("O'Neill")).toEqual(["o'neill", 'o', 'neill', 'oneill']);
    expect(readWordForms("rock'n'roll")).toContain('roll');
  });

  it('should fold case and accents, and give no form for a stop word', () => {
    expect(readWordForms('Société')).toEqual(['societe']);
    expect(readWordForms('To')).toEqual([]);
    expect(readWordForms('how-to')).toEqual(['how-to']);
  });
});

describe('readWordTerms', () => {
  it('should add the stem of every form, so every spelling meets the others', () => {
    expect(readWordTerms('limits')).toEqual(['limits', 'limit']);
    expect(readWordTerms('rate_limited')).toEqual(
      expect.arrayContaining(['rate_limited', 'limit', 'ratelimit']),
    );
    expect(readWordTerms('RateLimit')).toEqual(
      expect.arrayContaining(['ratelimit', 'rate', 'limit']),
    );
  });
});

describe('stemTerm', () => {
  it('should stem words of letters and leave numbers and identifiers alone', () => {
    expect(['limits', 'limited', 'limiting'].map(stemTerm)).toEqual(['limit', 'limit', 'limit']);
    expect(stemTerm('throttling')).toBe(stemTerm('throttled'));
    expect(stemTerm('429')).toBe('429');
    expect(stemTerm('rate_limited')).toBe('rate_limited');
  });

  it('should stem an Arabic word without its article and the particle on it, and fold its last letter', () => {
    expect(['الماء', 'ماء'].map(stemTerm)).toEqual(['ماء', 'ماء']);
    expect(['للتمور', 'بالتنقيط', 'والعجوة', 'كالعسل', 'فالماء'].map(stemTerm)).toEqual([
      'تمور',
      'تنقيط',
      'عجوه',
      'عسل',
      'ماء',
    ]);
    expect(stemTerm('المزرعة')).toBe(stemTerm('مزرعه'));
    expect(stemTerm('مستشفى')).toBe(stemTerm('مستشفي'));
    // Two letters must remain, and a word that only begins with و keeps it.
    expect(stemTerm('الف')).toBe('الف');
    expect(stemTerm('واحة')).toBe(stemTerm('الواحة'));
    expect(stemTerm('٢٠٠٩')).toBe('٢٠٠٩');
  });
});

describe('readQueryWords', () => {
  it('should leave out stop words and keep the rest as stems', () => {
    expect(readQueryWords('the rate limits').map((word) => word.stem)).toEqual(['rate', 'limit']);
  });

  it('should drop the verb a question wraps its subject in, and keep it elsewhere', () => {
    expect(readQueryWords('how do I get a token').map((word) => word.text)).toEqual(['token']);
    expect(readQueryWords('GET /overview').map((word) => word.text)).toEqual(['get', 'overview']);
    // A question with nothing but the verb keeps it.
    expect(readQueryWords('how do I get').map((word) => word.text)).toEqual(['get']);
  });

  it("should drop a question's auxiliary and the verb it asks what a thing returns with", () => {
    expect(readQueryWords('What does Mêl Eryri do?').map((word) => word.text)).toEqual([
      'mel',
      'eryri',
    ]);
    expect(readQueryWords('what errors can the API return').map((word) => word.text)).toEqual([
      'errors',
      'api',
    ]);
    expect(readQueryWords('when should I refresh').map((word) => word.text)).toEqual(['refresh']);
    // Outside a question they are words like any other.
    expect(readQueryWords('return codes').map((word) => word.text)).toEqual(['return', 'codes']);
  });

  it("should give an identifier's stemmed pieces", () => {
    expect(readQueryWords('rate_limited')).toEqual([
      {
        text: 'rate_limited',
        stem: 'rate_limited',
        pieces: ['rate', 'limit'],
        segments: [],
        whole: true,
      },
    ]);
  });

  it('should keep a word written without spaces one word, made of its pairs of letters', () => {
    expect(readQueryWords('防霜ファン API键')).toEqual([
      {
        text: '防霜ファン',
        stem: '防霜ファン',
        pieces: ['防霜', '霜フ', 'ファ', 'ァン'],
        segments: [['防霜'], ['ファ', 'ァン']],
        whole: false,
      },
      {
        text: 'api键',
        stem: 'api键',
        pieces: ['api', '键'],
        segments: [['api'], ['键']],
        whole: false,
      },
    ]);
    // Cut where the script changes; its particles in hiragana say nothing of what it is about,
    // unless the word is all hiragana. ー stays with its katakana.
    expect(readQueryWords('会社について').map((word) => word.segments)).toEqual([[['会社']]]);
    expect(readQueryWords('ほしぞら').map((word) => word.segments)).toEqual([
      [['ほし', 'しぞ', 'ぞら']],
    ]);
    expect(readQueryWords('スーパーで買う').map((word) => word.segments)).toEqual([
      [['スー', 'ーパ', 'パー'], ['買']],
    ]);
    // A Korean noun's particle is left out of its segment when two syllables or more are left;
    // the word's pieces keep it.
    expect(readQueryWords('회사는 서울에서 사과 차를').map((word) => word.segments)).toEqual([
      [['회사']],
      [['서울']],
      [['사과']],
      [['차를']],
    ]);
    expect(readQueryWords('회사는')[0]?.pieces).toEqual(['회사', '사는']);
    // Thai, Lao, Khmer and Myanmar are cut into their words by the runtime's dictionaries: the
    // word needs the pairs of each, not those across two (ลเ of ข้อมูลเก็บ), and each is a segment.
    const [thai] = readQueryWords('ข้อมูลเก็บไว้ที่ไหน');
    expect(thai?.segments).toEqual([
      ['ข้', '้อ', 'อม', 'มู', 'ูล'],
      ['เก', 'ก็', '็บ'],
      ['ไว', 'ว้'],
      ['ที', 'ี่', '่ไ', 'ไห', 'หน'],
    ]);
    expect(thai?.pieces).toEqual(thai?.segments.flat());
    expect(readQueryWords('ສະບາຍດີປະເທດລາວ')[0]?.segments).toHaveLength(3);
    // Half-width kana read as their usual forms; a lone letter is its own piece.
    expect(readQueryWords('ｶﾞｯｺｳ 朝').map((word) => word.pieces)).toEqual([
      ['ガッ', 'ッコ', 'コウ'],
      ['朝'],
    ]);
  });

  it('should give nothing for punctuation or stop words only', () => {
    expect(readQueryWords('«»!? to the')).toEqual([]);
  });
});

describe('normalizeWord', () => {
  it('should read the Latin letters that have no accent to drop as the letters people type for them', () => {
    // A Turkish keyboard writes ışıltı for IŞILTI, which lower-cases to işilti; others type isilti.
    expect(normalizeWord('ışıltı')).toBe('isilti');
    expect(normalizeWord('IŞILTI')).toBe('isilti');
    expect(normalizeWord('İzmir')).toBe('izmir');
    expect(normalizeWord('Łódź')).toBe('lodz');
    expect(normalizeWord('Ørsted')).toBe('orsted');
    expect(normalizeWord('STRAẞE')).toBe(normalizeWord('Strasse'));
    expect(normalizeWord('Þórður')).toBe('thordur');
    expect(normalizeWord('Œuvre')).toBe('oeuvre');
  });

  it('should drop accents but keep the voicing marks of kana, and compose what it folds', () => {
    expect(normalizeWord('Société')).toBe('societe');
    expect(normalizeWord('パン')).toBe('パン');
    expect(normalizeWord('パン')).not.toBe(normalizeWord('ハン'));
    // Half-width katakana and full-width Latin read as their usual forms.
    expect(normalizeWord('ﾊﾟﾝ')).toBe('パン');
    expect(normalizeWord('ＡＰＩ')).toBe('api');
    // A Korean syllable stays one letter (NFKD alone splits it into its jamo).
    expect([...normalizeWord('빵을')]).toHaveLength(2);
  });

  it('should keep the vowel signs of Devanagari and Thai, which are letters, and drop points and the nukta', () => {
    // काम "work" is not कम "less", जीरा "cumin" not जर; before, both lost every vowel sign.
    expect(normalizeWord('काम')).toBe('काम');
    expect(normalizeWord('काम')).not.toBe(normalizeWord('कम'));
    expect(normalizeWord('जीरा')).toBe('जीरा');
    expect(normalizeWord('किसान')).toBe('किसान');
    expect(normalizeWord('ขนมปัง')).toBe('ขนมปัง');
    // The nukta, written or left out, precomposed (U+095B) or not: one word.
    expect(normalizeWord('\u095Bरूरत')).toBe('जरूरत');
    expect(normalizeWord('ज\u093Cरूरत')).toBe('जरूरत');
    // Hebrew's vowel points and Arabic's short vowels are optional: read without them.
    expect(normalizeWord('שָׁלוֹם')).toBe('שלום');
    expect(normalizeWord('يُروى')).toBe('يروى');
    expect(normalizeWord('tiếng Việt')).toBe('tieng viet');
  });

  it("should read Devanagari's candrabindu as the anusvara, which Hindi writers use alike", () => {
    // महिलाएँ "women" (the copy) found nothing typed as महिलाएं, महिला or महिलाओं.
    expect(normalizeWord('महिलाएँ')).toBe(normalizeWord('महिलाएं'));
    expect(normalizeWord('छाँव')).toBe('छांव');
    for (const word of ['महिलाएँ', 'महिलाएं', 'महिलाओं', 'महिला']) {
      expect(stemTerm(normalizeWord(word)), word).toBe('महिल');
    }
  });

  it('should read the digits of every script as ASCII digits', () => {
    expect(normalizeWord('१९९८')).toBe('1998');
    expect(normalizeWord('٢٠٢٤')).toBe('2024');
    expect(normalizeWord('۱۴۰۳')).toBe('1403');
    expect(normalizeWord('๒๕๖๔')).toBe('2564');
    expect(normalizeWord('১২৩৪৫৬৭৮৯০')).toBe('1234567890');
    // Mathematical digits (double-struck 1, sans-serif 0, monospace 0) and full-width ones, as
    // NFKD folds them.
    expect(normalizeWord('\u{1D7D9}\u{1D7E2}\u{1D7F6}')).toBe('100');
    expect(normalizeWord('２０２６')).toBe('2026');
    expect(normalizeWord('v२')).toBe('v2');
    expect(normalizeWord('\u{1E951}\u{1E959}')).toBe('19');
  });
});

describe('STOP_WORDS', () => {
  it("should hold Hindi's question words and auxiliaries, as normalizeWord reads them", () => {
    // कितनी महिलाएं हैं "how many women are there" found the FAQ of कितना समय first.
    for (const word of ['कितना', 'कितनी', 'कितने', 'होता', 'होती', 'होते', 'करें', 'करने', 'कहाँ']) {
      expect(STOP_WORDS.has(normalizeWord(word)), word).toBe(true);
    }
    for (const word of STOP_WORDS) expect(normalizeWord(word), word).toBe(word);
  });
});

describe('stemHindiWord', () => {
  it("should drop a Hindi word's longest ending that leaves two letters or more", () => {
    for (const word of ['मसाला', 'मसाले', 'मसालों']) expect(stemHindiWord(word), word).toBe('मसाल');
    expect(stemHindiWord('प्रयोगशालाओं')).toBe(stemHindiWord('प्रयोगशाला'));
    expect(stemHindiWord('करेंगे')).toBe('कर');
    // No ending, or too short a word: as it is.
    expect(stemHindiWord('काम')).toBe('काम');
    expect(stemHindiWord('की')).toBe('की');
    expect(stemHindiWord('bakery')).toBe('bakery');
    expect(stemTerm('मसालों')).toBe('मसाल');
  });
});

describe('splitEastAsianWord', () => {
  it('should read a run of Chinese, Japanese or Korean letters as its pairs of letters', () => {
    expect(splitEastAsianWord('面包店', false)).toEqual(['面包', '包店']);
    expect(splitEastAsianWord('빵', false)).toEqual(['빵']);
    expect(splitEastAsianWord('빵을', true)).toEqual(['빵을', '빵', '을']);
    // ー, the long-vowel mark, belongs to the run; half-width kana compose first.
    expect(splitEastAsianWord('コーヒー', false)).toEqual(['コー', 'ーヒ', 'ヒー']);
    expect(splitEastAsianWord('ｶﾞｯｺｳ', false)).toEqual(['ガッ', 'ッコ', 'コウ']);
    // The rest of the word stays whole; any other word is left as it is.
    expect(splitEastAsianWord('API键', false)).toEqual(['API', '键']);
    expect(splitEastAsianWord('rate_limited', false)).toEqual(['rate_limited']);
    expect(splitEastAsianWord('ماء', true)).toEqual(['ماء']);
  });

  it('should keep a word whole across the marks its script writes its vowels with, or a decomposed accent', () => {
    expect(tokenizeWords('हमारी बेकरी और')).toEqual(['हमारी', 'बेकरी', 'और']);
    expect(tokenizeWords('والنخيل يُروى')).toEqual(['والنخيل', 'يُروى']);
    expect(tokenizeWords('Société Générale'.normalize('NFD'))).toHaveLength(2);
    // Thai writes no space between words: its runs are read by pairs, as Chinese is.
    expect(tokenizeWords('ขนมปัง')).toEqual(['ขน', 'นม', 'มป', 'ปั', 'ัง']);
  });

  it('should cut a query and an index the same way, the index with each letter too', () => {
    const text = '港の朝パン、毎朝焼きたてを。';
    expect(tokenizeWords(text)).toEqual([
      '港の',
      'の朝',
      '朝パ',
      'パン',
      '毎朝',
      '朝焼',
      '焼き',
      'きた',
      'たて',
      'てを',
    ]);
    const indexed = tokenizeIndexedWords(text);
    expect(indexed).toEqual(expect.arrayContaining([...tokenizeWords(text), '港', 'パ', 'を']));
    expect(tokenizeWords('rate limit, l’eau')).toEqual(tokenizeIndexedWords('rate limit, l’eau'));
  });
});

describe("readWordTerms and readQueryWords in the content's language", () => {
  it("should index and read a plain word by its stem in the content's language too, from its accented spelling", async () => {
    const spanish = readSearchLanguage(['de'], await loadContentStemmer('es'));
    // The stemmer knows the accented ending (`-ción`), so it reads the word before folding.
    // And by its spelling with accents, which a query that types them weighs above the other.
    expect(readWordTerms('Información', spanish)).toEqual(['informacion', 'inform', 'información']);
    expect(readWordTerms('de', spanish)).toEqual([]);
    const [word] = readQueryWords('trabajan', spanish);
    expect(word).toMatchObject({ text: 'trabajan', stem: 'trabajan', contentStem: 'trabaj' });
    expect(word?.accented).toBeUndefined();
    expect(readQueryWords('Información', spanish)[0]?.accented).toBe('información');
    // An identifier keeps its parts and no content stem; English reads none.
    expect(readQueryWords('rate_limited', spanish)[0]?.contentStem).toBeUndefined();
    expect(readQueryWords('trabajan')[0]?.contentStem).toBeUndefined();
  });

  it('should leave out a content stem shorter than three letters, which would find unrelated words', async () => {
    const turkish = readSearchLanguage([], await loadContentStemmer('tr'));
    // Snowball's Turkish stemmer cuts `çini` "tile" to `ç`.
    expect(readWordTerms('çini', turkish)).toEqual(['cini', 'çini']);
    expect(readQueryWords('Çinilerimizin', turkish)[0]?.contentStem).toBe('cini');
    // `İ` lower-cased as Turkish does, not as `i` and a combining dot.
    expect(readQueryWords('İSTANBULDAN', turkish)[0]?.contentStem).toBe('istanbul');
  });
});
