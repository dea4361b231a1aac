import { readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  checkProductImage,
  PRODUCT_IMAGE_MAX_BYTES,
} from '../../src/site-content/product-image.ts';
import { imageSize } from 'image-size';
import { IMAGE_VARIANT_WIDTHS, makeImageVariants } from '../../src/integrations/image-variants.ts';
import {
  copyFixtureContent,
  editContentFile,
  loadFixtureContent,
  readContentIssues,
  removeContentCopy,
  resolveFixtureDir,
} from '../support/fixture-content.ts';

/** The head of a PNG of this size: the signature and the IHDR chunk (what image-size reads). */
function pngOfSize(width: number, height: number): Uint8Array {
  const bytes = new Uint8Array(33);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13], 0);
  bytes.set(new TextEncoder().encode('IHDR'), 12);
  const view = new DataView(bytes.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  bytes.set([8, 6, 0, 0, 0], 24);
  return bytes;
}

const svgOfBox = (width: number, height: number, inside = '') =>
  new TextEncoder().encode(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}"><rect width="${width}" height="${height}" fill="#8a3b12"/>${inside}</svg>`,
  );

describe('checkProductImage', () => {
  it('should give the media type and pixel size of a WebP, and the viewBox of an SVG', async () => {
    const webp = await readFile(join(resolveFixtureDir('rich'), 'fournil-plan.webp'));
    expect(checkProductImage('fournil-plan.webp', webp)).toEqual({
      ok: true,
      facts: { mediaType: 'image/webp', width: 1200, height: 750 },
    });
    expect(checkProductImage('plan.svg', svgOfBox(640, 400))).toEqual({
      ok: true,
      facts: { mediaType: 'image/svg+xml', width: 640, height: 400 },
    });
    expect(checkProductImage('plan.jpeg', pngOfSize(1200, 800))).toMatchObject({ ok: false });
  });

  it.each([
    [
      'a bitmap too narrow',
      'a.png',
      pngOfSize(400, 300),
      'is 400 pixels wide; a product image must be 600 to 2400',
    ],
    [
      'a bitmap too high',
      'a.png',
      pngOfSize(2000, 2450),
      'is 2450 pixels high; a product image must be 300 to 2400',
    ],
    [
      'a band too thin',
      'a.png',
      pngOfSize(2000, 600),
      'is 2000 by 600, a width 3.33 times its height; it must be 0.8 to 2.5 times',
    ],
    [
      'a tall SVG',
      'a.svg',
      svgOfBox(100, 400),
      'is 100 by 400, a width 0.25 times its height; it must be 0.8 to 2.5 times',
    ],
    [
      'a PNG named .webp',
      'a.webp',
      pngOfSize(1200, 800),
      'holds a PNG image; its name must end in .png',
    ],
    [
      'text named .png',
      'a.png',
      new TextEncoder().encode('not an image at all'),
      'is not an image the site serves (unknown); use SVG, WebP, PNG or JPEG',
    ],
    [
      'an SVG with a script',
      'a.svg',
      svgOfBox(640, 400, '<script>alert(1)</script>'),
      'has a <script> element',
    ],
    [
      'an SVG without a size',
      'a.svg',
      new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>'),
      'has no width and height (an SVG needs a viewBox)',
    ],
  ])('should refuse %s, saying why', (_, file, bytes, problem) => {
    expect(checkProductImage(file, bytes)).toEqual({ ok: false, problems: [problem] });
  });

  it('should refuse an image over the byte budget before reading it', () => {
    const bytes = new Uint8Array(PRODUCT_IMAGE_MAX_BYTES + 1);
    bytes.set(pngOfSize(1200, 800));
    expect(checkProductImage('a.png', bytes)).toEqual({
      ok: false,
      problems: [
        `is ${PRODUCT_IMAGE_MAX_BYTES + 1} bytes; a product image may have at most ${PRODUCT_IMAGE_MAX_BYTES} (the home page keeps to 80 KB)`,
      ],
    });
  });
});

describe('makeImageVariants', { timeout: 60_000 }, () => {
  it('should draw a wide bitmap again, as WebP, at each smaller width of the srcset', async () => {
    const webp = await readFile(join(resolveFixtureDir('rich'), 'fournil-plan.webp'));
    const variants = await makeImageVariants(webp, 'image/webp', 1200);
    expect(variants.map((variant) => [variant.width, variant.height])).toEqual(
      IMAGE_VARIANT_WIDTHS.map((width) => [width, Math.round((width * 750) / 1200)]),
    );
    for (const variant of variants) {
      expect(imageSize(variant.webp)).toMatchObject({
        type: 'webp',
        width: variant.width,
        height: variant.height,
      });
      expect(variant.webp.byteLength).toBeLessThan(webp.byteLength);
    }
  });

  it('should leave an SVG, and a bitmap no wider than the smallest width, as they are', async () => {
    expect(await makeImageVariants(svgOfBox(640, 400), 'image/svg+xml', 640)).toEqual([]);
    expect(await makeImageVariants(pngOfSize(480, 300), 'image/png', 480)).toEqual([]);
  });
});

describe('readSiteContent: the product image', () => {
  let dir: string;

  beforeEach(async () => {
    dir = await copyFixtureContent('rich', 'product-image-test-');
  });

  afterEach(() => removeContentCopy(dir));

  const editProduct = (change: (text: string) => string) =>
    editContentFile(dir, 'product.md', change);
  const issuesOf = () => readContentIssues(dir);

  it('should read the rich fixture with its image and the minimal one without', async () => {
    const rich = await loadFixtureContent('rich');
    expect(rich.product.image).toEqual({
      file: 'fournil-plan.webp',
      alt: expect.stringMatching(/^The Fournil plan for one morning: .{40,}\.$/),
    });
    const minimal = await loadFixtureContent('minimal');
    expect(minimal.product).not.toHaveProperty('image');
  });

  it('should require the alt text, naming product.md and the field', async () => {
    await editProduct((text) => text.replace(/^ {2}alt: .*\n/m, ''));
    expect(await issuesOf()).toEqual(['content/product.md: image.alt: is required']);
    await editProduct((text) => text.replace(/^ {2}file: (.*)$/m, "  file: $1\n  alt: ' '"));
    expect(await issuesOf()).toEqual([
      'content/product.md: image.alt: must not be empty: say what the image shows',
    ]);
  });

  it.each(['fournil-plan.gif', 'Fournil-Plan.webp', 'fournil_plan.webp', 'fournil-plan.WEBP'])(
    'should refuse the file name %s, saying the rule it breaks',
    async (name) => {
      await editProduct((text) => text.replace('fournil-plan.webp', name));
      expect(await issuesOf()).toEqual([
        `content/product.md: image.file: must be a file name in kebab-case (lower-case letters a to z, digits and single hyphens) ending in .svg, .webp, .png, .jpg or .jpeg, e.g. product.webp (it is "${name}"): rename the file in content/ to match, then the file itself is checked`,
      ]);
    },
  );

  it('should name the missing file', async () => {
    await unlink(join(dir, 'fournil-plan.webp'));
    expect(await issuesOf()).toEqual([
      'content/product.md: image.file: names content/fournil-plan.webp, which is missing or unreadable',
    ]);
  });

  it('should name the file and every rule a bad image breaks', async () => {
    await writeFile(join(dir, 'fournil-plan.webp'), pngOfSize(500, 100));
    expect(await issuesOf()).toEqual([
      'content/product.md: image.file: content/fournil-plan.webp holds a PNG image; its name must end in .png',
    ]);
    await editProduct((text) => text.replace('fournil-plan.webp', 'fournil-plan.png'));
    await writeFile(join(dir, 'fournil-plan.png'), pngOfSize(500, 100));
    expect(await issuesOf()).toEqual([
      'content/product.md: image.file: content/fournil-plan.png is 500 pixels wide; a product image must be 600 to 2400',
      'content/product.md: image.file: content/fournil-plan.png is 100 pixels high; a product image must be 300 to 2400',
      'content/product.md: image.file: content/fournil-plan.png is 500 by 100, a width 5.00 times its height; it must be 0.8 to 2.5 times',
    ]);
  });
});
