import type { MEDIA_TYPES } from './media-types.ts';
import { STATIC_FILE_METHODS, type CachePolicy, type CorsPolicy } from './route-policies.ts';

/*
 * The shape of one surface of the route table (routes.ts) and the two ways most surfaces are
 * made, in a module of their own so the table's parts (agent-docs-surfaces.ts) share them without
 * importing the table.
 */

/** What answers a surface: a prerendered file of the build, or a function in `api/`. */
export type SurfaceAnswer =
  /** `file`: the file's name when it differs from the public path (reached by a rewrite). */
  | { readonly kind: 'file'; readonly file?: string }
  /** `name`: the function `api/<name>.js`, served by Vercel at `/api/<name>`. */
  | { readonly kind: 'function'; readonly name: string };

/** Who names the answer's media type. */
export type MediaTypeSource =
  /** A `Content-Type` header rule: prerendered files are written without a type. */
  | 'route'
  /** The static server, from the file's extension (`.html`). */
  | 'extension'
  /** The function's own answer. */
  | 'function';

/** One public surface of the site: every fact the routing of its paths depends on. */
export interface Surface {
  readonly id: string;
  /** Its public paths (patterns of `route-patterns.ts`); a URL belongs to one surface only. */
  readonly paths: readonly string[];
  /** A URL of the surface that the build answers, with the status it answers. */
  readonly sample: { readonly path: string; readonly status: number };
  readonly answer: SurfaceAnswer;
  /** The media type of its answers (undefined: whatever its files are). */
  readonly mediaType?: keyof typeof MEDIA_TYPES;
  readonly mediaTypeSource: MediaTypeSource;
  readonly cache: CachePolicy;
  readonly cors: CorsPolicy;
  /** Its `Link` header. @see RFC 8288 §3 */
  readonly link?: string;
  /** The methods it answers (every other method gets a 405 problem with this `Allow`). */
  readonly methods: readonly string[];
  /** The Markdown mirror served on this path to a client that prefers text/markdown. */
  readonly markdownMirror?: string;
  /**
   * Other spellings the static host answers with the same file (a page's `/docs/` and
   * `/docs/index.html`): they carry the surface's headers, so the file never goes out without
   * them, but are no public path of their own (not listed, linked or negotiated by the table).
   */
  readonly spellings?: readonly string[];
  /**
   * True for a Markdown body served under another media type (llms.txt and llms-full.txt, Markdown
   * files by llmstxt.org, as text/plain): it carries `x-markdown-tokens` as Markdown answers do.
   */
  readonly markdownBody?: boolean;
  /** False for what is no public surface of its own (hashed assets, the site's other files). */
  readonly listed: boolean;
  /**
   * The document its prerendered file holds, by its name among the built site's documents
   * (`src/site/served-documents.ts`): the one generic endpoint, src/pages/[...document].ts, writes
   * it at each literal path (or at the renamed file), so such a surface needs no endpoint file.
   */
  readonly document?: string;
  /**
   * True for a function that reads a bearer token (and so may answer 401): the reference lists
   * 401 among an operation's errors only here.
   */
  readonly checksBearerToken?: boolean;
}

/** The answer of a prerendered file at its own path. */
export const FILE = { kind: 'file' } as const;

/** A prerendered document at its own path, typed by a rule, for agents of any origin. */
export function defineDocument(
  id: string,
  paths: readonly string[],
  options: Pick<Surface, 'mediaType' | 'cache' | 'cors'> & Partial<Surface>,
): Surface {
  const sample = paths[0] ?? '/';
  return {
    id,
    paths,
    sample: { path: sample, status: 200 },
    answer: FILE,
    mediaTypeSource: 'route',
    methods: STATIC_FILE_METHODS,
    listed: true,
    ...options,
  };
}

/** A function of `api/` at a public path (reached by a rewrite). */
export function defineFunction(
  name: string,
  path: string,
  options: Pick<Surface, 'methods' | 'cors' | 'sample'> & Partial<Surface>,
): Surface {
  return {
    id: name,
    paths: [path],
    answer: { kind: 'function', name },
    mediaType: 'json',
    mediaTypeSource: 'function',
    cache: 'set-by-function',
    listed: true,
    ...options,
  };
}
