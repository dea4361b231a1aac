import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import {
  checkLogoAgainstAllowList,
  checkLogoSvg as checkXml,
  LOGO_MAX_BYTES,
} from '../../src/site-content/brand-logo.ts';
import { SVG_SCRIPT_VECTORS } from '../fixtures/svg-script-vectors.ts';
import {
  FIXTURE_COMPANY_NAMES,
  loadFixtureContent,
  resolveFixtureDir,
} from '../support/fixture-content.ts';

const NS = 'xmlns="http://www.w3.org/2000/svg"';
const XLINK = 'xmlns:xlink="http://www.w3.org/1999/xlink"';

/** Both passes, as the build runs them: the XML rules, then the allow-list on a logo they pass. */
async function checkLogoSvg(svg: string): Promise<string[]> {
  const problems = checkXml(svg);
  return problems.length > 0 ? problems : checkLogoAgainstAllowList(svg);
}

// The first check loads jsdom, which takes seconds on a busy machine.
describe('checkLogoSvg', { timeout: 30_000 }, () => {
  it.each(FIXTURE_COMPANY_NAMES)(
    'should accept the logo of the fixture company %s',
    async (name) => {
      const { company } = await loadFixtureContent(name);
      expect(
        await checkLogoSvg(await readFile(`${resolveFixtureDir(name)}/${company.logo}`, 'utf8')),
      ).toEqual([]);
    },
  );

  it('should accept fragment links, url(#id) paints and a plain <style>', async () => {
    const svg = `<svg ${NS} ${XLINK} viewBox="0 0 8 8"><defs><linearGradient id="g"/><circle id="c" r="2"/></defs><style>circle { fill: url(#g); }</style><use href="#c"/><use xlink:href="#c"/><rect width="8" height="8" fill="url(#g)"/></svg>`;
    expect(await checkLogoSvg(svg)).toEqual([]);
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
      'has a <style> with @import (loads or runs something)',
    ],
    [
      'a <style> with an external url()',
      `<svg ${NS}><style><![CDATA[rect { fill: url(https://evil.example/p.svg#a); }]]></style></svg>`,
      'has a <style> with url() naming another file (only url(#id))',
    ],
    [
      'a style attribute with an external url()',
      `<svg ${NS}><rect style="fill: url('https://evil.example/p.svg')"/></svg>`,
      'has url() naming another file (only url(#id)) in style',
    ],
    [
      'a <set> that turns a link into javascript:',
      `<svg ${NS}><a><set attributeName="href" to="data:text/html,x"/><rect/></a></svg>`,
      'has a <set> element, which the SVG allow-list does not allow',
    ],
    [
      'an <animate> whose values hold javascript:',
      `<svg ${NS}><a><animate attributeName="href" values="#a;data:text/html,x"/><rect/></a></svg>`,
      'has a <animate> element, which the SVG allow-list does not allow',
    ],
    [
      'an <animateTransform> targeting href',
      `<svg ${NS}><a><animateTransform attributeName="href" values="data:,x"/><rect/></a></svg>`,
      'has attributeName="href" on <animateTransform>, which the SVG allow-list does not allow',
    ],
    [
      'a CSS escape spelling url(',
      `<svg ${NS}><rect style="fill: u\\72l(https://evil.example/p)"/></svg>`,
      'has a CSS escape (\\) in style',
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
  ])('should refuse %s', async (_what, svg, problem) => {
    expect(await checkLogoSvg(svg)).toContain(problem);
  });

  it.each(SVG_SCRIPT_VECTORS)('should refuse the known vector: %s', async (_family, svg) => {
    expect(await checkLogoSvg(svg)).not.toEqual([]);
  });

  it('should refuse malformed XML with the parser message', async () => {
    expect((await checkLogoSvg(`<svg ${NS}><rect></svg>`))[0]).toMatch(
      /^is not well-formed XML \(/,
    );
  });

  it(`should refuse a logo over ${LOGO_MAX_BYTES} bytes`, async () => {
    const svg = `<svg ${NS}><!-- ${'x'.repeat(LOGO_MAX_BYTES)} --></svg>`;
    expect(await checkLogoSvg(svg)).toEqual([
      `is ${Buffer.byteLength(svg)} bytes; a logo may have at most ${LOGO_MAX_BYTES}`,
    ]);
  });
});
