/**
 * The built pages' sections as the MCP function carries them: the search index file
 * (`/search-index.json`) compressed with Brotli and written as Base64 into a generated module, so
 * the function ships about a sixth of the bytes and reads no file at run time.
 * @see https://www.rfc-editor.org/rfc/rfc7932
 */
import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';
import { parsePageSearchFile, type PageSearchFile } from '../documents/page-search.ts';

/** Packs the search index file's text. */
export function packPageSections(json: string): string {
  return brotliCompressSync(Buffer.from(json, 'utf8'), {
    params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
  }).toString('base64');
}

/** Unpacks what `packPageSections` packed; throws on anything else, which only a broken build gives. */
export function unpackPageSections(packed: string): PageSearchFile {
  return parsePageSearchFile(brotliDecompressSync(Buffer.from(packed, 'base64')).toString('utf8'));
}
