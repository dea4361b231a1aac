import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { SiteContent } from '../../src/schemas/site-content.ts';
import { useTestBrowser } from '../support/browser.ts';
import { ROOT } from '../support/processes.ts';
import { loadSampleContent } from '../support/sample-content.ts';

const baseUrl = inject('baseUrl');
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const { browser } = useTestBrowser();
let content: SiteContent;

beforeAll(async () => {
  content = await loadSampleContent();
});

/** A PNG's size from its IHDR chunk, after checking the signature. @see RFC 2083 §11.2.2 */
function readPngSize(bytes: Uint8Array): { width: number; height: number } {
  expect([...bytes.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  expect(new TextDecoder().decode(bytes.subarray(12, 16))).toBe('IHDR');
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

function rgbOf(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

describe('brand', () => {
  it('should show the logo beside the company name in the header, in both themes', async () => {
    for (const [colorScheme, accent] of [
      ['light', content.company.accentColor],
      ['dark', content.company.accentColorDark],
    ] as const) {
      const context = await browser.newContext({ colorScheme });
      const page = await context.newPage();
      await page.goto(`${baseUrl}/docs`);
      const brand = page.locator('header .brand');
      // Static markup, there once the page has loaded: nothing to poll for (a poll's 1 s limit
      // failed on a busy machine while one innerText of /docs took longer).
      expect(await brand.innerText()).toBe(content.company.alternateName);
      const logo = brand.locator('img');
      expect(await logo.getAttribute('src')).toBe('/favicon.svg');
      expect(await logo.getAttribute('alt')).toBe('');
      // Loaded (an SVG without width has a natural width of 150) and drawn at 32 px.
      expect(
        await logo.evaluate((img: HTMLImageElement) => [
          img.complete && img.naturalWidth > 0,
          img.getBoundingClientRect().width,
        ]),
      ).toEqual([true, 32]);
      // The accent colour of content/company.yaml is the links' colour in this theme (the name
      // beside the logo is in the text colour, as a page's title).
      const link = page.locator('footer a[href="/llms.txt"]');
      expect(await link.evaluate((element) => getComputedStyle(element).color)).toBe(rgbOf(accent));
      await context.close();
    }
  });

  it('should serve the logo of content/ as the SVG favicon and a 180x180 touch icon', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/`);
    expect(await page.locator('link[rel="icon"]').getAttribute('href')).toBe('/favicon.svg');
    expect(await page.locator('link[rel="icon"]').getAttribute('type')).toBe('image/svg+xml');
    const touchHref = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
    await page.close();
    const favicon = await fetch(`${baseUrl}/favicon.svg`);
    expect(favicon.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(await favicon.text()).toBe(
      await readFile(`${ROOT}content/${content.company.logo}`, 'utf8'),
    );
    const touch = await fetch(`${baseUrl}${touchHref}`);
    expect(touch.headers.get('content-type')).toBe('image/png');
    expect(readPngSize(new Uint8Array(await touch.arrayBuffer()))).toEqual({
      width: 180,
      height: 180,
    });
  });

  it('should publish a 1200x630 PNG Open Graph image with og:image and twitter:card', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/developers`);
    const meta = (selector: string) => page.locator(selector).getAttribute('content');
    const image = await meta('meta[property="og:image"]');
    expect(image).toBe(`${baseUrl}/og-image.png`);
    expect(await meta('meta[property="og:image:width"]')).toBe('1200');
    expect(await meta('meta[property="og:image:height"]')).toBe('630');
    expect(await meta('meta[property="og:image:alt"]')).toContain(content.company.tagline);
    expect(await meta('meta[name="twitter:card"]')).toBe('summary_large_image');
    expect(await meta('meta[name="twitter:image"]')).toBe(image);
    // language_TERRITORY, as Open Graph writes a locale, in the content's language.
    const locale = await meta('meta[property="og:locale"]');
    expect(locale).toMatch(/^[a-z]{2,3}_(?:[A-Z]{2}|\d{3})$/);
    expect(locale?.split('_')[0]).toBe(new Intl.Locale(content.company.locale).language);
    await page.close();
    const answer = await fetch(image ?? '');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('image/png');
    expect(readPngSize(new Uint8Array(await answer.arrayBuffer()))).toEqual({
      width: 1200,
      height: 630,
    });
  });
});
