import { open, type FileHandle } from 'node:fs/promises';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { lookup } from 'mrmime';
import { isNotModified } from '../http/conditional-get.ts';
import type { FailureLog } from '../http/problem.ts';

/** sirv sends a `.br` or `.gz` file with the coding its name says. */
const CODING_BY_SUFFIX: Readonly<Record<string, string>> = { '.br': 'br', '.gz': 'gzip' };

/** A static file's headers, its validators named. */
export type FileHeaders = OutgoingHttpHeaders & {
  readonly ETag: string;
  readonly 'Last-Modified': string;
};

/**
 * The headers a static file is sent with, exactly as sirv (`etag: true`) derives them from the
 * file's size and modification time: length, media type (HTML with its charset), Last-Modified,
 * a weak ETag, and a Content-Encoding for `.br` and `.gz` names.
 */
export function readFileHeaders(file: string, stats: { size: number; mtime: Date }): FileHeaders {
  const coding = CODING_BY_SUFFIX[file.slice(-3)];
  let type = lookup(coding ? file.slice(0, -3) : file) ?? '';
  if (type === 'text/html') type += ';charset=utf-8';
  return {
    'Content-Length': stats.size,
    'Content-Type': type,
    'Last-Modified': stats.mtime.toUTCString(),
    ...(coding ? { 'Content-Encoding': coding } : {}),
    ETag: `W/"${stats.size}-${stats.mtime.getTime()}"`,
  };
}

/**
 * Static files streamed from disk, answered as sirv answers them (the same headers, headers
 * already set on the response taking precedence, HEAD without a body) but for conditional requests
 * (`isNotModified` decides the 304, which carries the validators), and safe when the build
 * changes underneath: the file is opened and measured when the request comes, so a file that has
 * vanished gets the caller's 404, one rewritten is read as it is now, and one cut short while it
 * is sent ends the connection (never a body shorter than its Content-Length). Each file's first
 * failure is logged; the process keeps serving.
 */
export class DiskFiles {
  readonly #root: string;
  readonly #log: FailureLog;
  readonly #reported = new Set<string>();

  constructor(root: string, log: FailureLog) {
    this.#root = root;
    this.#log = log;
  }

  /**
   * Answers the request with `file` (a path from the static index), or calls `missing` when it
   * can no longer be opened as a file (nothing has been sent then).
   */
  send(req: IncomingMessage, res: ServerResponse, file: string, missing: () => void): void {
    void this.#send(req, res, file, missing);
  }

  /** Logs the first failure to read `file`, so a vanished build does not flood the log. */
  report(file: string, error: unknown): void {
    if (this.#reported.has(file)) return;
    this.#reported.add(file);
    const code = (error as NodeJS.ErrnoException | undefined)?.code;
    this.#log({
      level: 'warn',
      msg: 'static file changed or vanished while served',
      file,
      error: code ?? String(error),
    });
  }

  async #send(req: IncomingMessage, res: ServerResponse, file: string, missing: () => void) {
    // As sirv: no dot-file but those under .well-known.
    if (/\/\./.test(file) && !/\.well-known\//.test(file)) {
      missing();
      return;
    }
    let handle: FileHandle;
    try {
      handle = await open(join(this.#root, file));
    } catch (error) {
      this.report(file, error);
      missing();
      return;
    }
    let size: number;
    try {
      const stats = await handle.stat();
      if (!stats.isFile()) throw Object.assign(new Error('not a file'), { code: 'EISDIR' });
      size = stats.size;
      const headers = readFileHeaders(file, stats);
      const validators = { ETag: headers.ETag, 'Last-Modified': headers['Last-Modified'] };
      for (const name in headers) {
        const set = res.getHeader(name);
        if (set) headers[name] = set;
      }
      const type = res.getHeader('content-type');
      if (type) headers['Content-Type'] = type;
      const notModified = isNotModified(req.headers, validators.ETag, validators['Last-Modified']);
      if (notModified || req.method === 'HEAD' || size === 0) {
        await handle.close();
        // The validators, with the Cache-Control and Vary the caller set. @see RFC 9110 §15.4.5
        if (notModified) res.writeHead(304, validators).end();
        else res.writeHead(200, headers).end();
        return;
      }
      res.writeHead(200, headers);
    } catch (error) {
      await handle.close().catch(() => undefined);
      this.report(file, error);
      if (res.headersSent) res.destroy();
      else missing();
      return;
    }
    this.#stream(res, file, handle, size);
  }

  /** Sends exactly `size` bytes from the open file, or ends the connection. */
  #stream(res: ServerResponse, file: string, handle: FileHandle, size: number): void {
    const stream = handle.createReadStream({ start: 0, end: size - 1 });
    let sent = 0;
    stream.on('data', (chunk) => {
      sent += chunk.length;
    });
    stream.on('error', (error) => {
      this.report(file, error);
      res.destroy();
    });
    stream.on('end', () => {
      if (sent === size) {
        res.end();
        return;
      }
      this.report(file, new Error(`file cut to ${sent} of ${size} bytes while sent`));
      res.destroy();
    });
    res.on('close', () => stream.destroy());
    stream.pipe(res, { end: false });
  }
}
