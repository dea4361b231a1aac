import { describe, expect, it } from 'vitest';
import { buildServiceUrls } from '../../src/service/urls.ts';
import {
  buildPassages,
  readIndexedText,
  SiteSearchIndex,
  tokenize,
  tokenizeQuery,
  type Passage,
} from '../../src/documents/site-search.ts';
import {
  listContentStopWords,
  loadContentStemmer,
} from '../../src/integrations/search-language.ts';
import { STOP_WORDS } from '../../src/documents/search-terms.ts';
import { parseSiteOutlines } from '../../src/site-content/site-outlines.ts';
import { loadFixtureContent } from '../support/fixture-content.ts';

const content = await loadFixtureContent('rich');
const outlines = parseSiteOutlines(content);
const urls = buildServiceUrls('https://facts.example.com');
const passages = buildPassages(content, urls, outlines);
const index = new SiteSearchIndex(passages);

describe('tokenize', () => {
  it('should lower-case, keep hyphenated words and numbers, and drop stop words', () => {
    expect(tokenize('The ISO/IEC 27001 and door-to-door ETAs')).toEqual([
      'iso',
      'iec',
      '27001',
      'door-to-door',
      'etas',
      'eta',
    ]);
  });

  it('should drop accents, whatever the Unicode form, so a word stays one word', () => {
    const folded = ['societe', 'societ', 'generale', 'general', 'legere', 'leger'];
    expect(tokenize('Société Générale, légère')).toEqual(folded);
    // The same words decomposed (NFD), as some editors save them.
    expect(tokenize('Société Générale, légère'.normalize('NFD'))).toEqual(folded);
  });

  it('should give a word joined by an apostrophe whole and by its parts of two or more characters', () => {
    expect(tokenize("l'eau du O'Reilly")).toEqual(["l'eau", 'eau', 'du', "o'reilly", 'reilly']);
    expect(tokenize('l’eau')).toEqual(['l’eau', 'eau']);
  });

  it('should read an ending after an apostrophe as no word: the word before it, and the two joined', () => {
    expect(tokenize("İstanbul'dan baker's")).toEqual([
      'istanbul',
      'istanbuldan',
      'baker',
      'bakers',
    ]);
    // Searched alone, `dan` found every name it follows.
    expect(tokenizeQuery("Kütahya'dan")).toEqual([['kutahya'], ['kutahyadan']]);
  });

  it('should keep a number with its separators whole, and give its whole part and its digits', () => {
    expect(tokenize('1.250,00 ₺, 42.500 ₺ and 09.00–17.00')).toEqual([
      '1.250,00',
      '1.250',
      '1250',
      '42.500',
      '42500',
      '09.00',
      '09',
      '17.00',
      '17',
    ]);
    // 42.500 was 42 and 500, and found the 500 of 2.500.
    expect(tokenizeQuery('42.500')).toEqual([['42.500'], ['42500']]);
    expect(tokenize('2.500')).not.toContain('500');
  });

  it('should give an Arabic word whole and by its light stem', () => {
    expect(tokenize('يأتي الماء للتمور المزرعة الف')).toEqual([
      'يأتي'.normalize('NFKD').replace(/\p{M}/gu, ''),
      'الماء',
      'ماء',
      'للتمور',
      'تمور',
      'المزرعة',
      'مزرعه',
      'الف',
    ]);
  });

  it('should give a word of Latin letters by its Porter stem too, as the page search does', () => {
    // Before, search_site_copy had no English stems: `bakeries` did not find `bakery`.
    expect(tokenize('bakeries')).toEqual(['bakeries', 'bakeri']);
    expect(tokenize('bakery')).toEqual(['bakery', 'bakeri']);
    const bakery = new SiteSearchIndex(
      ['Our bakery bakes bread every morning.', 'Flour, water and salt.'].map((text) => ({
        section: 'About',
        heading: 'About',
        text,
        source: 'https://a.example/copy/about.md',
        page: 'https://a.example/#about',
      })),
    );
    expect(bakery.search('bakeries', 2).map((hit) => hit.text)).toEqual([
      'Our bakery bakes bread every morning.',
    ]);
  });

  it('should keep a Hindi word whole, its vowel signs included, and give it by its light stem', () => {
    // Before, every vowel sign cut a word: काम "work" was क and म, and कम "less" क and म too.
    expect(tokenize('काम')).toEqual(['काम']);
    expect(tokenize('कम')).toEqual(['कम']);
    expect(tokenize('किसानों के खेत')).toEqual(['किसानों', 'किसान', 'खेत']);
    const farmers = new SiteSearchIndex([
      {
        section: 'खेती',
        heading: 'खेती',
        text: 'हमारे किसान',
        source: 'https://a.example/copy/a.md',
        page: 'https://a.example/#a',
      },
      {
        section: 'काम',
        heading: 'काम',
        text: 'कम समय',
        source: 'https://a.example/copy/b.md',
        page: 'https://a.example/#b',
      },
    ]);
    expect(farmers.search('किसानों', 2).map((hit) => hit.section)).toEqual(['खेती']);
    expect(farmers.search('काम', 2).map((hit) => hit.section)).toEqual(['काम']);
  });
});

describe('tokenize in Chinese, Japanese and Korean', () => {
  it('should give a run of letters by its pairs and each letter, so a word inside a sentence is found', () => {
    expect(tokenize('新鲜面包 빵을')).toEqual([
      '新鲜',
      '鲜面',
      '面包',
      '新',
      '鲜',
      '面',
      '包',
      '빵을',
      '빵',
      '을',
    ]);
    const passage: Passage = {
      section: '面包',
      heading: '面包',
      text: '我们每天早上送来新鲜面包。',
      source: 'https://example.com/copy/bread.md',
      page: 'https://example.com/#mianbao',
    };
    const eastAsian = new SiteSearchIndex([
      passage,
      {
        ...passage,
        section: '빵',
        heading: '배달',
        text: '매일 아침 갓 구운 빵을 배달합니다.',
        page: 'https://example.com/#ppang',
      },
    ]);
    expect(eastAsian.search('新鲜面包', 5).map((hit) => hit.page)).toEqual([
      'https://example.com/#mianbao',
    ]);
    expect(eastAsian.search('빵', 5).map((hit) => hit.page)).toEqual([
      'https://example.com/#ppang',
    ]);
  });

  it('should find a Korean noun asked for with another particle than the text has', () => {
    expect(tokenizeQuery('회사는 언제')).toEqual([['회사'], ['언제']]);
    const korean = new SiteSearchIndex([
      {
        section: '회사 소개',
        heading: '연혁',
        text: '우리 회사의 첫 매장은 1998년에 부산에서 문을 열었습니다.',
        source: 'https://example.com/copy/about.md',
        page: 'https://example.com/#history',
      },
      {
        section: '배달',
        heading: '배달',
        text: '매일 아침 갓 구운 빵을 배달합니다.',
        source: 'https://example.com/copy/delivery.md',
        page: 'https://example.com/#delivery',
      },
    ]);
    const pages = (query: string) => korean.search(query, 5).map((hit) => hit.page);
    // 회사는 and 매장이 are not in the text, 회사의 and 매장은 are.
    expect(pages('회사는')).toEqual(['https://example.com/#history']);
    expect(pages('첫 매장이 어디')).toEqual(['https://example.com/#history']);
    expect(pages('배달은')).toEqual(['https://example.com/#delivery']);
    expect(pages('사과')).toEqual([]);
  });

  it('should find a Thai question by the words a dictionary finds in it, not its pairs across two words', () => {
    expect(tokenizeQuery('ข้อมูลเก็บไว้ที่ไหน')).toEqual([
      ['ข้', '้อ', 'อม', 'มู', 'ูล'],
      ['เก', 'ก็', '็บ'],
      ['ไว', 'ว้'],
      ['ที', 'ี่', '่ไ', 'ไห', 'หน'],
    ]);
    const thai = new SiteSearchIndex([
      {
        section: 'คำถามที่พบบ่อย',
        heading: 'ข้อมูลของฉันเก็บไว้ที่ไหน',
        text: 'ข้อมูลแปลงนาเก็บในศูนย์ข้อมูลในกรุงเทพมหานคร และไม่ขายให้บุคคลอื่น',
        source: 'https://example.com/copy/faq.md',
        page: 'https://example.com/#faq',
      },
      {
        section: 'ราคา',
        heading: 'ราคา',
        text: 'แพ็กเกจเริ่มต้นราคา 1,200 บาทต่อปีต่อแปลง',
        source: 'https://example.com/copy/pricing.md',
        page: 'https://example.com/#pricing',
      },
    ]);
    const pages = (query: string) => thai.search(query, 5).map((hit) => hit.page);
    // Asked without ของฉัน, the heading's words between ข้อมูล and เก็บ.
    expect(pages('ข้อมูลเก็บไว้ที่ไหน')).toEqual(['https://example.com/#faq']);
    expect(pages('ภาษี')).toEqual([]);
  });

  it('should find a query word written without spaces only in a passage that holds all its pairs of letters', () => {
    expect(tokenizeQuery('防霜ファン 朝 rate limits 会社について')).toEqual([
      ['防霜'],
      ['ファ', 'ァン'],
      ['朝'],
      ['rate'],
      ['limits'],
      ['limit'],
      ['会社'],
    ]);
    const passage = (
      heading: string,
      text: string,
      page: string,
      section = '茶畑ノート',
    ): Passage => ({
      section,
      heading,
      text,
      source: 'https://example.com/copy/about.md',
      page: `https://example.com/#${page}`,
    });
    const japanese = new SiteSearchIndex([
      passage('できること', '摘採、施肥、防霜ファンの運転まで記録できます。', 'fan'),
      passage('使い方', 'シーズンの終わりに、年ごとの比較レポートを開きます。', 'season'),
      passage('データ', 'ファイルは CSV で書き出せます。', 'file'),
      passage('歩み', '1962年、初代が茶園を拓く。', 'history', '会社について'),
    ]);
    const pages = (query: string) => japanese.search(query, 5).map((hit) => hit.page);
    // Before, the query's single letters and pairs each counted: ン of シーズン, ファ of ファイル.
    expect(pages('防霜ファン')).toEqual(['https://example.com/#fan']);
    expect(pages('ファイル')).toEqual(['https://example.com/#file']);
    expect(pages('ファクス')).toEqual([]);
    // A part in one script is enough: 施肥 of 施肥について, whose particles find nothing.
    expect(pages('施肥について')).toEqual(['https://example.com/#fan']);
    // A passage is found by its section's title too, though its heading is another.
    expect(pages('会社について')).toEqual(['https://example.com/#history']);
    // Two words: a passage counts for each word it holds whole.
    expect(pages('防霜ファン ファイル').toSorted()).toEqual([
      'https://example.com/#fan',
      'https://example.com/#file',
    ]);
  });
});

describe('SiteSearchIndex.search', () => {
  it('should rank the passage that names the query terms first, with its sources', () => {
    const [top] = index.search('apprentices qualification', 3);
    expect(top?.section).toBe('Apprenticeships in Lyon, Nantes and Yokohama');
    expect(top?.text).toMatch(/qualification/);
    expect(top?.source).toBe('https://facts.example.com/copy/apprentissage.md');
    // Its heading on the home page, where the passage sits (not the top of its section).
    expect(top?.page).toBe('https://facts.example.com/#after-two-years-the-apprentices-own-bakery');
  });

  it('should return at most the limit, ranked by descending score', () => {
    const hits = index.search('bakery bread forecast', 4);
    expect(hits).toHaveLength(4);
    expect(hits.map((hit) => hit.rank)).toEqual([1, 2, 3, 4]);
    expect(hits.every((hit, i) => i === 0 || (hits[i - 1]?.score ?? 0) >= hit.score)).toBe(true);
  });

  it('should find words with or without their accents, and a word inside its possessive', () => {
    // The rich company's notre-histoire.md names Société Générale de Boulangerie; its
    // apprentissage.md speaks of "a baker's qualification".
    const typed = index.search('Societe Generale', 10);
    expect(typed.map((hit) => hit.heading)).toContain('A cooperative of bakers');
    expect(index.search('Société Générale', 10)).toEqual(typed);
    expect(index.search('qualification baker', 1)[0]?.text).toContain("a baker's qualification");
  });

  it('should return nothing for words the copy never uses', () => {
    expect(index.search('zebra xylophone', 5)).toEqual([]);
    expect(index.search('the and of', 5)).toEqual([]);
  });

  it("should leave out every stop word the page search leaves out, English's and Hindi's", () => {
    // Before, search_site_copy had its own shorter English list: `can`, `they`, `do`, `so` and
    // Hindi's `और` were terms it matched passages by.
    expect(index.search('can they do so', 5)).toEqual([]);
    expect([...STOP_WORDS].filter((word) => tokenize(word).length > 0)).toEqual([]);
  });

  it('should cover the product description and every copy section', () => {
    const sections = new Set(passages.map((passage) => passage.section));
    expect(sections).toEqual(
      new Set([content.product.name, ...content.copy.map((section) => section.title)]),
    );
  });
});

describe('buildPassages', () => {
  it("should make a passage's relative links absolute, as the home page resolves them, and index it as written", () => {
    // The rich fixture's product body links `#in-brief` (a heading the home page renames) and
    // its copy links other pages of the site; an agent reads a passage away from every page.
    const linked = passages.filter((passage) => passage.written !== undefined);
    expect(linked.length).toBeGreaterThan(0);
    for (const passage of linked) {
      expect(passage.text).not.toMatch(/\]\((?:\/|#)/);
      expect(passage.text).toMatch(/\]\(https:\/\/facts\.example\.com\//);
    }
    // The site's address is no word a passage is found by, and no answer carries `written`.
    expect(index.search('https', 5)).toEqual([]);
    const [hit] = index.search(linked[0]?.heading ?? '', 1);
    expect(hit === undefined || !('written' in hit)).toBe(true);
  });

  const savoirFaire = passages.filter((passage) => passage.source.endsWith('/savoir-faire.md'));

  it('should open with the product summary, then cut each body at its top-level blocks', () => {
    expect(passages[0]).toEqual({
      section: content.product.name,
      heading: content.product.name,
      text: content.product.summary,
      source: 'https://facts.example.com/copy/product.md',
      page: 'https://facts.example.com/#product',
    });
    expect(savoirFaire.map((passage) => passage.heading)).toEqual([
      'The library',
      'Your own recipes',
      'Allergen sheets',
      'Allergen sheets',
      'Allergen sheets',
    ]);
  });

  it('should give each product feature a passage under its name, as /copy/product.md lists it', () => {
    // Before, the features (the home page's cards) were in no passage: "levain schedules" found
    // only body text that names a starter.
    const names = content.product.features.map((feature) => feature.name);
    expect(passages.slice(1, 1 + names.length).map((passage) => passage.heading)).toEqual(names);
    expect(index.search('levain schedules', 1)[0]?.heading).toBe(
      'Levain & pâte fermentée schedules',
    );
  });

  it('should put the text under a setext heading under that heading, not the underline', () => {
    const [allergens] = savoirFaire.filter((passage) => passage.heading === 'Allergen sheets');
    expect(allergens?.text).toMatch(/^Each sheet names the fourteen allergens/);
    expect(passages.some((passage) => /^-+$|\s-{3,}$/.test(passage.text))).toBe(false);
  });

  it('should keep a ```` fence whole, its "# Baguette de tradition" line no heading', () => {
    expect(savoirFaire.at(-1)?.text).toBe(
      '````md ```text # Baguette de tradition farine T65 1000 g, eau 700 g, levain 200 g, sel 18 g ``` Le pas à pas : [fiche complète](/fiches/baguette#cuisson). ````',
    );
    expect(passages.map((passage) => passage.heading)).not.toContain('Baguette de tradition');
  });

  it('should refuse outlines parsed from other bodies', () => {
    const other = { ...content, copy: content.copy.map((s) => ({ ...s, body: `${s.body} x` })) };
    expect(() => buildPassages(other, urls, outlines)).toThrow(/outline of \d+ characters/);
  });
});

/** BM25 written out passage by passage, as the index computed it before it kept postings. */
function buildScanningSearch(passages: readonly Passage[]) {
  const documents = passages.map((passage) => {
    const tokens = tokenize(readIndexedText(passage));
    const terms = new Map<string, number>();
    for (const token of tokens) terms.set(token, (terms.get(token) ?? 0) + 1);
    return { passage, terms, length: tokens.length };
  });
  const frequency = new Map<string, number>();
  for (const { terms } of documents) {
    for (const term of terms.keys()) frequency.set(term, (frequency.get(term) ?? 0) + 1);
  }
  const average = documents.reduce((sum, entry) => sum + entry.length, 0) / documents.length;
  return (query: string, limit: number) => {
    // Each group once; a group counts in a passage that holds every term of it.
    const groups = new Map(tokenizeQuery(query).map((group) => [group.join(' '), group]));
    return documents
      .map((entry, order) => {
        let score = 0;
        for (const group of groups.values()) {
          if (!group.every((term) => entry.terms.has(term))) continue;
          for (const term of group) {
            const tf = entry.terms.get(term) ?? 0;
            const df = frequency.get(term) ?? 0;
            const idf = Math.log(1 + (documents.length - df + 0.5) / (df + 0.5));
            score += (idf * tf * 2.2) / (tf + 1.2 * (1 - 0.75 + (0.75 * entry.length) / average));
          }
        }
        return { entry, order, score };
      })
      .filter((hit) => hit.score > 0)
      .sort((a, b) => b.score - a.score || a.order - b.order)
      .slice(0, limit)
      .map((hit, rank) => ({
        ...withoutWritten(hit.entry.passage),
        rank: rank + 1,
        score: Math.round(hit.score * 1000) / 1000,
      }));
  };
}

/** A passage as a search shows it: the text as written is the index's alone. */
function withoutWritten(passage: Passage): Omit<Passage, 'written'> {
  const { written: _written, ...shown } = passage;
  return shown;
}

describe('SiteSearchIndex', () => {
  it('should answer exactly as BM25 computed passage by passage, for every word of the copy', () => {
    const searchByScanning = buildScanningSearch(passages);
    const words = [...new Set(passages.flatMap((passage) => tokenize(passage.text)))];
    const queries = [
      'bakery bread forecast',
      'Société Générale 株式会社みなと',
      'zebra',
      ...words.map((word, i) => `${word} ${words[(i * 7) % words.length] ?? ''}`),
    ];
    for (const query of queries) {
      for (const limit of [1, 5, 20]) {
        expect(index.search(query, limit)).toEqual(searchByScanning(query, limit));
      }
    }
  });
});

describe('SiteSearchIndex in the content language', () => {
  // Passages of a site written in Spanish: without Spanish's stop words, `de` and `la` made every
  // passage that holds them a result, ranked above none (a trial of a Mexican site).
  const spanish: Passage[] = [
    ['Garantía', 'Dos años en el sensor y en la batería.'],
    ['Datos', 'Los datos de la parcela son tuyos y se guardan en México.'],
    ['Qué hace', 'El sensor mide la humedad de la tierra.'],
    ['Dónde trabajamos', 'Estado de México, Hidalgo y Jalisco.'],
  ].map(([heading = '', text = '']) => ({
    section: 'Nopal Azul Riego',
    heading,
    text,
    source: 'https://facts.example.com/copy/product.md',
    page: 'https://facts.example.com/#product',
  }));
  const headings = (search: SiteSearchIndex, query: string) =>
    search.search(query, 5).map((hit) => hit.heading);

  it("should leave out the language's stop words the build names, in the passages and the query", () => {
    const stopWords = listContentStopWords('es-MX');
    const search = new SiteSearchIndex(spanish, stopWords);
    expect(headings(search, 'garantía de la batería')).toEqual(['Garantía']);
    expect(headings(search, 'de la')).toEqual([]);
    // Without them, every passage is a result for `de la`.
    expect(headings(new SiteSearchIndex(spanish), 'de la')).toHaveLength(4);
    // Porter's stem of `datos` beside the word, as the page search indexes every word of Latin letters.
    expect(tokenize('los datos de la parcela', new Set(stopWords))).toEqual([
      'datos',
      'dato',
      'parcela',
    ]);
  });

  it("should find a word by its stem in the content's language with the stemmer the search is given", async () => {
    const stopWords = listContentStopWords('es-MX');
    const stem = await loadContentStemmer('es-MX');
    // `donde` is a stop word: without the stem, nothing of "¿Dónde trabajan?" was left to find.
    expect(headings(new SiteSearchIndex(spanish, stopWords), '¿Dónde trabajan?')).toEqual([]);
    const stemmed = new SiteSearchIndex(spanish, stopWords, stem);
    expect(headings(stemmed, '¿Dónde trabajan?')).toEqual(['Dónde trabajamos']);
    expect(headings(stemmed, 'medir la humedad')).toEqual(['Qué hace']);
    // The word as written scores above another form of it (it matches the word and its stem).
    const [exact] = stemmed.search('trabajamos', 1);
    const [other] = stemmed.search('trabajan', 1);
    expect(exact?.score).toBeGreaterThan(other?.score ?? Infinity);
  });

  it('should find a Turkish word in another form by its stem, and leave out its function words', async () => {
    // A trial of a Turkish site: `ustalar` and `siparişler` found nothing of these passages.
    const turkish: Passage[] = [
      ['Ustalarımız', "Ustalarımız Kütahya'dan ve Isparta'dan geldi."],
      ['Özel sipariş', 'Siparişiniz için bir hafta bekleyin.'],
      ['Kargo', "İstanbul'dan her gün gönderiyoruz."],
    ].map(([heading = '', text = '']) => ({
      section: 'İznik Çini',
      heading,
      text,
      source: 'https://facts.example.com/copy/about.md',
      page: 'https://facts.example.com/#about',
    }));
    const search = new SiteSearchIndex(
      turkish,
      listContentStopWords('tr-TR'),
      await loadContentStemmer('tr-TR'),
    );
    const find = (query: string) => search.search(query, 5).map((hit) => hit.heading);
    expect(find('ustalar')).toEqual(['Ustalarımız']);
    expect(find('siparişler')).toEqual(['Özel sipariş']);
    expect(find('ve bir için')).toEqual([]);
    // `Kütahya'dan` is no longer found by `İstanbul'dan`'s `dan`.
    expect(find("İstanbul'dan")).toEqual(['Kargo']);
  });
});
