import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { isNotModified } from '../http/conditional-get.ts';
import { readFileHeaders, type FileHeaders } from './disk-files.ts';

/** Which static files are kept in memory, and how much memory they may take in all. */
export const MEMORY_FILE_LIMITS = {
  /** Files up to this size are kept; larger ones are streamed from disk. */
  fileBytes: 64 * 1024,
  /** Once kept files reach this total, no more are kept. */
  totalBytes: 16 * 1024 * 1024,
} as const;

/**
 * Names kept in memory: plain path characters only, and no dot-file (sirv serves none but
 * `.well-known`), so every kept file is one sirv would find under `encodeURI(file)`.
 */
const KEPT_NAME = /^(\/[A-Za-z0-9_~-][A-Za-z0-9._~-]*)+$/;
const WELL_KNOWN_NAME = /^\/\.well-known(\/[A-Za-z0-9_~-][A-Za-z0-9._~-]*)+$/;

interface MemoryFile {
  readonly body: Buffer;
  /** The headers sirv derives from the file: length, media type, Last-Modified and ETag. */
  readonly headers: FileHeaders;
}

/**
 * Small static files held in memory after their first request, answered exactly as sirv
 * (`dev: false, etag: true`) answers them from disk: the same headers, headers already set on the
 * response taking precedence. Conditional requests are not sirv's: `isNotModified` decides the 304
 * (sirv compares If-None-Match as one string and ignores If-Modified-Since), and the 304 carries
 * the validators (sirv's has none). A finished build never changes, so neither do they. Until a
 * file is loaded (and for every other file) `send` declines and the caller streams it from disk
 * (`DiskFiles`, which answers the same way).
 */
export class MemoryFiles {
  readonly #root: string;
  readonly #files = new Map<string, MemoryFile | 'loading' | 'declined'>();
  #bytes = 0;

  constructor(root: string) {
    this.#root = root;
  }

  /** Bytes of file content held now. */
  get bytes(): number {
    return this.#bytes;
  }

  /**
   * Answers the request with `file` (a path from the static index) when it is held, and returns
   * true; otherwise starts loading it, when it qualifies, and returns false.
   */
  send(req: IncomingMessage, res: ServerResponse, file: string): boolean {
    const entry = this.#files.get(file);
    if (entry === undefined) {
      this.#load(file);
      return false;
    }
    if (typeof entry === 'string') return false;
    const { ETag: etag, 'Last-Modified': lastModified } = entry.headers;
    if (isNotModified(req.headers, etag, lastModified)) {
      // The validators, with the Cache-Control and Vary the caller set. @see RFC 9110 §15.4.5
      res.writeHead(304, { ETag: etag, 'Last-Modified': lastModified }).end();
      return true;
    }
    const headers: OutgoingHttpHeaders = { ...entry.headers };
    for (const name in headers) {
      const set = res.getHeader(name);
      if (set) headers[name] = set;
    }
    const type = res.getHeader('content-type');
    if (type) headers['Content-Type'] = type;
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : entry.body);
    return true;
  }

  #load(file: string): void {
    // sirv sends `.br` and `.gz` files with a Content-Encoding: they stay with it.
    const named = KEPT_NAME.test(file) || WELL_KNOWN_NAME.test(file);
    if (!named || file.endsWith('.br') || file.endsWith('.gz')) {
      this.#files.set(file, 'declined');
      return;
    }
    this.#files.set(file, 'loading');
    const path = join(this.#root, file);
    stat(path)
      .then(async (stats) => {
        const fits =
          stats.isFile() &&
          stats.size <= MEMORY_FILE_LIMITS.fileBytes &&
          this.#bytes + stats.size <= MEMORY_FILE_LIMITS.totalBytes;
        if (!fits) return 'declined' as const;
        // Counted before the read, so files loading at once cannot pass the total together.
        this.#bytes += stats.size;
        const body = await readFile(path).catch(() => undefined);
        if (body?.length !== stats.size) {
          this.#bytes -= stats.size;
          return 'declined' as const;
        }
        // Never a `.br` or `.gz` name (declined above), so no Content-Encoding among them.
        return { body, headers: readFileHeaders(file, stats) };
      })
      .catch(() => 'declined' as const)
      .then((entry) => this.#files.set(file, entry));
  }
}
