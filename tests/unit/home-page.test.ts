import { describe, expect, it } from 'vitest';
import {
  isTaglineInHeading,
  listHomeFacts,
  splitHomeActions,
} from '../../src/documents/home-page.ts';
import type { CallToAction } from '../../src/schemas/site-content.ts';
import { formatFoundingDate } from '../../src/site-content/page-date.ts';
import { formatWebsite } from '../../src/site-content/website-label.ts';
import { loadFixtureContent } from '../support/fixture-content.ts';

const minimal = await loadFixtureContent('minimal');
const rich = await loadFixtureContent('rich');

function cta(id: string, priority: 1 | 2): CallToAction {
  return { id, label: id, url: `https://example.com/${id}`, description: id, priority };
}

describe('splitHomeActions', () => {
  it('should make the first call to action of priority 1 the only primary one', () => {
    const { primary, secondary } = splitHomeActions([
      cta('later', 2),
      cta('first-one', 1),
      cta('second-one', 1),
      cta('last', 2),
    ]);
    expect(primary.id).toBe('first-one');
    expect(secondary.map((entry) => entry.id)).toEqual(['second-one', 'later', 'last']);
  });

  it('should make the first listed one primary when none has priority 1', () => {
    const { primary, secondary } = splitHomeActions(minimal.callsToAction);
    expect(primary).toBe(minimal.callsToAction[0]);
    expect(secondary).toEqual([]);
  });

  it('should refuse an empty list', () => {
    expect(() => splitHomeActions([])).toThrow(/no call to action/);
  });
});

describe('listHomeFacts', () => {
  it('should leave out the facts a company does not give, and never show an empty value', () => {
    const facts = listHomeFacts(minimal);
    expect(facts.map((fact) => fact.label)).toEqual(['What it makes', 'Website']);
    expect(facts[0]?.value).toBe(minimal.product.name);
    expect(facts[1]).toEqual({
      label: 'Website',
      value: new URL(minimal.company.website).host,
      href: minimal.company.website,
    });
  });

  it('should give founded, headquarters and the product with its category when they are known', () => {
    const facts = listHomeFacts({
      company: { ...rich.company, foundingDate: '1998', headquarters: 'Lyon, France' },
      product: { ...rich.product, category: 'Bakery software' },
    });
    expect(facts.slice(0, 3)).toEqual([
      { label: 'Founded', value: '1998', datetime: '1998' },
      { label: 'Headquarters', value: 'Lyon, France' },
      { label: 'What it makes', value: `${rich.product.name}, bakery software` },
    ]);
    for (const fact of facts) expect(fact.value.trim()).not.toBe('');
  });

  it("should write the category after the product's name as an English phrase in English only", () => {
    const whatItMakes = (locale: string, category: string) =>
      listHomeFacts({
        company: { ...rich.company, locale },
        product: { ...rich.product, name: 'Röstprotokoll', category },
      }).find((fact) => fact.label === 'What it makes')?.value;
    expect(whatItMakes('en-GB', 'Supply chain visibility')).toBe(
      'Röstprotokoll, supply chain visibility',
    );
    expect(whatItMakes('en', 'SaaS platform')).toBe('Röstprotokoll, SaaS platform');
    expect(whatItMakes('en', 'API tooling')).toBe('Röstprotokoll, API tooling');
    expect(whatItMakes('en', 'Bakery software')).toBe('Röstprotokoll, bakery software');
    // German writes every noun with a capital; no other language's rule is guessed.
    expect(whatItMakes('de-DE', 'Kaffeeröstung')).toBe('Röstprotokoll, Kaffeeröstung');
    expect(whatItMakes('fr', 'Logiciel de boulangerie')).toBe(
      'Röstprotokoll, Logiciel de boulangerie',
    );
  });

  it('should set the category apart with the comma of the language’s script', () => {
    const whatItMakes = (locale: string, name: string, category: string) =>
      listHomeFacts({
        company: { ...rich.company, locale },
        product: { ...rich.product, name, category },
      }).find((fact) => fact.label === 'What it makes')?.value;
    expect(whatItMakes('ja-JP', '茶畑ノート', '栽培記録アプリ')).toBe('茶畑ノート、栽培記録アプリ');
    expect(whatItMakes('zh-TW', '茶園筆記', '栽培紀錄')).toBe('茶園筆記、栽培紀錄');
    expect(whatItMakes('ar-EG', 'صندوق الموسم', 'اشتراك تمور')).toBe('صندوق الموسم، اشتراك تمور');
    expect(whatItMakes('fa', 'دفتر باغ', 'نرم‌افزار')).toBe('دفتر باغ، نرم‌افزار');
    expect(whatItMakes('am', 'ቡና', 'ሶፍትዌር')).toBe('ቡና፣ ሶፍትዌር');
    expect(whatItMakes('th-TH', 'สมุดสวน', 'แอปบันทึก')).toBe('สมุดสวน แอปบันทึก');
    // Korean, Hebrew, Greek and Hindi write the comma as English does.
    expect(whatItMakes('ko-KR', '차밭 노트', '재배 기록')).toBe('차밭 노트, 재배 기록');
    expect(whatItMakes('he', 'יומן', 'תוכנה')).toBe('יומן, תוכנה');
    expect(whatItMakes('el', 'Ημερολόγιο', 'Λογισμικό')).toBe('Ημερολόγιο, Λογισμικό');
  });
});

describe('the website in the fact sheet', () => {
  it('should show its host, with the path of a site that is part of a larger one', () => {
    const website = (address: string) =>
      listHomeFacts({ ...minimal, company: { ...minimal.company, website: address } }).at(-1);
    expect(website('https://havbruk.example/nordlys/')).toEqual({
      label: 'Website',
      value: 'havbruk.example/nordlys',
      href: 'https://havbruk.example/nordlys/',
    });
    expect(website('https://www.example.com/')?.value).toBe('www.example.com');
    expect(website('https://example.com/sv/f%C3%B6r-oss?ref=x#top')?.value).toBe(
      'example.com/sv/för-oss',
    );
    expect(website('https://example.com/%E0%A4%A/')?.value).toBe('example.com/%E0%A4%A');
  });

  it('should show a host in the letters its owner wrote, whether the address is in Punycode or not', () => {
    expect(formatWebsite('https://www.xn--agiel-hib.pl/')).toBe('www.żagiel.pl');
    expect(formatWebsite('https://www.żagiel.pl/łodzie/')).toBe('www.żagiel.pl/łodzie');
    expect(formatWebsite('https://株式会社みなと.example')).toBe('株式会社みなと.example');
    // A port stays; an address with no name to decode comes back as it is.
    expect(formatWebsite('http://www.xn--agiel-hib.pl:8080/')).toBe('www.żagiel.pl:8080');
    expect(formatWebsite('http://[2001:db8::1]:8080/a/')).toBe('[2001:db8::1]:8080/a');
    expect(formatWebsite('http://192.0.2.7/')).toBe('192.0.2.7');
    expect(formatWebsite('https://xn--zz.example/')).toBe('xn--zz.example');
  });
});

describe('formatFoundingDate', () => {
  it("should name a founding month or day in the content's language, and keep a year as it is", () => {
    expect(formatFoundingDate('1998', 'en')).toBe('1998');
    expect(formatFoundingDate('2011-06', 'en')).toBe('June 2011');
    expect(formatFoundingDate('1987-03-14', 'en')).toBe('March 14, 1987');
    expect(formatFoundingDate('1987-03-14', 'en-GB')).toBe('14 March 1987');
    expect(formatFoundingDate('2011-06', 'nb-NO')).toBe('juni 2011');
    expect(formatFoundingDate('1987-03-14', 'ja')).toBe('1987年3月14日');
    // The first and last day of a month, whatever the machine's time zone.
    expect(formatFoundingDate('2020-01-01', 'en')).toBe('January 1, 2020');
    expect(formatFoundingDate('2020-12-31', 'en')).toBe('December 31, 2020');
    // A year below 100 stays that year (Date.UTC would make it 1979).
    expect(formatFoundingDate('0079-08', 'en')).toBe('August 79');
  });
});

describe('isTaglineInHeading', () => {
  it('should take a tagline with a closing full stop or another case for the heading it repeats', () => {
    expect(isTaglineInHeading(minimal.company.tagline, minimal.pages.home.heading)).toBe(true);
    expect(
      isTaglineInHeading('River levels you can plan around.', 'river levels  you can plan around'),
    ).toBe(true);
  });

  it('should tell a different line apart', () => {
    expect(isTaglineInHeading('See every container.', 'Know where every container is')).toBe(false);
    expect(isTaglineInHeading('River levels', 'River levels you can plan around')).toBe(false);
  });
});
