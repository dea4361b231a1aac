import { Resvg } from '@resvg/resvg-js';
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  fitTextToFonts,
  formatLeftOutLine,
  layOutOpenGraphImage,
  listLeftOutLines,
  readShownHost,
  loadOpenGraphFonts,
  OPEN_GRAPH_IMAGE_SIZE,
  renderOpenGraphImage,
  renderTouchIcon,
  TOUCH_ICON_SIZE,
} from '../../src/integrations/brand-images.ts';
import { loadFixtureContent } from '../support/fixture-content.ts';

/** A PNG's IHDR fields and its first pixel (RGBA), read without an image library. */
function readPng(bytes: Uint8Array) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const chunks: Uint8Array[] = [];
  let width = 0;
  let height = 0;
  let colourType = -1;
  for (let at = 8; at < bytes.length;) {
    const length = view.getUint32(at);
    const type = new TextDecoder().decode(bytes.subarray(at + 4, at + 8));
    const data = bytes.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') {
      width = view.getUint32(at + 8);
      height = view.getUint32(at + 12);
      colourType = data[9] ?? -1;
    }
    if (type === 'IDAT') chunks.push(data);
    at += 12 + length;
  }
  // Whatever the first row's filter, its first pixel has no left or upper neighbour: stored as is.
  const raw = inflateSync(Buffer.concat(chunks));
  const channels = colourType === 6 ? 4 : 3;
  const first = [...raw.subarray(1, 1 + channels)];
  return { width, height, firstPixel: channels === 4 ? first : [...first, 255] };
}

/** A logo three units wide for two high, filled with one colour. */
const WIDE_LOGO =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 80" width="120" height="80">' +
  '<rect width="120" height="80" fill="#8a3b12"/></svg>';

describe('renderTouchIcon', () => {
  it('should give a square icon for a logo that is not square', () => {
    const png = readPng(renderTouchIcon(WIDE_LOGO));
    expect({ width: png.width, height: png.height }).toEqual({
      width: TOUCH_ICON_SIZE,
      height: TOUCH_ICON_SIZE,
    });
  });

  it('should fill the margin with the opaque light background, not leave it transparent', () => {
    expect(readPng(renderTouchIcon(WIDE_LOGO)).firstPixel).toEqual([255, 255, 255, 255]);
  });
});

// Each test lays out and draws several 1200x630 images: 1.2-3.6 s on an idle 2-core machine, past
// the 5 s default on a loaded one (the longest test took 5.05 s in a whole run, 2026-11-30).
describe('the Open Graph image', { timeout: 30_000 }, () => {
  it('should draw a line without its emoji, in any script its fonts have, and leave out one with a script they lack', async () => {
    const fonts = await loadOpenGraphFonts();
    const cases: [string, string | undefined][] = [
      ['Fersk laks, sporbar fra merd til middag 🐟', 'Fersk laks, sporbar fra merd til middag'],
      ['Family 👨‍👩‍👧 bakery ❤️ since 1987', 'Family bakery since 1987'],
      ['Łódź Piekarnia — Ćma, Øre & Straße', 'Łódź Piekarnia — Ćma, Øre & Straße'],
      [
        'Le bon pain, à la bonne heure — 毎朝、焼きたてを。',
        'Le bon pain, à la bonne heure — 毎朝、焼きたてを。',
      ],
      ['株式会社みなと', '株式会社みなと'],
      ['港湾面包有限公司', '港湾面包有限公司'],
      ['港灣麵包有限公司', '港灣麵包有限公司'],
      ['한빛 베이커리', '한빛 베이커리'],
      ['Ωmega Bakery', 'Ωmega Bakery'],
      ['Ἀρτοποιεῖον Λευκός Πύργος', 'Ἀρτοποιεῖον Λευκός Πύργος'],
      ['Пекарна „Средец“ — Хліб і сіль', 'Пекарна „Средец“ — Хліб і сіль'],
      ['Lò bánh mì Phố Hội', 'Lò bánh mì Phố Hội'],
      ['مخبز الفجر', 'مخبز الفجر'],
      ['نان سحر، از ۱۳۶۶', 'نان سحر، از ۱۳۶۶'],
      ['מאפיית השחר בע״מ', 'מאפיית השחר בע״מ'],
      // Arabic and Hebrew without their vowel marks, which satori would place over other letters.
      ['مَخْبَزُ الفَجْرِ', 'مخبز الفجر'],
      ['מַאֲפִיַּת הַשַּׁחַר', 'מאפית השחר'],
      ['مُؤسَّسة', 'مؤسسة'],
      // Composed: a name typed decomposed (NFD) is drawn with Inter's precomposed letters...
      ['Lò bánh mì Phố Hội Đà Nẵng'.normalize('NFD'), 'Lò bánh mì Phố Hội Đà Nẵng'],
      ['Ångström'.normalize('NFD'), 'Ångström'],
      // ...and a mark no letter composes with leaves the line out: satori drops it or draws a box.
      ['Ta\u0331p Bakery', undefined],
      ['Spin\u0308al Tap', undefined],
      ['Family ❤️ bakery', 'Family bakery'],
      ['ร้านขนมปัง', undefined],
      ['बेकरी', undefined],
      ['ბაკალეია', undefined],
      ['🐟', undefined],
    ];
    for (const [text, drawn] of cases) expect(await fitTextToFonts(text, fonts), text).toBe(drawn);
  });

  it("should draw the rich company's Japanese tagline, and leave one in a script no font has out rather than draw boxes", async () => {
    const { company } = await loadFixtureContent('rich');
    const logo =
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect width="1" height="1"/></svg>';
    const nothing = await renderOpenGraphImage({ ...company, tagline: '🐟' }, logo);
    expect(await fitTextToFonts(company.tagline, await loadOpenGraphFonts())).toBe(company.tagline);
    expect(await renderOpenGraphImage(company, logo)).not.toEqual(nothing);
    // Thai: the same image as for a tagline with nothing to draw.
    expect(await renderOpenGraphImage({ ...company, tagline: 'ขนมปังสดทุกเช้า' }, logo)).toEqual(
      nothing,
    );
  });

  it('should list each line it leaves out, by its field, and none when it draws them all', async () => {
    const { company } = await loadFixtureContent('rich');
    expect(await listLeftOutLines(company)).toEqual([]);
    // A name it cannot draw gives way to a short name it can, and the owner is told (a Hindi
    // owner's name was swapped for the short name without a word).
    expect(
      await listLeftOutLines({ ...company, name: 'ร้านขนมปังรุ่งอรุณ', alternateName: 'Rung Arun' }),
    ).toEqual([{ field: 'name', text: 'ร้านขนมปังรุ่งอรุณ', instead: 'Rung Arun' }]);
    const hindi = {
      ...company,
      name: 'जयपुर मसाला समिति',
      alternateName: 'मसाला समिति',
      tagline: 'खेत से रसोई तक',
    };
    // The name's place shows the website's host.
    expect(await listLeftOutLines(hindi)).toEqual([
      { field: 'name', text: 'जयपुर मसाला समिति', instead: 'boulangerie-generale.example' },
      { field: 'tagline', text: 'खेत से रसोई तक' },
    ]);
    // The build's warning names the file, the field and the text, and what is shown instead.
    expect(formatLeftOutLine({ field: 'tagline', text: 'खेत से रसोई तक' })).toMatch(
      /^content\/company\.yaml: tagline: "खेत से रसोई तक" is left out of \/og-image\.png: /,
    );
    expect(
      formatLeftOutLine({ field: 'name', text: 'जयपुर मसाला समिति', instead: 'masala.example' }),
    ).toMatch(
      /^content\/company\.yaml: name: "जयपुर मसाला समिति" is left out of \/og-image\.png, which shows masala\.example in its place: /,
    );
  });

  it("should draw the short name where the fonts cannot draw the name, and the website's host where they can draw neither", async () => {
    const { company } = await loadFixtureContent('rich');
    const base = { ...company, tagline: 'Bread on time' };
    const logo = WIDE_LOGO;
    const thai = { ...base, name: 'ร้านขนมปังรุ่งอรุณ', alternateName: 'Rung Arun' };
    expect(await renderOpenGraphImage(thai, logo)).toEqual(
      await renderOpenGraphImage({ ...base, name: 'Rung Arun' }, logo),
    );
    // The name itself whenever the fonts draw it, whatever the short name.
    expect(
      await renderOpenGraphImage({ ...base, name: 'Rung Arun', alternateName: 'รุ่งอรุณ' }, logo),
    ).toEqual(
      await renderOpenGraphImage({ ...base, name: 'Rung Arun', alternateName: 'Other' }, logo),
    );
    // Neither drawable: the website's host in the name's place, without www., in its own letters.
    const hostless = await renderOpenGraphImage(
      { ...base, name: '🐟', alternateName: '🐟', website: 'https://xn--22ck7ci3a1h.example' },
      logo,
    );
    const host = await renderOpenGraphImage(
      { ...base, name: 'boulangerie-generale.example' },
      logo,
    );
    expect(host).not.toEqual(hostless);
    expect(await renderOpenGraphImage({ ...thai, alternateName: 'รุ่งอรุณ' }, logo)).toEqual(host);
    expect(
      await renderOpenGraphImage(
        {
          ...thai,
          alternateName: 'รุ่งอรุณ',
          website: 'https://www.boulangerie-generale.example/th/',
        },
        logo,
      ),
    ).toEqual(host);
    // Whole or not at all: a host of emoji (💩.example) is not drawn as `.example`.
    expect(
      await renderOpenGraphImage(
        { ...thai, alternateName: 'รุ่งอรุณ', website: 'https://xn--ls8h.example' },
        logo,
      ),
    ).toEqual(hostless);
    expect(readShownHost('https://www.xn--boulangerie-gnrale-nwbb.example/')).toBe(
      'boulangerie-générale.example',
    );
  });

  it('should mirror the image for a company writing right to left: the logo at the right, the name in its letters', async () => {
    const { company } = await loadFixtureContent('rich');
    const { width } = OPEN_GRAPH_IMAGE_SIZE;
    const arabic = {
      ...company,
      name: 'مخبز الفجر',
      alternateName: 'الفجر',
      tagline: 'خبز طازج كل صباح',
      locale: 'ar-EG',
      // Not the logo's colour, so that the band is not taken for the logo.
      accentColor: '#1d4ed8',
    };
    /** Where the logo's colour (#8a3b12) is drawn: its leftmost and rightmost column. */
    const findLogo = async (fields: typeof arabic) => {
      const svg = await layOutOpenGraphImage(fields, WIDE_LOGO);
      const image = new Resvg(svg, { fitTo: { mode: 'original' } }).render();
      const pixels = image.pixels;
      const columns: number[] = [];
      for (let at = 0; at < pixels.length; at += 4) {
        if (pixels.readUInt32BE(at) === 0x8a3b12ff) columns.push((at / 4) % width);
      }
      return { left: Math.min(...columns), right: Math.max(...columns) };
    };
    const mirrored = await findLogo(arabic);
    expect(mirrored.left).toBeGreaterThan(width / 2);
    expect(mirrored.right).toBeLessThanOrEqual(width - 96);
    const english = await findLogo({ ...arabic, locale: 'en' });
    expect(english.left).toBeGreaterThanOrEqual(96);
    expect(english.right).toBeLessThan(width / 2);
    // The Arabic name and tagline are drawn: not the image of a company with nothing to draw.
    expect(await renderOpenGraphImage(arabic, WIDE_LOGO)).not.toEqual(
      await renderOpenGraphImage(
        { ...arabic, name: '🐟', alternateName: '🐟', tagline: '🐟' },
        WIDE_LOGO,
      ),
    );
  });

  it('should keep the longest name and tagline inside its margins, in every script it draws', async () => {
    const { company } = await loadFixtureContent('rich');
    const { width, height } = OPEN_GRAPH_IMAGE_SIZE;
    const margin = 96;
    const longTagline =
      'River levels you can plan around, from the first sensor to the last farm gate, every morning and each night of the year.';
    const cases: { name: string; tagline: string; locale?: string }[] = [
      { name: 'Oxbow Metrics and Hydrology Services Ltd', tagline: longTagline },
      {
        name: 'Φούρνος Λευκός Πύργος',
        tagline: 'Пекарна „Средец“ · Lò bánh mì Phố Hội · Ἀρτοποιεῖον Λευκός Πύργος · Хліб і сіль',
      },
      // The schema's longest: a name of 300 characters, a tagline of 120.
      {
        name: 'The Cooperative Society of Artisan Bakers of Lyon, '.repeat(6).slice(0, 300),
        tagline: longTagline,
      },
      {
        name: 'تعاونية واحة سيوة لزراعة النخيل وتعبئة التمور وتوصيلها إلى المطاعم والمقاهي',
        tagline:
          'تمور سيوة الموسمية، من النخلة إلى بابك كل شهر، في صناديق تعود إلينا لتمتلئ من جديد.',
        locale: 'ar-EG',
      },
      {
        name: '株式会社みなと湾岸ベーカリー・アンド・コーヒー・ロースターズ北海道支店',
        tagline: '港の朝に焼きたてのパンを、毎朝七時までに店先へ届けます。',
        locale: 'ja-JP',
      },
    ];
    for (const fields of cases) {
      expect(fields.tagline.length).toBeLessThanOrEqual(120);
      const svg = await layOutOpenGraphImage({ ...company, ...fields }, WIDE_LOGO);
      const image = new Resvg(svg, { fitTo: { mode: 'original' } }).render();
      expect({ width: image.width, height: image.height }).toEqual({ width, height });
      // `pixels` is a getter that copies the image: read it once.
      const pixels = image.pixels;
      /** The pixels of a rectangle that are not the opaque white background. */
      const countDrawn = (x0: number, x1: number, y0: number, y1: number) => {
        let drawn = 0;
        for (let y = y0; y < y1; y += 1) {
          for (let x = x0; x < x1; x += 1) {
            if (pixels.readUInt32BE((y * width + x) * 4) !== 0xffffffff) drawn += 1;
          }
        }
        return drawn;
      };
      const rightToLeft = fields.locale === 'ar-EG';
      // Below the accent band, both margins, the first 32 px and the last 32 px stay empty...
      expect(countDrawn(0, margin, 24, height), fields.name).toBe(0);
      expect(countDrawn(width - margin, width, 24, height), fields.name).toBe(0);
      expect(countDrawn(0, width, 24, 56), fields.name).toBe(0);
      expect(countDrawn(0, width, height - 32, height), fields.name).toBe(0);
      // ...while the text reaches into the last 200 px before the margin where its lines end (the
      // left one for a company writing right to left): the lines use the width.
      const lineEnd = rightToLeft ? margin : width - margin - 200;
      expect(countDrawn(lineEnd, lineEnd + 200, 24, height), fields.name).toBeGreaterThan(0);
    }
  });
});
