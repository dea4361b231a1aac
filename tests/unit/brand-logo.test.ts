import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { checkLogoSvg, LOGO_MAX_BYTES } from '../../src/site-content/brand-logo.ts';
import {
  FIXTURE_COMPANY_NAMES,
  loadFixtureContent,
  resolveFixtureDir,
} from '../support/fixture-content.ts';

const NS = 'xmlns="http://www.w3.org/2000/svg"';
const XLINK = 'xmlns:xlink="http://www.w3.org/1999/xlink"';

describe('checkLogoSvg', () => {
  it.each(FIXTURE_COMPANY_NAMES)(
    'should accept the logo of the fixture company %s',
    async (name) => {
      const { company } = await loadFixtureContent(name);
      expect(
        checkLogoSvg(await readFile(`${resolveFixtureDir(name)}/${company.logo}`, 'utf8')),
      ).toEqual([]);
    },
  );

  it('should accept fragment links, url(#id) paints and a plain <style>', () => {
    const svg = `<svg ${NS} ${XLINK} viewBox="0 0 8 8"><defs><linearGradient id="g"/><circle id="c" r="2"/></defs><style>circle { fill: url(#g); }</style><use href="#c"/><use xlink:href="#c"/><rect width="8" height="8" fill="url(#g)"/></svg>`;
    expect(checkLogoSvg(svg)).toEqual([]);
  });

  it.each([
    ['a script element', `<svg ${NS}><script>alert(1)</script></svg>`, 'has a <script> element'],
    [
      'an event-handler attribute',
      `<svg ${NS} onload="alert(1)"><rect/></svg>`,
      'has an event-handler attribute onload',
    ],
    [
      'a foreignObject',
      `<svg ${NS}><foreignObject><p>hi</p></foreignObject></svg>`,
      'has a <foreignObject> element',
    ],
    [
      'an external href',
      `<svg ${NS}><image href="https://evil.example/x.png"/></svg>`,
      'has href="https://evil.example/x.png" (only #fragment links)',
    ],
    [
      'a javascript: xlink:href',
      `<svg ${NS} ${XLINK}><a xlink:href="javascript:alert(1)"><rect/></a></svg>`,
      'has xlink:href="javascript:alert(1)" (only #fragment links)',
    ],
    [
      'a data: href',
      `<svg ${NS}><image href="data:image/png;base64,AAAA"/></svg>`,
      'has href="data:image/png;base64,AAAA" (only #fragment links)',
    ],
    [
      'a <style> with @import',
      `<svg ${NS}><style>@import "https://evil.example/a.css";</style></svg>`,
      'has a <style> with @import',
    ],
    [
      'a <style> with an external url()',
      `<svg ${NS}><style><![CDATA[rect { fill: url(https://evil.example/p.svg#a); }]]></style></svg>`,
      'has a <style> with url() naming another file',
    ],
    [
      'a style attribute with an external url()',
      `<svg ${NS}><rect style="fill: url('https://evil.example/p.svg')"/></svg>`,
      'has url() naming another file in style (only url(#id))',
    ],
    [
      'a DOCTYPE',
      `<!DOCTYPE svg [<!ENTITY x "y">]><svg ${NS}/>`,
      'has a DOCTYPE (entities are not allowed)',
    ],
    [
      'an xml-stylesheet instruction',
      `<?xml-stylesheet href="https://evil.example/a.css"?><svg ${NS}/>`,
      'has a processing instruction <?xml-stylesheet?> (none is allowed)',
    ],
    [
      'a root that is not SVG',
      '<svg><rect/></svg>',
      'must have an <svg xmlns="http://www.w3.org/2000/svg"> root element',
    ],
  ])('should refuse %s', (_what, svg, problem) => {
    expect(checkLogoSvg(svg)).toContain(problem);
  });

  it('should refuse malformed XML with the parser message', () => {
    expect(checkLogoSvg(`<svg ${NS}><rect></svg>`)[0]).toMatch(/^is not well-formed XML \(/);
  });

  it(`should refuse a logo over ${LOGO_MAX_BYTES} bytes`, () => {
    const svg = `<svg ${NS}><!-- ${'x'.repeat(LOGO_MAX_BYTES)} --></svg>`;
    expect(checkLogoSvg(svg)).toEqual([
      `is ${Buffer.byteLength(svg)} bytes; a logo may have at most ${LOGO_MAX_BYTES}`,
    ]);
  });
});
