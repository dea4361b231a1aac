import { imageSize } from 'image-size';
import { checkLogoSvg } from './brand-logo.ts';

/**
 * The largest product image accepted. The home page must stay within 80 KB transferred, fonts
 * included (issue 27): the page, its stylesheet and scripts take about 30 KB and Inter about
 * 15 KB, which leaves this much for the picture. A WebP about 1200 px wide at quality 70 or a
 * drawn SVG fits.
 */
export const PRODUCT_IMAGE_MAX_BYTES = 32 * 1024;

/**
 * The pixel sizes a bitmap may have: wide enough to stay sharp in the hero's column (about
 * 600 CSS pixels, twice that on a high-density screen), and not so large that a browser decodes
 * pixels it never shows. An SVG is drawn at any size, so only its proportions are held.
 */
export const PRODUCT_IMAGE_WIDTH = { min: 600, max: 2400 } as const;
export const PRODUCT_IMAGE_HEIGHT = { min: 300, max: 2400 } as const;

/** Width over height: from 4:5 (slightly tall) to 5:2 (a wide band); the hero holds either. */
export const PRODUCT_IMAGE_RATIO = { min: 0.8, max: 2.5 } as const;

/** The media type of each kind of file accepted, by what image-size finds in its bytes. */
const MEDIA_TYPES = {
  svg: 'image/svg+xml',
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
} as const;

type ImageKind = keyof typeof MEDIA_TYPES;

/** The file name's extension as the kind it promises (`.jpeg` is a JPEG too). */
function readExtensionKind(file: string): ImageKind | undefined {
  const extension = /\.([a-z]+)$/.exec(file)?.[1];
  if (extension === 'jpeg') return 'jpg';
  return extension && extension in MEDIA_TYPES ? (extension as ImageKind) : undefined;
}

/** What the page needs to show a product image without a layout shift. */
export interface ProductImageFacts {
  readonly mediaType: (typeof MEDIA_TYPES)[ImageKind];
  /** Its width and height in pixels (an SVG's from its viewBox or size), as it is drawn. */
  readonly width: number;
  readonly height: number;
}

/** A checked product image: its facts, or the rules it breaks (each a phrase after its name). */
export type ProductImageCheck =
  | { readonly ok: true; readonly facts: ProductImageFacts }
  | { readonly ok: false; readonly problems: readonly string[] };

/**
 * Checks a product image's bytes against its file name: a kind the site serves (SVG, WebP, PNG,
 * JPEG) that matches the extension, at most PRODUCT_IMAGE_MAX_BYTES, a bitmap's pixel size
 * within PRODUCT_IMAGE_WIDTH and PRODUCT_IMAGE_HEIGHT, proportions within PRODUCT_IMAGE_RATIO,
 * and an SVG safe to serve under the logo's rules (checkLogoSvg; the build adds the allow-list
 * pass). The alt text is the schema's (ProductImageSchema).
 */
export function checkProductImage(file: string, bytes: Uint8Array): ProductImageCheck {
  const fail = (...problems: string[]): ProductImageCheck => ({ ok: false, problems });
  if (bytes.byteLength > PRODUCT_IMAGE_MAX_BYTES) {
    return fail(
      `is ${bytes.byteLength} bytes; a product image may have at most ${PRODUCT_IMAGE_MAX_BYTES} (the home page keeps to 80 KB)`,
    );
  }
  const expected = readExtensionKind(file);
  if (expected === 'svg') {
    const unsafe = checkLogoSvg(new TextDecoder().decode(bytes));
    if (unsafe.length > 0) return fail(...unsafe);
  }
  let size: ReturnType<typeof imageSize> | undefined;
  try {
    size = imageSize(bytes);
  } catch {
    // Not a kind image-size knows: reported below.
  }
  const found = size?.type;
  // image-size reads an SVG's size from its width, height or viewBox, and throws without them.
  if (!size && expected === 'svg') return fail('has no width and height (an SVG needs a viewBox)');
  if (!size || !found || !(found in MEDIA_TYPES)) {
    return fail(
      `is not an image the site serves (${found ?? 'unknown'}); use SVG, WebP, PNG or JPEG`,
    );
  }
  const kind = found as ImageKind;
  if (kind !== expected) {
    return fail(`holds a ${kind.toUpperCase()} image; its name must end in .${kind}`);
  }
  // EXIF orientations 5 to 8 turn a JPEG a quarter: browsers draw it with width and height swapped.
  const turned = (size.orientation ?? 1) >= 5;
  const width = turned ? size.height : size.width;
  const height = turned ? size.width : size.height;
  if (!(width > 0 && height > 0)) return fail('has no width and height (an SVG needs a viewBox)');
  const problems: string[] = [];
  if (kind !== 'svg') {
    for (const [name, value, range] of [
      ['wide', width, PRODUCT_IMAGE_WIDTH],
      ['high', height, PRODUCT_IMAGE_HEIGHT],
    ] as const) {
      if (value < range.min || value > range.max) {
        problems.push(
          `is ${value} pixels ${name}; a product image must be ${range.min} to ${range.max}`,
        );
      }
    }
  }
  const ratio = width / height;
  if (ratio < PRODUCT_IMAGE_RATIO.min || ratio > PRODUCT_IMAGE_RATIO.max) {
    problems.push(
      `is ${width} by ${height}, a width ${ratio.toFixed(2)} times its height; it must be ${PRODUCT_IMAGE_RATIO.min} to ${PRODUCT_IMAGE_RATIO.max} times`,
    );
  }
  if (problems.length > 0) return fail(...problems);
  return { ok: true, facts: { mediaType: MEDIA_TYPES[kind], width, height } };
}
