import { existsSync, readFileSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { PAGE_NAMES, type SiteContent } from '../schemas/site-content.ts';
import { decodeHtmlEntities } from '../service/escape-html.ts';
import type { RouteTable } from '../service/routes.ts';
import { CHANGELOG_PAGE_SLUG } from './changelog-page.ts';
import { dropAccents } from './latin-letters.ts';
import { isLinkWithinSite, listMarkdownLinkLines } from './parse-markdown-outline.ts';
import { normalizeContentText, splitContentFile } from './content-file-text.ts';
import { decodeFragment } from '../service/urls.ts';

/** A Markdown body of content/: the file it is written in and the path of the page it shows on. */
export interface LinkedBody {
  /** Its file, relative to the content folder (`copy/about.md`). */
  readonly file: string;
  /** The page it shows on, which a relative link is resolved against. */
  readonly page: string;
  readonly markdown: string;
}

/** A link of a body to a path of the site that the site does not publish, or to a part of a page it has not. */
export interface DeadLink {
  readonly file: string;
  /** Its line in the body, from 1. */
  readonly line: number;
  /** The link as written. */
  readonly url: string;
  /** The path it names on the site. */
  readonly path: string;
  /** What is missing: the page (or file), or the part of the page the fragment names. */
  readonly missing: 'page' | 'part';
  /** The id of the page's one part that the fragment names but for accents and case. */
  readonly nearPart?: string;
}

/**
 * What a link finds on the built site: its page, and the part of it its fragment names; or, where
 * that part is missing, the page's one part whose id differs from the fragment only in accents
 * and case (`#gia-gia-cong` for `#giá-gia-công`, an id a heading keeps its accents in).
 */
export type LinkFinding = 'found' | 'no page' | 'no part' | { readonly nearPart: string };

/** Every Markdown body of content/, with its file and page (the changelog's entries one by one). */
export function listLinkedBodies(content: SiteContent): LinkedBody[] {
  return [
    { file: 'product.md', page: '/', markdown: content.product.body },
    ...content.copy.map((section) => ({
      file: `copy/${section.slug}.md`,
      page: '/',
      markdown: section.body,
    })),
    ...PAGE_NAMES.map((name) => ({
      file: `pages/${name}.md`,
      page: name === 'home' ? '/' : `/${name}`,
      markdown: content.pages[name].body,
    })),
    ...content.contentPages
      .filter((page) => page.slug !== CHANGELOG_PAGE_SLUG)
      .map((page) => ({
        file: `pages/${page.slug}.md`,
        page: `/${page.slug}`,
        markdown: page.body,
      })),
    ...content.changelog.map((entry) => ({
      file: `changelog/${entry.slug}.md`,
      page: `/${CHANGELOG_PAGE_SLUG}`,
      markdown: entry.body,
    })),
  ];
}

/** The origin relative links are resolved against: any, since only their path is read. */
const SOME_ORIGIN = 'https://site.invalid';

/**
 * The links of the bodies to the site (`/pricing`, `brochure.pdf`, `#pricing`,
 * `/developers#oauth`, resolved against the body's page) that `find` does not find. Links
 * elsewhere (`https:`, `mailto:`, `//host`) are not read; `#` and `#top` name the top of the page.
 * @see https://html.spec.whatwg.org/multipage/browsing-the-web.html#find-a-potential-indicated-element
 */
export function findDeadLinks(
  bodies: readonly LinkedBody[],
  find: (path: string, fragment: string | undefined) => LinkFinding,
): DeadLink[] {
  return bodies.flatMap(({ file, page, markdown }) =>
    listMarkdownLinkLines(markdown).flatMap(({ url, line }): DeadLink[] => {
      if (!isLinkWithinSite(url)) return [];
      const resolved = new URL(url, SOME_ORIGIN + page);
      const fragment = resolved.hash ? decodeFragment(resolved.hash.slice(1)) : undefined;
      // An empty fragment, and `#top` with no element of that id, lead to the top of the page.
      const part = fragment && !/^top$/i.test(fragment) ? fragment : undefined;
      const finding = find(resolved.pathname, part);
      if (finding === 'found') return [];
      return [
        {
          file,
          line,
          url,
          path: resolved.pathname,
          missing: finding === 'no page' ? 'page' : 'part',
          ...(typeof finding === 'object' ? finding : {}),
        },
      ];
    }),
  );
}

/** True for a file (not a folder) at this path. */
const isFile = (path: string) => existsSync(path) && statSync(path).isFile();

/** The file of the static output that answers a path, if any: `path`, `path.html`, `path/index.html`. */
function findOutputFile(staticDir: string, path: string): string | undefined {
  let file: string;
  try {
    file = join(staticDir, decodeURIComponent(path));
  } catch {
    return undefined;
  }
  return [file, `${file}.html`, join(file, 'index.html')].find(isFile);
}

/**
 * Whether the built site answers a path: a page of the route table, a surface its functions
 * answer (the API, /mcp, OAuth), or a file of the static output (`path`, `path.html`,
 * `path/index.html`: the reference's pages, the documents, the Markdown versions).
 */
export function isPathPublished(routes: RouteTable, staticDir: string, path: string): boolean {
  if (routes.findPage(path)) return true;
  const surface = routes.findSurface(path);
  if (surface.answer.kind === 'function' && surface.id !== 'not-found') return true;
  return findOutputFile(staticDir, path) !== undefined;
}

/**
 * What a link finds on the site built into `staticDir`: its path (isPathPublished) and, when it
 * names a part of an HTML page (`#pricing`), an element of that id on the page as built. A
 * fragment of a document that is not HTML (`/llms.txt#x`) is not read.
 */
export function createLinkFinder(
  routes: RouteTable,
  staticDir: string,
): (path: string, fragment: string | undefined) => LinkFinding {
  const pageIds = new Map<string, ReadonlySet<string>>();
  const readIds = (file: string): ReadonlySet<string> => {
    let ids = pageIds.get(file);
    if (!ids) {
      const html = readFileSync(file, 'utf8');
      ids = new Set(
        [...html.matchAll(/\sid="([^"]*)"/g)].map((match) => decodeHtmlEntities(match[1] ?? '')),
      );
      pageIds.set(file, ids);
    }
    return ids;
  };
  return (path, fragment) => {
    if (!isPathPublished(routes, staticDir, path)) return 'no page';
    if (fragment === undefined) return 'found';
    const file = findOutputFile(staticDir, path);
    if (!file?.endsWith('.html')) return 'found';
    const ids = readIds(file);
    if (ids.has(fragment)) return 'found';
    const folded = dropAccents(fragment).toLowerCase();
    const near = [...ids].filter((id) => dropAccents(id).toLowerCase() === folded);
    return near.length === 1 && near[0] !== undefined ? { nearPart: near[0] } : 'no part';
  };
}

/**
 * What an owner reads about a dead link of the content folder `folder` (its name), at the file's
 * line (the body's line plus the lines of the file before it, `bodyLine`); `contentFile` is true
 * when the folder holds a file the link names, which the site does not publish.
 */
export function describeDeadLink(
  folder: string,
  link: DeadLink,
  bodyLine: number | undefined,
  contentFile: boolean,
): string {
  const where = bodyLine === undefined ? '(body)' : `line ${bodyLine + link.line - 1}`;
  if (link.missing === 'part') {
    const fix = link.nearPart
      ? `its part #${link.nearPart} has that id but for accents or case (a heading's id keeps them): link ${link.path}#${link.nearPart}`
      : "link a heading of the page by its # link's address";
    return `${folder}/${link.file}: ${where}: links to ${link.url}, but ${link.path} has no part of that id: ${fix}`;
  }
  const why = contentFile
    ? `${folder}/ holds a file of that name, but the site publishes no file of ${folder}/ from a body: put it on your website and link its full address`
    : 'no page or document of the site has that path: link one of its pages, or a full https:// address';
  return `${folder}/${link.file}: ${where}: links to ${link.url}, which the site does not publish (${why})`;
}

/**
 * The warnings of every dead link of content/'s bodies that `find` does not find (the build's:
 * createLinkFinder on the static output it has just written; `npm run dev`'s: the dev server
 * asked): each at its file's line, counted as the content reader counts it (CRLF line ends and a
 * byte-order mark included), or `(body)` where the file has changed since.
 */
export async function listDeadLinkWarnings(
  contentDir: string,
  content: SiteContent,
  find: (path: string, fragment: string | undefined) => LinkFinding,
): Promise<string[]> {
  const bodies = listLinkedBodies(content);
  return describeDeadLinks(contentDir, bodies, findDeadLinks(bodies, find));
}

/**
 * The warnings of these dead links of the bodies (findDeadLinks), as listDeadLinkWarnings gives
 * them: for a caller that judged the links itself.
 */
export async function describeDeadLinks(
  contentDir: string,
  bodies: readonly LinkedBody[],
  dead: readonly DeadLink[],
): Promise<string[]> {
  const folder = basename(contentDir);
  return Promise.all(
    dead.map(async (link) => {
      const markdown = bodies.find((body) => body.file === link.file)?.markdown ?? '';
      const text = normalizeContentText(
        await readFile(join(contentDir, link.file), 'utf8').catch(() => ''),
      );
      // The body's line, where the file still holds the body as read (it may have been saved
      // meanwhile).
      const split = splitContentFile(text);
      const bodyLine = split?.body === markdown ? split.bodyLine : undefined;
      const named = [join(contentDir, link.path), join(contentDir, dirname(link.file), link.url)];
      const contentFile = named.some((path) => {
        try {
          return isFile(decodeURIComponent(path.replace(/[?#].*$/, '')));
        } catch {
          return false;
        }
      });
      return describeDeadLink(folder, link, bodyLine, contentFile);
    }),
  );
}
