import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import decodeJpeg, { init as initJpegDecode } from '@jsquash/jpeg/decode.js';
import decodePng, { init as initPngDecode } from '@jsquash/png/decode.js';
import resize, { initResize } from '@jsquash/resize';
import decodeWebp, { init as initWebpDecode } from '@jsquash/webp/decode.js';
import encodeWebp, { init as initWebpEncode } from '@jsquash/webp/encode.js';
import { imageSize } from 'image-size';

/**
 * The widths the build also draws a bitmap product image at, as WebP, for `srcset`: a phone's
 * column (about 360 CSS pixels at 1.3x, 2x and 2.6x) and the hero's column beside the words
 * (about 560 CSS pixels at 1x and 1.5x). The file as given stays the widest candidate.
 */
export const IMAGE_VARIANT_WIDTHS = [480, 720, 960] as const;

/** The quality of the WebP variants (libwebp's 0 to 100). */
const WEBP_QUALITY = 80;

const require = createRequire(import.meta.url);
let codecs: Promise<unknown> | undefined;

/**
 * Loads the Squoosh codecs (`@jsquash/*`, WebAssembly: no native code) once. Their glue would
 * fetch the .wasm files by URL, which Node cannot do for files, so they are compiled here.
 */
function loadCodecs(): Promise<unknown> {
  const compile = async (file: string) =>
    WebAssembly.compile(await readFile(require.resolve(file)));
  codecs ??= Promise.all([
    compile('@jsquash/webp/codec/dec/webp_dec.wasm').then((module) => initWebpDecode(module)),
    compile('@jsquash/webp/codec/enc/webp_enc.wasm').then((module) => initWebpEncode(module)),
    compile('@jsquash/png/codec/pkg/squoosh_png_bg.wasm').then((module) => initPngDecode(module)),
    compile('@jsquash/jpeg/codec/dec/mozjpeg_dec.wasm').then((module) => initJpegDecode(module)),
    compile('@jsquash/resize/lib/resize/pkg/squoosh_resize_bg.wasm').then((module) =>
      initResize(module),
    ),
  ]);
  return codecs;
}

/** One smaller copy of an image: its size and its WebP bytes. */
export interface ImageVariant {
  readonly width: number;
  readonly height: number;
  readonly webp: Uint8Array;
}

/**
 * The smaller copies of a bitmap for `srcset`, one per IMAGE_VARIANT_WIDTHS below its own width
 * (Lanczos3, WebP at quality 80), so a phone or a 1x screen does not fetch pixels it cannot show.
 * None for an SVG, which is drawn at any size, nor for a JPEG its EXIF turns or mirrors: the
 * browser turns the file, and a copy without the EXIF would show it unturned.
 */
export async function makeImageVariants(
  bytes: Uint8Array,
  mediaType: string,
  width: number,
): Promise<ImageVariant[]> {
  const widths = IMAGE_VARIANT_WIDTHS.filter((target) => target < width);
  if (widths.length === 0 || mediaType === 'image/svg+xml') return [];
  if (mediaType === 'image/jpeg' && (imageSize(bytes).orientation ?? 1) !== 1) return [];
  await loadCodecs();
  const buffer = bytes.slice().buffer;
  const image =
    mediaType === 'image/webp'
      ? await decodeWebp(buffer)
      : mediaType === 'image/png'
        ? await decodePng(buffer)
        : await decodeJpeg(buffer);
  const variants: ImageVariant[] = [];
  for (const target of widths) {
    const height = Math.round((image.height * target) / image.width);
    const smaller = await resize(image, { width: target, height, method: 'lanczos3' });
    const webp = new Uint8Array(await encodeWebp(smaller, { quality: WEBP_QUALITY }));
    variants.push({ width: target, height, webp });
  }
  return variants;
}
