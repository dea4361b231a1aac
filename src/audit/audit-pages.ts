import type { AuditContext } from './audit-check.ts';
import { parseJson } from './audit-http.ts';

/** The Accept header a browser sends for a page. */
export const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

/** The pages to walk: the sitemap's, once the sitemap check has read it, else the home page. */
export function listPageUrls(context: AuditContext): string[] {
  return context.state.pages ?? [`${context.origin}/`];
}

/** The Markdown version of a page URL: `<path>.md`, `/index.md` for `/`. */
export function toMarkdownUrl(url: string): string {
  const { origin, pathname } = new URL(url);
  return `${origin}${pathname === '/' ? '/index.md' : `${pathname.replace(/\/$/, '')}.md`}`;
}

/** The visible text of an HTML fragment: scripts, styles and tags dropped, whitespace collapsed. */
export function readVisibleText(html: string): string {
  return html
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The text of each JSON-LD block of a page, unparsed. */
export function listJsonLdBlocks(html: string): string[] {
  return [
    ...html.matchAll(/<script[^>]*type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g),
  ].map((block) => block[1] ?? '');
}

/** The `<head>` tags of an HTML document, crudely but sufficiently for server-rendered pages. */
export function readHead(html: string) {
  // A quoted attribute value may hold `>` (`content="Tide & <Wave>"` is valid HTML).
  const tags = [...html.matchAll(/<(meta|link)\b((?:[^>"']|"[^"]*"|'[^']*')*)>/gi)].map((match) => {
    const attributes = new Map<string, string>();
    for (const attr of (match[2] ?? '').matchAll(
      /([a-zA-Z:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/g,
    )) {
      attributes.set((attr[1] ?? '').toLowerCase(), attr[2] ?? attr[3] ?? attr[4] ?? '');
    }
    return { tag: (match[1] ?? '').toLowerCase(), attributes };
  });
  const meta = (key: string, name: string) =>
    tags
      .find((t) => t.tag === 'meta' && t.attributes.get(key)?.toLowerCase() === name)
      ?.attributes.get('content');
  const link = (rel: string, type?: string) =>
    tags
      .find(
        (t) =>
          t.tag === 'link' &&
          t.attributes.get('rel')?.toLowerCase().split(/\s+/).includes(rel) &&
          (!type || t.attributes.get('type') === type),
      )
      ?.attributes.get('href');
  return { meta, link };
}

/** Front matter fields of a Markdown document (simple `key: value` lines, JSON-quoted or plain). */
export function readFrontMatter(markdown: string): Map<string, string> | undefined {
  const match = /^---\n([\s\S]*?)\n---\n/.exec(markdown);
  if (!match) return undefined;
  const fields = new Map<string, string>();
  for (const line of (match[1] ?? '').split('\n')) {
    const field = /^([A-Za-z_-]+):\s*(.*)$/.exec(line);
    if (!field) continue;
    const raw = (field[2] ?? '').trim();
    const value = raw.startsWith('"') ? ((parseJson(raw) as string | undefined) ?? raw) : raw;
    fields.set(field[1] ?? '', value);
  }
  return fields;
}
