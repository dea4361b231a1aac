import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { SiteOutlines } from '../schemas/markdown-outline.ts';
import type { PublishedToolDescriptor } from '../schemas/mcp-tools.ts';
import type { SiteContent } from '../schemas/site-content.ts';
import type { RateLimitPolicy } from '../service/rate-limit-policy.ts';
import type { DocsPageNames } from '../service/docs-pages.ts';

/**
 * What the build hands to the functions: the validated content, the public origin, the outline of
 * every Markdown body (so the functions ship no Markdown parser), and the two documents that need
 * zod to compute (the OpenAPI description and the MCP tool descriptors), so the functions ship
 * without zod's JSON Schema machinery.
 */
export interface SiteSnapshot {
  readonly siteUrl: string;
  readonly content: SiteContent;
  readonly outlines: SiteOutlines;
  readonly openapi: Record<string, unknown>;
  readonly mcpTools: readonly PublishedToolDescriptor[];
  /** The functions' rate limit the build documented (RATE_LIMIT_*); null when off. */
  readonly rateLimit: RateLimitPolicy | null;
  /**
   * The stop words of the content's language beyond English's, for `search_site_copy` (the build
   * writes the same into the page search's index file): src/integrations/search-language.ts.
   */
  readonly searchStopWords: readonly string[];
}

const HEADER =
  '// Generated at build time from content/ by src/integrations/site-snapshot.ts. Do not edit.';

/** Renders the snapshot as a typed TypeScript module the functions import. */
export function renderSiteSnapshotModule(snapshot: SiteSnapshot): string {
  return [
    HEADER,
    "import type { SiteSnapshot } from '../site-content/site-snapshot.ts';",
    '',
    `export const siteSnapshot: SiteSnapshot = ${JSON.stringify(snapshot, null, 2)};`,
    '',
  ].join('\n');
}

/** Renders the origin alone, for functions that need nothing else (it keeps them tiny). */
export function renderSiteOriginModule(siteUrl: string): string {
  return [HEADER, '', `export const siteUrl = ${JSON.stringify(siteUrl)};`, ''].join('\n');
}

/** The origin a module of renderSiteOriginModule holds, or undefined for any other text. */
export function readSiteOriginModule(moduleText: string): string | undefined {
  const origin = /^export const siteUrl = ("[^"\n]*");$/m.exec(moduleText)?.[1];
  return origin === undefined ? undefined : (JSON.parse(origin) as string);
}

/**
 * Renders the slugs of the content pages alone, for the page middleware: it needs the site's
 * page list to negotiate Markdown, and stays small without the rest of the snapshot.
 */
export function renderContentPagesModule(content: Pick<SiteContent, 'contentPages'>): string {
  const slugs = content.contentPages.map((page) => page.slug);
  return [
    HEADER,
    '',
    `export const CONTENT_PAGE_SLUGS: readonly string[] = ${JSON.stringify(slugs)};`,
    '',
  ].join('\n');
}

/**
 * Renders the names of the API reference's pages alone (operations, tools, schemas), for the page
 * middleware and the page list, which must not carry the whole snapshot either.
 */
export function renderDocsPagesModule(names: DocsPageNames): string {
  return [
    HEADER,
    "import type { DocsPageNames } from '../service/docs-pages.ts';",
    '',
    `export const DOCS_PAGE_NAMES: DocsPageNames = ${JSON.stringify(names, null, 2)};`,
    '',
  ].join('\n');
}

/** Writes a generated module, leaving the file untouched when nothing changed (no needless reloads). */
export async function writeGeneratedModule(file: string, text: string): Promise<boolean> {
  const current = await readFile(file, 'utf8').catch(() => undefined);
  if (current === text) return false;
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, text);
  return true;
}

/** Writes a generated binary file (a font, an image), leaving it untouched when the bytes match. */
export async function writeGeneratedFile(file: string, bytes: Uint8Array): Promise<boolean> {
  const current = await readFile(file).catch(() => undefined);
  if (current && Buffer.compare(current, bytes) === 0) return false;
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, bytes);
  return true;
}
