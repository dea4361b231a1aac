import { readdir } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';

/** A percent-encoded unreserved character (RFC 3986 §2.3) or slash. */
const ENCODED_UNRESERVED = /%(2[def]|3\d|[46][1-9a-f]|[57][\da]|5f|7e)/i;

/**
 * The set of files in the static output, read once at start-up: lookups never touch the disk, so
 * no request path (`..`, encoded slashes, NUL bytes) can reach a file outside the folder.
 */
export class StaticFileIndex {
  readonly #files: ReadonlySet<string>;

  private constructor(files: ReadonlySet<string>) {
    this.#files = files;
  }

  static async load(root: string): Promise<StaticFileIndex> {
    const entries = await readdir(root, { recursive: true, withFileTypes: true });
    const files = new Set<string>();
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const path = relative(root, join(entry.parentPath, entry.name)).split(sep).join('/');
      files.add(`/${path}`);
    }
    return new StaticFileIndex(files);
  }

  /**
   * Resolves a URL path to the file that answers it, as a static host would (directory index). A
   * path that percent-encodes a character it need not (a letter, digit, `-`, `.`, `_`, `~` or
   * `/`: `/robots%2etxt`, `/oauth/%63laim`) names no file: vercel.json's header rules match the
   * path as written, so such a spelling would reach the file without its surface's headers.
   * @see RFC 3986 §2.3, §6.2.2.2 (unreserved characters are not to be encoded)
   */
  resolve(pathname: string): string | undefined {
    if (ENCODED_UNRESERVED.test(pathname)) return undefined;
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return undefined;
    }
    const base = decoded.endsWith('/') ? decoded.slice(0, -1) : decoded;
    const candidates = decoded.endsWith('/')
      ? [`${base}/index.html`]
      : [decoded, `${base}/index.html`];
    return candidates.find((candidate) => this.#files.has(candidate));
  }
}
