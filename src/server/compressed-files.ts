import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/** The encodings the local server sends, best first. */
export type ContentCoding = 'br' | 'gzip';

const compress = {
  br: promisify(brotliCompress),
  gzip: promisify(gzip),
};

/** Media types worth compressing: text of every kind, JSON, XML, JavaScript and SVG. */
const COMPRESSIBLE = /^(text\/|application\/([a-z.+-]*\+)?(json|xml|javascript)\b|image\/svg\+xml)/;

/** Files smaller than this gain nothing from compression. */
const MIN_SIZE = 1024;

/** A compressed file, ready to send. */
export interface EncodedFile {
  readonly body: Buffer;
  readonly coding: ContentCoding;
  /** A validator of this encoding (RFC 9110 §8.8.3: each representation has its own). */
  readonly etag: string;
  readonly lastModified: string;
}

/**
 * The coding to send for an Accept-Encoding header: of Brotli and gzip, the one the client weighs
 * higher (its q-value, 1 when it gives none; `*` weighs every coding it does not name), Brotli on
 * a tie; undefined when it weighs both at zero or names neither.
 * @see RFC 9110 §12.5.3
 */
export function chooseContentCoding(acceptEncoding: string | undefined): ContentCoding | undefined {
  if (!acceptEncoding) return undefined;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [coding = '', ...params] = part.split(';').map((piece) => piece.trim());
    const q = params.find((param) => param.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(coding, Number.isFinite(weight) ? weight : 0);
  }
  const weigh = (coding: ContentCoding) => weights.get(coding) ?? weights.get('*') ?? 0;
  const br = weigh('br');
  const gzip = weigh('gzip');
  if (br <= 0 && gzip <= 0) return undefined;
  return br >= gzip ? 'br' : 'gzip';
}

/**
 * Compressed copies of the static output's text files, made on first request and kept (a
 * finished build never changes, so neither do they). Vercel compresses at its edge; this gives
 * the local server the same small transfers.
 */
export class CompressedFiles {
  readonly #root: string;
  readonly #cache = new Map<string, Promise<EncodedFile | undefined>>();

  constructor(root: string) {
    this.#root = root;
  }

  /**
   * The file (a path from the static index) in `coding`, or undefined when its media type is not
   * worth compressing or it is too small.
   */
  get(file: string, mediaType: string, coding: ContentCoding): Promise<EncodedFile | undefined> {
    if (!COMPRESSIBLE.test(mediaType)) return Promise.resolve(undefined);
    const key = `${coding} ${file}`;
    let entry = this.#cache.get(key);
    if (!entry) {
      entry = this.#encode(file, coding);
      this.#cache.set(key, entry);
      // A file that could not be read (it vanished with a rebuild) is tried again next time.
      entry.catch(() => this.#cache.delete(key));
    }
    return entry;
  }

  async #encode(file: string, coding: ContentCoding): Promise<EncodedFile | undefined> {
    const path = join(this.#root, file);
    const [content, stats] = await Promise.all([readFile(path), stat(path)]);
    if (content.length < MIN_SIZE) return undefined;
    const body =
      coding === 'br'
        ? await compress.br(content, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 9,
              [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          })
        : await compress.gzip(content, { level: 9 });
    return {
      body,
      coding,
      etag: `W/"${stats.size}-${stats.mtime.getTime()}-${coding}"`,
      lastModified: stats.mtime.toUTCString(),
    };
  }
}
