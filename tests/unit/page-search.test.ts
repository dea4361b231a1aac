import { describe, expect, it } from 'vitest';
import {
  buildPageSearchIndex,
  loadPageSearchIndex,
  parsePageSearchFile,
  parsePageSections,
  searchPages,
  serializePageSections,
  type PageSearchIndex,
  type PageSection,
} from '../../src/documents/page-search.ts';
import { buildSnippet } from '../../src/documents/search-snippet.ts';
import {
  listContentStopWords,
  loadContentStemmer,
} from '../../src/integrations/search-language.ts';
import { listSearchUrls } from '../support/page-search-urls.ts';

/** Sections as the build reads them from pages: made up here, so no sample content is assumed. */
const SECTIONS: PageSection[] = [
  {
    url: '/docs',
    page: 'API reference',
    heading: 'API reference',
    text: 'How to call the API, from the first request to the last.',
  },
  {
    url: '/docs#limits',
    page: 'API reference',
    heading: 'Limits',
    text: 'Each client may send 300 requests per minute; over the rate limit it gets a 429 with Retry-After.',
  },
  {
    url: '/docs#auth',
    page: 'API reference',
    heading: 'Getting a token',
    text: 'Register a client, then ask the token endpoint for an access token to send with each call.',
  },
  {
    url: '/errors/rate_limited',
    page: 'Error rate_limited',
    heading: 'Error rate_limited',
    text: 'Too many requests from this client. Wait, then try again.',
  },
  {
    url: '/docs#headers',
    page: 'API reference',
    heading: 'Response headers',
    text: 'Every answer carries RateLimit-Policy and RateLimit, and the MCP endpoint names its session.',
  },
  {
    url: '/glossary#mcp',
    page: 'Glossary',
    heading: 'MCP',
    text: 'The Model Context Protocol, which agents speak over JSON-RPC.',
  },
  {
    url: '/#about',
    page: 'Société Générale de Boulangerie',
    heading: 'About',
    text: 'Bakers since 1890, from Lyon to 株式会社みなと in Kobe.',
  },
];

const index = buildPageSearchIndex(SECTIONS);
const search = (query: string) => searchPages(index, query, { limit: 10, perPage: 2 });

/** The URLs of the sections an index finds for a query, three a page at most. */
function findUrls(sections: ReturnType<typeof buildPageSearchIndex>, query: string): string[] {
  return searchPages(sections, query, { limit: 10, perPage: 3 }).hits.map((hit) => hit.url);
}

/** The marked words of every hit's snippet. */
function readMarks(query: string): string[] {
  return search(query).hits.flatMap((hit) =>
    hit.snippet.filter((part) => part.mark).map((part) => part.text),
  );
}

describe('searchPages', () => {
  it('should find a section by a word prefix as it is typed', () => {
    expect(search('lim').hits.map((hit) => hit.url)).toContain('/docs#limits');
  });

  it('should find "rate limit" in the limits section with both words marked', () => {
    const hits = search('rate limit').hits;
    expect(hits.slice(0, 3).map((hit) => hit.url)).toContain('/docs#limits');
    const limits = hits.find((hit) => hit.url === '/docs#limits');
    const marks = limits?.snippet.filter((part) => part.mark).map((part) => part.text);
    expect(marks).toEqual(expect.arrayContaining(['rate', 'limit']));
  });

  it.each(['ratelimit', 'rate-limited', 'rate limits', 'RateLimit'])(
    'should join and stem "%s" to find both spellings of rate limits',
    (query) => {
      const urls = search(query).hits.map((hit) => hit.url);
      expect(urls).toEqual(expect.arrayContaining(['/docs#limits', '/docs#headers']));
    },
  );

  it.each(['throttling', '429', 'too many requests'])(
    'should find the limits for "%s" through the synonym map',
    (query) => {
      const urls = search(query)
        .hits.slice(0, 3)
        .map((hit) => hit.url);
      expect(urls).toEqual(expect.arrayContaining(['/docs#limits', '/errors/rate_limited']));
    },
  );

  it('should rank the words typed above their synonyms', () => {
    // "bearer" is a synonym of "token": the section that says "token" comes first.
    expect(search('token').hits[0]?.url).toBe('/docs#auth');
  });

  it('should answer a question by its subject, not by the verb that wraps it', () => {
    expect(search('how do I get a token').hits[0]?.url).toBe('/docs#auth');
    // "Getting a token" would match "get": the question is about limits only.
    const limits = search('how do I get the limits').hits.map((hit) => hit.url);
    expect(limits).toContain('/docs#limits');
    expect(limits).not.toContain('/docs#auth');
  });

  it('should forgive a typo but never match a stop word with it: "tokn" marks "token", not "to"', () => {
    const answer = search('tokn');
    expect(answer.hits[0]?.url).toBe('/docs#auth');
    const marks = readMarks('tokn');
    expect(marks.length).toBeGreaterThan(0);
    expect(new Set(marks.map((mark) => mark.toLowerCase()))).toEqual(new Set(['token']));
  });

  it('should never reach a term shorter than four letters with a typo', () => {
    // "mcpx" is one edit from "mcp", which is indexed; a typo may not reach a three-letter term.
    expect(search('mcp').hits.map((hit) => hit.url)).toContain('/glossary#mcp');
    expect(search('mcpx').hits).toEqual([]);
  });

  it('should forgive two edits in a long word', () => {
    expect(search('regsiter').hits[0]?.url).toBe('/docs#auth');
  });

  it('should give no typo allowance to a word the index holds as it is spelt', () => {
    // A Turkish owner's FAQ says `İnternet`; the reference's error pages say `Internal` in their
    // headings, two edits away: before, "internet" listed the error pages first.
    const sections = buildPageSearchIndex([
      {
        url: '/errors/internal_error',
        page: 'Error internal_error',
        heading: 'Internal server error',
        text: 'Internal error: the server failed to answer (internal_error).',
      },
      {
        url: '/#sss',
        page: 'Ilıca Güneş',
        heading: 'Sık sorulan sorular',
        text: 'İnternet bağlantısı kesilirse ne olur? Veri toplayıcı yedi günlük veriyi saklar.',
      },
    ]);
    expect(findUrls(sections, 'internet')).toEqual(['/#sss']);
    // A word the index does not hold keeps its allowance: `intarnet` is one edit from `internet`.
    expect(findUrls(sections, 'intarnet')).toContain('/#sss');
  });

  it('should search the last word as a prefix, and no other', () => {
    expect(search('xyzzy lim').hits.map((hit) => hit.url)).toContain('/docs#limits');
    expect(search('lim xyzzy').hits).toEqual([]);
  });

  it('should rank a section whose heading holds the word above one whose text does', () => {
    // "limit" is in the heading of /docs#limits and in the text of /docs#headers (RateLimit).
    const urls = search('limit').hits.map((hit) => hit.url);
    expect(urls.indexOf('/docs#limits')).toBeLessThan(urls.indexOf('/docs#headers'));
  });

  it('should not search a three-letter word with typos', () => {
    expect(search('tok').hits.map((hit) => hit.url)).toEqual(['/docs#auth']);
    expect(search('xyz').hits).toEqual([]);
  });

  it('should find an identifier with its parts, the page that names it first', () => {
    const hits = search('rate_limited').hits;
    expect(hits[0]?.url).toBe('/errors/rate_limited');
    expect(hits[0]?.section).toBeUndefined();
  });

  it('should find non-ASCII names without their accents and by a prefix of a Japanese name', () => {
    expect(search('societe').hits.map((hit) => hit.url)).toEqual(['/#about']);
    expect(search('株式会社').hits.map((hit) => hit.url)).toEqual(['/#about']);
  });

  it('should match any word when no section has every word', () => {
    const answer = search('retry bakers');
    expect(answer.hits.map((hit) => hit.url).sort()).toEqual(['/#about', '/docs#limits']);
  });

  it('should list the sections that match every word before those that match some', () => {
    const urls = search('token session').hits.map((hit) => hit.url);
    expect(urls.slice(0, 2).sort()).toEqual(['/docs#auth', '/docs#headers']);
    // No section has both words: the answer is the sections with either.
    const both = search('rate endpoint').hits.map((hit) => hit.url);
    expect(both[0]).toBe('/docs#headers');
  });

  it('should list at most perPage sections of one page and limit in all', () => {
    const many = searchPages(index, 'the token limit request', { limit: 10, perPage: 1 });
    const urls = many.hits.map((hit) => hit.url.replace(/#.*/, ''));
    expect(new Set(urls).size).toBe(urls.length);
    expect(searchPages(index, 'request', { limit: 1, perPage: 2 }).hits).toHaveLength(1);
  });

  it('should answer nothing for a query of stop words or punctuation only', () => {
    expect(search('to the').hits).toEqual([]);
    expect(search('«»!?').hits).toEqual([]);
  });
});

describe('searchPages ranking rules', () => {
  /** Sections made for one rule each; their order in the list means nothing. */
  const RULES: PageSection[] = [
    {
      url: '/docs/api/requestToken',
      page: 'POST /oauth/token: Token endpoint',
      heading: 'POST /oauth/token: Token endpoint',
      text: 'Issues a bearer access token for the key of a registered client; the API checks it.',
    },
    {
      url: '/developers#offer',
      page: 'Developers',
      heading: 'What this service does not offer',
      text: 'No user accounts and no API keys. Only production.',
    },
    {
      url: '/errors/invalid_grant',
      page: 'Error invalid_grant',
      heading: 'Error invalid_grant',
      text: 'The PKCE verifier does not match the PKCE challenge: PKCE needs the same verifier.',
    },
    {
      url: '/glossary#pkce',
      page: 'Glossary',
      heading: 'PKCE',
      text: 'Proof Key for Code Exchange.',
    },
    {
      url: '/changelog#tokens',
      page: 'Changelog',
      heading: 'Tokens',
      text: 'A token is optional: nothing requires one.',
      weight: 0.1,
    },
    {
      url: '/docs#tokens',
      page: 'API reference',
      heading: 'Tokens',
      text: 'A token is optional: nothing requires one.',
    },
  ];
  const rules = buildPageSearchIndex(RULES);
  const urls = (query: string) => listSearchUrls(rules, query);

  it('should list the sections holding the words side by side first: "api key" finds "API keys"', () => {
    // The token endpoint names both words apart and a synonym in its heading, yet comes after.
    expect(urls('api key')[0]).toBe('/developers#offer');
    expect(urls('api key')).toContain('/docs/api/requestToken');
  });

  it('should rank a section whose heading is just the words searched above one that repeats them', () => {
    expect(urls('PKCE')[0]).toBe('/glossary#pkce');
    expect(urls('what is PKCE')[0]).toBe('/glossary#pkce');
  });

  it("should weigh a section by its page's weight against one that matches as well", () => {
    const hits = searchPages(rules, 'optional token', { limit: 10, perPage: 3 }).hits;
    const docs = hits.findIndex((hit) => hit.url === '/docs#tokens');
    const changelog = hits.findIndex((hit) => hit.url === '/changelog#tokens');
    // Two equal sections: the changelog's weighs a tenth, and comes after.
    expect(docs).toBeGreaterThanOrEqual(0);
    expect(changelog).toBeGreaterThan(docs);
    expect(hits[changelog]?.score).toBeCloseTo((hits[docs]?.score ?? 0) * 0.1);
  });
});

describe("searchPages for the company's name", () => {
  /** A home page whose heading is a slogan, and pages that name the company more often. */
  const COMPANY: PageSection[] = [
    {
      url: '/',
      page: 'Heather honey from the hills of Eryri',
      heading: 'Heather honey from the hills of Eryri',
      text: 'Mêl Eryri Cydweithredol Cyf. is a co-operative of 38 beekeepers in Snowdonia.',
      names: 'Mêl Eryri Cydweithredol Cyf. Mêl Eryri',
    },
    {
      url: '/docs#mcp-tools',
      page: 'API reference',
      heading: 'MCP tools',
      text: [
        "get_company_overview: Returns Mêl Eryri's overview, as the REST API does.",
        "get_product: Returns Mêl Eryri's product.",
        "list_calls_to_action: Returns Mêl Eryri's calls to action.",
        "get_site_copy_section: Returns one section of Mêl Eryri's site copy.",
      ].join(' '),
    },
    {
      url: '/developers',
      page: 'Mêl Eryri for developers and AI agents',
      heading: 'Mêl Eryri for developers and AI agents',
      text: "Read-only access to Mêl Eryri's public facts; the MCP endpoint does the same.",
    },
  ];
  const index = buildPageSearchIndex(COMPANY);
  const urls = (query: string) => listSearchUrls(index, query);

  it('should answer with the home page, which carries the names its heading does not say', () => {
    expect(urls('Mêl Eryri')[0]).toBe('/');
    expect(urls('What does Mêl Eryri do?')[0]).toBe('/');
    expect(urls('who is mel eryri')[0]).toBe('/');
  });

  it('should still find the pages that name the company, after the home page', () => {
    expect(urls('Mêl Eryri')).toEqual(['/', '/developers', '/docs#mcp-tools']);
  });

  it('should answer with the home page for a short name its text never writes, which other pages quote', () => {
    // A name in Devanagari and a short name in Latin letters: the home page writes the first
    // only, and the reference quotes the second side by side ("What does Rangrez Hastshilp
    // do?"), which put the reference first, the home page seventh.
    const devanagari = buildPageSearchIndex([
      {
        url: '/',
        page: 'हाथ के ठप्पे, पौधों के रंग',
        heading: 'हाथ के ठप्पे, पौधों के रंग',
        text: 'रंगरेज़ हस्तशिल्प सहकारी समिति बगरू के कारीगरों की सहकारी संस्था है।',
        names: 'रंगरेज़ हस्तशिल्प सहकारी समिति Rangrez Hastshilp',
      },
      {
        url: '/docs#mcp-tools',
        page: 'API reference',
        heading: 'MCP tools',
        text: "get_company_overview (What does Rangrez Hastshilp do?): Returns Rangrez Hastshilp's overview. get_product: Returns Rangrez Hastshilp's product.",
      },
    ]);
    for (const query of ['Rangrez Hastshilp', 'What does Rangrez Hastshilp do?']) {
      expect(listSearchUrls(devanagari, query), query).toEqual(['/', '/docs#mcp-tools']);
    }
  });
});

describe('searchPages in French', () => {
  const french = buildPageSearchIndex([
    {
      url: '/tarifs',
      page: "Les formules d'abonnement",
      heading: "Les formules d'abonnement",
      text: 'Trois formules, sans engagement au-delà de trois mois.',
    },
    {
      url: '/docs/api/getLlmsTxt#example-response',
      page: 'GET /llms.txt',
      heading: 'Example response',
      text: "La coopérative vend l'abonnement Cuvée Altitude aux professionnels.",
    },
  ]);
  const find = (query: string) => searchPages(french, query, { limit: 10, perPage: 2 }).hits;

  it("should read an elided article apart from its word: l'abonnement finds d’abonnement as well", () => {
    // The page about subscriptions names the word in its heading; sharing the query's "l'" with
    // another page's text is no reason to rank that page first.
    for (const query of ["l'abonnement", 'l’abonnement', 'abonnement', "d'abonnement"]) {
      expect(
        find(query).map((hit) => hit.url),
        query,
      ).toEqual(['/tarifs', '/docs/api/getLlmsTxt#example-response']);
    }
    const marked = find('abonnement')[1]?.snippet.filter((part) => part.mark);
    expect(marked).toEqual([{ text: "l'abonnement", mark: true }]);
  });
});

describe('searchPages in Arabic', () => {
  const arabic = buildPageSearchIndex([
    {
      url: '/#al-mazraa',
      page: 'واحة سيوة',
      heading: 'المزرعة',
      text: 'يأتي الماء من عين كليوباترا، والنخيل يُروى بالتنقيط.',
    },
    {
      url: '/#product',
      page: 'واحة سيوة',
      heading: 'صندوق الموسم',
      text: 'اشتراك شهري في تمور سيوة، في صناديق من ٥ أو ١٠ كيلوغرامات.',
    },
  ]);
  const find = (query: string) => searchPages(arabic, query, { limit: 10, perPage: 2 }).hits;

  it('should find a word with or without the article and the particle written onto it', () => {
    // Arabic writes "the" (ال) and "with the" (بال) as one word with the noun.
    for (const query of ['ماء', 'الماء', 'تنقيط', 'التنقيط', 'مزرعة', 'المزرعه']) {
      expect(
        find(query).map((hit) => hit.url),
        query,
      ).toEqual(['/#al-mazraa']);
    }
    expect(find('الصندوق').map((hit) => hit.url)).toEqual(['/#product']);
    expect(find('ماء')[0]?.snippet.filter((part) => part.mark)).toEqual([
      { text: 'الماء', mark: true },
    ]);
  });
});

describe('searchPages in Chinese, Japanese and Korean', () => {
  const eastAsian = buildPageSearchIndex([
    {
      url: '/#asa',
      page: '株式会社みなと',
      heading: '港の朝',
      text: '港の朝パン、毎朝焼きたてを。ｶﾞｯｺｳの給食にも届けます。',
    },
    {
      url: '/#mianbao',
      page: '港湾面包',
      heading: '我们的面包',
      text: '我们每天早上送来新鲜面包。',
    },
    { url: '/#ppang', page: '한빛', heading: '배달', text: '매일 아침 갓 구운 빵을 배달합니다.' },
    { url: '/#thai', page: 'รุ่งอรุณ', heading: 'ร้าน', text: 'ร้านขนมปังรุ่งอรุณส่งทุกเช้า' },
    { url: '/#hindi', page: 'सुबह', heading: 'हम', text: 'हमारी बेकरी हर सुबह ताज़ा ब्रेड भेजती है।' },
  ]);
  const find = (query: string) =>
    searchPages(eastAsian, query, { limit: 10, perPage: 2 }).hits.map((hit) => hit.url);

  it('should find a word inside a sentence written without spaces, and a Korean word with its particle', () => {
    // Before, 港の朝パン was one word: パン found nothing.
    for (const query of ['パン', '焼きたて', '朝', 'ガッコウ'])
      expect(find(query), query).toEqual(['/#asa']);
    for (const query of ['面包', '新鲜面包', '早上'])
      expect(find(query), query).toEqual(['/#mianbao']);
    for (const query of ['빵', '배달', '아침']) expect(find(query), query).toEqual(['/#ppang']);
    expect(find('ขนมปัง')).toEqual(['/#thai']);
    expect(find('बेकरी')).toEqual(['/#hindi']);
    // A voicing mark makes another word: ハン is not パン.
    expect(find('ハン')).toEqual([]);
  });

  it('should find a word written without spaces only where all its pairs of letters are', () => {
    // ファイル shares ファ with ファン (and with the page's title), 新鲜牛奶 新鲜 with 新鲜面包:
    // a word is not found by one of its pairs alone, in any tier.
    const index = buildPageSearchIndex([
      {
        url: '/#fan',
        page: 'ほしぞら茶園',
        heading: '茶園',
        text: '防霜ファンの運転を記録します。',
      },
      {
        url: '/docs',
        page: 'API リファレンス',
        heading: 'API リファレンス',
        text: 'JSON で返します。',
      },
    ]);
    const search = (query: string) => findUrls(index, query);
    expect(search('防霜ファン')).toEqual(['/#fan']);
    expect(search('ファイル')).toEqual([]);
    expect(search('リファレンス')).toEqual(['/docs']);
    expect(find('新鲜牛奶')).toEqual([]);
    // Two such words: no section has both, so each that has one (the tier of some words).
    expect(search('防霜ファン リファレンス').toSorted()).toEqual(['/#fan', '/docs']);
    // Where no section has the whole word, one that has a part of it in one script: 防霜 of
    // 防霜ファン; 茶園 of 茶園について, whose particles (について) are no such part.
    expect(search('防霜シート')).toEqual(['/#fan']);
    expect(search('茶園について')).toEqual(['/#fan']);
    expect(search('運転について')).toEqual(['/#fan']);
  });

  it('should find a Korean noun asked for with another particle than the section has', () => {
    const index = buildPageSearchIndex([
      {
        url: '/#history',
        page: '회사 소개',
        heading: '연혁',
        text: '우리 회사의 첫 매장은 1998년에 부산에서 문을 열었습니다.',
      },
      {
        url: '/#delivery',
        page: '배달',
        heading: '배달',
        text: '매일 아침 갓 구운 빵을 배달합니다.',
      },
    ]);
    const search = (query: string) => findUrls(index, query);
    // 회사는 and 매장이 are not in the text, 회사의 and 매장은 are.
    expect(search('회사는')).toEqual(['/#history']);
    expect(search('매장이 어디')).toEqual(['/#history']);
    expect(search('부산에는')).toEqual(['/#history']);
    expect(search('사과')).toEqual([]);
  });

  it('should mark the letters that matched in the snippet', () => {
    const [hit] = searchPages(eastAsian, 'パン', { limit: 1, perPage: 1 }).hits;
    expect(hit?.snippet.filter((part) => part.mark)).toEqual([{ text: 'パン', mark: true }]);
    const [korean] = searchPages(eastAsian, '빵', { limit: 1, perPage: 1 }).hits;
    const [thai] = searchPages(eastAsian, 'ขนมปัง', { limit: 1, perPage: 1 }).hits;
    // Thai's vowel signs and tone marks are letters of its words, kept: the word alone is marked.
    // Folded away, as before, its pairs matched inside other words (ขนมปังร, ่งอ, ่งท).
    expect(thai?.snippet.filter((part) => part.mark)).toEqual([{ text: 'ขนมปัง', mark: true }]);
    // The query's last word is also a prefix: 빵 matches the pair 빵을, the word with its particle.
    expect(korean?.snippet.filter((part) => part.mark)).toEqual([{ text: '빵을', mark: true }]);
  });
});

describe('searchPages in Thai', () => {
  it('should find a question typed without the words between those the text has, by the words a dictionary finds', () => {
    const index = buildPageSearchIndex([
      {
        url: '/#faq-data',
        page: 'คำถามที่พบบ่อย',
        heading: 'ข้อมูลของฉันเก็บไว้ที่ไหน',
        text: 'ข้อมูลแปลงนาเก็บในศูนย์ข้อมูลในกรุงเทพมหานคร และไม่ขายให้บุคคลอื่น',
      },
      {
        url: '/#faq-signal',
        page: 'คำถามที่พบบ่อย',
        heading: 'ถ้าไม่มีสัญญาณโทรศัพท์ในนาจะเป็นอย่างไร',
        text: 'เซนเซอร์เก็บข้อมูลไว้ได้ 7 วัน และส่งข้อมูลทั้งหมดเมื่อกลับมามีสัญญาณ',
      },
      {
        url: '/pricing',
        page: 'ราคา',
        heading: 'ราคา',
        text: 'แพ็กเกจเริ่มต้นราคา 1,200 บาทต่อปีต่อแปลง',
      },
    ]);
    const search = (query: string) => findUrls(index, query);
    // ข้อมูลของฉันเก็บไว้ที่ไหน asked without ของฉัน: ลเ, across ข้อมูล and เก็บ, is in no text.
    expect(search('ข้อมูลเก็บไว้ที่ไหน')[0]).toBe('/#faq-data');
    expect(search('ไม่มีสัญญาณ')).toEqual(['/#faq-signal']);
    // A word of the text is still found inside a longer one, and a word no text has finds nothing.
    expect(search('ราคา')).toEqual(['/pricing']);
    expect(search('ภาษี')).toEqual([]);
  });
});

describe('buildSnippet in Thai', () => {
  it('should show whole words, never a vowel sign or tone mark without its letter', () => {
    const text =
      'เซนเซอร์ลอยน้ำวัดระดับน้ำทุก 15 นาที และแจ้งเตือนเมื่อน้ำต่ำกว่าระดับที่ต้นข้าวต้องการ ' +
      'เซนเซอร์เก็บข้อมูลไว้ได้ 7 วัน และส่งข้อมูลทั้งหมดเมื่อกลับมามีสัญญาณโทรศัพท์อีกครั้ง';
    const index = buildPageSearchIndex([
      { url: '/#signal', page: 'คำถาม', heading: 'คำถาม', text },
    ]);
    const [hit] = searchPages(index, 'สัญญาณโทรศัพท์', { limit: 1, perPage: 1 }).hits;
    const shown = (hit?.snippet ?? [])
      .map((part) => part.text)
      .join('')
      .replace(/^… /u, '')
      .replace(/ …$/u, '');
    const from = text.indexOf(shown);
    expect(from).toBeGreaterThan(0);
    // Where the snippet starts and ends are where Thai words start and end.
    const boundaries = new Set(
      [...new Intl.Segmenter('th', { granularity: 'word' }).segment(text)].flatMap((word) => [
        word.index,
        word.index + word.segment.length,
      ]),
    );
    expect(boundaries.has(from), shown).toBe(true);
    expect(boundaries.has(from + shown.length), shown).toBe(true);
    expect(shown).not.toMatch(/^\p{M}/u);
    expect(hit?.snippet.filter((part) => part.mark).map((part) => part.text)).toEqual([
      'สัญญาณโทรศัพท์',
    ]);
  });
});

describe('searchPages in Hindi', () => {
  it('should tell Hindi words apart by their vowel signs, meet their endings and pass over particles', () => {
    const index = buildPageSearchIndex([
      {
        url: '/#work',
        page: 'गुणवत्ता',
        heading: 'प्रयोगशाला',
        text: 'हमारी प्रयोगशाला में रसायनशास्त्री हर खेप की जाँच का काम करते हैं।',
      },
      {
        url: '/#water',
        page: 'किसान',
        heading: 'खेती',
        text: 'हमारे किसान कम पानी में जीरा उगाते हैं।',
      },
      { url: '/#founded', page: 'इतिहास', heading: 'शुरुआत', text: 'समिति की स्थापना 1998 में हुई।' },
    ]);
    // Before, काम "work" and कम "less" were one word, and दान "donation" found दिन "day".
    expect(findUrls(index, 'काम')).toEqual(['/#work']);
    expect(findUrls(index, 'कम')).toEqual(['/#water']);
    // A plural finds its singular (the light stem of both).
    expect(findUrls(index, 'प्रयोगशालाओं')).toEqual(['/#work']);
    // की, में and the question word are no terms: the question finds the one section it asks about.
    expect(findUrls(index, 'समिति की स्थापना कब हुई')).toEqual(['/#founded']);
  });
});

describe("searchPages in the content's language, with its stop words", () => {
  // An owner's pages in Spanish among the reference's English: without Spanish's stop words, a
  // question's `sin`, `de` and `la` weighed as rare words and led to the sections that hold them
  // (a trial of a Mexican site: "¿Se puede pagar a meses?" found the privacy section first).
  const SPANISH: PageSection[] = [
    {
      url: '/#datos',
      page: 'Nopal Azul',
      heading: 'Datos y privacidad',
      text: 'Los datos de tu parcela son tuyos. Se guardan en México y nunca los vendemos.',
      lang: 'es-MX',
    },
    {
      url: '/precios',
      page: 'Precios',
      heading: 'Precios',
      text: 'Un sensor cuesta 4,800 pesos más IVA. El servicio anual incluye la aplicación y los avisos.',
      lang: 'es-MX',
    },
    {
      url: '/precios#formas-de-pago',
      page: 'Precios',
      heading: 'Formas de pago',
      text: 'Transferencia, tarjeta o a meses sin intereses.',
      lang: 'es-MX',
    },
    {
      url: '/precios#garantia',
      page: 'Precios',
      heading: 'Garantía',
      text: 'Dos años en el sensor y en la batería.',
      lang: 'es-MX',
    },
    {
      url: '/#que-hace',
      page: 'Nopal Azul',
      heading: 'Qué hace',
      text: 'Cada sensor mide la humedad de la tierra. Guarda hasta 30 días de lecturas y las envía cuando vuelve la señal.',
      lang: 'es-MX',
    },
    ...SECTIONS,
  ];
  const find = (index: PageSearchIndex, query: string) =>
    searchPages(index, query, { limit: 10, perPage: 3 }).hits.map((hit) => hit.url);

  it("should lead a question to the section that answers it, not to those with the language's commonest words", () => {
    const stopWords = listContentStopWords('es-MX');
    const withStopWords = loadPageSearchIndex(serializePageSections(SPANISH, stopWords));
    const without = buildPageSearchIndex(SPANISH);
    const cases = [
      ['¿Funciona sin señal?', '/#que-hace'],
      ['¿Se puede pagar a meses?', '/precios#formas-de-pago'],
      ['garantía de la batería', '/precios#garantia'],
      ['¿Cuánto cuesta un sensor?', '/precios'],
    ] as const;
    for (const [query, answer] of cases) expect(find(withStopWords, query)[0], query).toBe(answer);
    // Without them, `sin` leads to the payment terms ("meses sin intereses"), and `de` and `la`
    // bring in every section that has them (typed without the tilde, which would weigh the
    // section that writes `señal` as typed above the rest).
    expect(find(without, '¿Funciona sin senal?')[0]).toBe('/precios#formas-de-pago');
    expect(find(withStopWords, 'garantía de la batería')).toEqual(['/precios#garantia']);
    expect(find(without, 'garantía de la batería').length).toBeGreaterThan(1);
  });

  it('should never mark a stop word of the language in a snippet, nor find a section by such words alone', () => {
    const index = buildPageSearchIndex(SPANISH, listContentStopWords('es'));
    const hit = searchPages(index, 'la batería', { limit: 10, perPage: 3 }).hits[0];
    expect(hit?.snippet.filter((part) => part.mark).map((part) => part.text)).toEqual(['batería']);
    expect(find(index, 'de la')).toEqual([]);
    expect(find(buildPageSearchIndex(SPANISH), 'de la')).not.toEqual([]);
  });

  it("should find a word by its stem in the content's language, with the stemmer the build gives", async () => {
    // `pagar` and `pago` are too far apart for the typo allowance, and English's Porter stems keep
    // them apart; Spanish's Snowball stems are one, as they are for `trabajan` and `trabajamos`.
    const sections: PageSection[] = [
      ...SPANISH,
      {
        url: '/#donde-trabajamos',
        page: 'Nopal Azul',
        heading: 'Dónde trabajamos',
        text: 'Estado de México, Hidalgo y Jalisco.',
        lang: 'es-MX',
      },
      {
        url: '/docs/pages',
        page: 'API reference',
        heading: 'Every page of the reference',
        text: 'The pages of the reference, each with its Markdown version.',
        lang: 'en',
      },
    ];
    const stopWords = listContentStopWords('es-MX');
    const stem = await loadContentStemmer('es-MX');
    expect(stem).toBeDefined();
    const stemmed = loadPageSearchIndex(serializePageSections(sections, stopWords), stem);
    const unstemmed = loadPageSearchIndex(serializePageSections(sections, stopWords));
    expect(find(stemmed, '¿Dónde trabajan?')[0]).toBe('/#donde-trabajamos');
    // Only where the content's language is written: Spanish's stemmer also cuts the English
    // `pages` to `pag`.
    expect(find(stemmed, 'pagar')).toEqual(['/precios#formas-de-pago']);
    expect(find(unstemmed, 'pagar')).toEqual([]);
    // The word as written still weighs more than another form of it.
    const exact = searchPages(stemmed, 'pago', { limit: 10, perPage: 3 }).hits[0];
    const other = searchPages(stemmed, 'pagar', { limit: 10, perPage: 3 }).hits[0];
    expect(exact?.score).toBeGreaterThan(other?.score ?? Infinity);
  });

  it("should keep the English reference's words: a site in Spanish still finds its English pages", () => {
    const index = buildPageSearchIndex(SPANISH, listContentStopWords('es-MX'));
    expect(find(index, 'rate limit')[0]).toBe('/docs#limits');
    expect(find(index, 'access token')[0]).toBe('/docs#auth');
  });
});

describe('searchPages for words typed with their accents', () => {
  it('should weigh a section that writes a word as typed above one that writes another word of its letters', () => {
    // Vietnamese tells words apart by their tones: `là` "is", `lá` "leaf". "rang mộc là gì" ("what
    // is an unflavoured roast") led with the section on pines with three leaves (`ba lá`).
    const index = buildPageSearchIndex([
      {
        url: '/#trong',
        page: 'Trang chủ',
        heading: 'Trồng dưới tán thông',
        text: 'Thông ba lá che nắng; lá rụng làm phân. Cà phê rang mộc, rang xay tại xưởng. Bóng râm giúp quả chín đều.',
      },
      {
        url: '/#rang-moc',
        page: 'Trang chủ',
        heading: 'Cà phê của chúng tôi',
        text: 'Mộc là không thêm bơ hay đường khi rang; hạt có vị của đất và của mùa thu hoạch, trong từng mẻ nhỏ.',
      },
    ]);
    // `gì` ("what"), typed whole with its tone, is no prefix of `giúp` ("helps") by its letters.
    expect(listSearchUrls(index, 'rang mộc là gì')).toEqual(['/#rang-moc', '/#trong']);
    // Typed without its accents, the words find both by their letters alone, as before.
    expect(listSearchUrls(index, 'rang moc la gi')).toEqual(['/#trong', '/#rang-moc']);
    // A word still being typed with its accents is a prefix as written.
    const french = buildPageSearchIndex([
      {
        url: '/#contact',
        page: 'Contact',
        heading: 'Contact',
        text: 'Par téléphone ou par écrit.',
      },
    ]);
    expect(listSearchUrls(french, 'par télé')).toEqual(['/#contact']);
  });
});

describe('searchPages for a question ending in a short word', () => {
  it('should not take a last word of two letters as a prefix where only some words need match', () => {
    // `cơ` ("organic" with hữu) typed without its accent: the sections that held none of the
    // other words came in by `connections`, `code` and `Common`.
    const index = buildPageSearchIndex([
      {
        url: '/#chung-nhan',
        page: 'Trang chủ',
        heading: 'Chứng nhận hữu cơ',
        text: 'Cà phê của hợp tác xã được chứng nhận hữu cơ năm 2021.',
      },
      {
        url: '/errors/too_many_connections',
        page: 'Error too_many_connections',
        heading: 'Common causes',
        text: 'Too many connections from one client; the code says which limit was reached.',
      },
      { url: '/#nhan-vien', page: 'Trang chủ', heading: 'Nhân viên', text: 'Mười hai nhân viên.' },
    ]);
    expect(listSearchUrls(index, 'chung nhan huu co')).toEqual(['/#chung-nhan', '/#nhan-vien']);
    // A word of three letters or more is still a prefix there, and any last word where every
    // word must match (one typed alone, still being typed: `co` finds `connections`).
    expect(listSearchUrls(index, 'nhan vien con')).toContain('/errors/too_many_connections');
    expect(listSearchUrls(index, 'co')).toContain('/errors/too_many_connections');
  });
});

describe('buildSnippet', () => {
  it('should cut a long text around the first match and mark it', () => {
    const words = Array.from({ length: 60 }, (_, i) => `w${i}`);
    words[40] = 'needle';
    const parts = buildSnippet(words.join(' '), new Set(['needle']));
    const text = parts.map((part) => part.text).join('');
    expect(text.startsWith('… w34 ')).toBe(true);
    expect(text.endsWith(' …')).toBe(true);
    expect(parts.filter((part) => part.mark)).toEqual([{ text: 'needle', mark: true }]);
  });

  it("should keep what stands before a text's first word and after its last, with no ellipsis", () => {
    // A Hindi answer ends with its danda; before, the snippet dropped it for an ellipsis, as if
    // the answer went on.
    const answer = 'कपड़े को ठंडे पानी में अलग से धोइए और छाँव में सुखाइए।';
    const whole = (text: string, term: string) =>
      buildSnippet(text, new Set([term]))
        .map((part) => part.text)
        .join('');
    expect(whole(answer, 'धोइए')).toBe(answer);
    expect(whole('  «Bread, baked daily.»  ', 'bread')).toBe('«Bread, baked daily.»');
    expect(whole('Is the bread fresh? Yes.', 'fresh')).toBe('Is the bread fresh? Yes.');
    // Cut inside the text: an ellipsis where words were left out, and only there.
    const words = Array.from({ length: 30 }, (_, i) => `w${i}`);
    expect(whole(`${words.join(' ')}.`, 'w2')).toBe(`${words.slice(0, 24).join(' ')} …`);
    expect(whole(`${words.join(' ')}.`, 'w29')).toBe(`… ${words.slice(6).join(' ')}.`);
    // More than a few characters beside the words (a code block's rule) is left out, as cut.
    expect(whole(`${'='.repeat(20)}\nbread\n${'-'.repeat(20)}`, 'bread')).toBe('… bread …');
  });

  it('should keep markup-like text as text', () => {
    const parts = buildSnippet('a <img src=x> needle', new Set(['needle']));
    expect(parts).toEqual([
      { text: 'a <img src=x> ', mark: false },
      { text: 'needle', mark: true },
    ]);
  });
});

describe('parsePageSections', () => {
  it('should give back the sections the build serialized', () => {
    expect(parsePageSections(serializePageSections(SECTIONS))).toEqual(SECTIONS);
  });
});

describe('parsePageSearchFile', () => {
  it('should give back the sections and the stop words the build serialized', () => {
    expect(parsePageSearchFile(serializePageSections(SECTIONS, ['de', 'la']))).toEqual({
      sections: SECTIONS,
      stopWords: ['de', 'la'],
    });
    // A file without stop words (a site in English, or a build before them) has none.
    expect(parsePageSearchFile(JSON.stringify({ sections: SECTIONS })).stopWords).toEqual([]);
  });

  it('should refuse stop words that are not a list of words with a clear error', () => {
    for (const stopWords of ['de la', [1], null]) {
      expect(() => parsePageSearchFile(JSON.stringify({ sections: [], stopWords }))).toThrow(
        "The search index's stop words are not a list of words.",
      );
    }
  });
});

describe('loadPageSearchIndex', () => {
  it('should index the sections the build serialized, as the browser loads them', () => {
    const loaded = loadPageSearchIndex(serializePageSections(SECTIONS));
    expect(searchPages(loaded, 'tokn', { limit: 10, perPage: 2 })).toEqual(search('tokn'));
  });

  it('should refuse a file of another shape with a clear error', () => {
    expect(() => loadPageSearchIndex('{"sections":[{"url":1}]}')).toThrow(
      'The search index is not a list of page sections.',
    );
    expect(() => loadPageSearchIndex('[]')).toThrow('not a list of page sections');
    expect(() =>
      loadPageSearchIndex(
        '{"sections":[{"url":"/","page":"a","heading":"b","text":"c","weight":0}]}',
      ),
    ).toThrow('not a list of page sections');
    expect(() => loadPageSearchIndex('not json')).toThrow(SyntaxError);
  });
});
