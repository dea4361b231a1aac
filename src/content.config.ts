import { defineCollection } from 'astro:content';
import type { Loader } from 'astro/loaders';
import { resolveContentDir } from './site-content/content-dir.ts';
import { watchContentSaves } from './site-content/content-saves.ts';
import { demoteHeadings } from './documents/markdown-text.ts';
import { contentPageBodyKey, copyBodyKey } from './schemas/markdown-outline.ts';
import {
  footnoteIdPrefix,
  planHeadingIds,
  planRenamedHeadingIds,
  readContentPageMarkdown,
} from './site-content/heading-ids.ts';
import { parseMarkdownOutline } from './site-content/parse-markdown-outline.ts';
import { ContentError, readSiteContent } from './site-content/read-site-content.ts';
import {
  AgentTextSchema,
  CallToActionSchema,
  CompanySchema,
  CopySectionSchema,
  PageCopySchema,
  ProductSchema,
  type SiteContent,
} from './schemas/site-content.ts';

interface EntryInput {
  readonly id: string;
  readonly data: Record<string, unknown>;
  readonly body?: string;
  /** How far to push the body's headings down when rendering (it sits under a page's own h2). */
  readonly headingOffset?: number;
  /** The Markdown the page renders, where it says more than `body` (the changelog's). */
  readonly renderBody?: string;
  /** The key of the body among the site's (src/site-content/heading-ids.ts). */
  readonly bodyKey?: string;
}

/**
 * A loader over the one content reader (shared with the functions' snapshot), so pages, prerendered
 * documents and functions read the same validated facts. Markdown bodies are rendered by Astro.
 */
function siteContentLoader(select: (content: SiteContent) => readonly EntryInput[]): Loader {
  return {
    name: 'site-content',
    load: async ({ store, parseData, renderMarkdown, generateDigest, watcher, logger }) => {
      const contentDir = resolveContentDir(process.env);
      const sync = async (save = 0) => {
        const content = await readSiteContent(contentDir);
        // Ids unique on each page, however the owner's headings repeat one another or the
        // page's own (heading-ids.ts); the heading-anchors plugin reads them from the front matter.
        const headingIds = planHeadingIds(content);
        const renamedIds = planRenamedHeadingIds(content, headingIds);
        const entries = await Promise.all(
          select(content).map(async (entry) => {
            const data = await parseData({ id: entry.id, data: entry.data });
            return {
              id: entry.id,
              data,
              digest: generateDigest({ ...data, body: entry.body ?? '' }),
              ...(entry.body === undefined
                ? {}
                : {
                    body: entry.body,
                    rendered: await renderMarkdown(
                      withHeadingIds(
                        entry.bodyKey,
                        { headingIds, renamedIds },
                        demoteHeadings(
                          entry.renderBody ?? entry.body,
                          parseMarkdownOutline(entry.renderBody ?? entry.body),
                          entry.headingOffset ?? 0,
                        ),
                      ),
                    ),
                  }),
            };
          }),
        );
        // A later save was read meanwhile: its entries stand.
        if (save !== saves.latest()) return;
        // Replaced in one step: a page rendered meanwhile never sees the collection half filled.
        // Every entry is set again (no digest skip), so a build never keeps a rendering that an
        // earlier build's data store cached for the same text.
        store.clear();
        for (const entry of entries) store.set(entry);
      };
      // A file added (a new page, a copy section), changed or removed. A file saved mid-edit may
      // be invalid: the entries keep the last valid content, and the site-snapshot integration
      // names the problem once per save (six loaders read it).
      const saves = watchContentSaves(contentDir, (save) => {
        sync(save).catch((error: unknown) => {
          if (!(error instanceof ContentError)) logger.error(String(error));
        });
      });
      await sync();
      watcher?.on('all', saves.onEvent);
    },
  };
}

/**
 * The Markdown to render, led by front matter that gives the heading-anchors plugin the ids of
 * its headings, the links to its own headings to point at their new ids, and how its footnotes'
 * ids begin (src/integrations/heading-anchors.ts). Front matter always: a body that begins with
 * a `---` line of its own is then never read as such.
 */
function withHeadingIds(
  key: string | undefined,
  plan: {
    readonly headingIds: ReadonlyMap<string, readonly string[]>;
    readonly renamedIds: Readonly<Record<string, Readonly<Record<string, string>>>>;
  },
  markdown: string,
): string {
  const frontmatter = {
    headingIds: plan.headingIds.get(key ?? '') ?? [],
    renamedIds: (key === undefined ? undefined : plan.renamedIds[key]) ?? {},
    ...(key ? { idPrefix: footnoteIdPrefix(key) } : {}),
  };
  return `---\n${JSON.stringify(frontmatter)}\n---\n${markdown}`;
}

export const collections = {
  company: defineCollection({
    loader: siteContentLoader(({ company }) => [{ id: 'company', data: company }]),
    schema: CompanySchema,
  }),
  product: defineCollection({
    loader: siteContentLoader(({ product }) => [
      { id: 'product', data: product, body: product.body, headingOffset: 1, bodyKey: 'product' },
    ]),
    schema: ProductSchema,
  }),
  callsToAction: defineCollection({
    loader: siteContentLoader(({ callsToAction }) =>
      callsToAction.map((cta) => ({ id: cta.id, data: cta })),
    ),
    schema: CallToActionSchema,
  }),
  agents: defineCollection({
    loader: siteContentLoader(({ agents }) => [{ id: 'agents', data: agents }]),
    schema: AgentTextSchema,
  }),
  copy: defineCollection({
    loader: siteContentLoader(({ copy }) =>
      copy.map((section) => ({
        id: section.slug,
        data: section,
        body: section.body,
        headingOffset: 1,
        bodyKey: copyBodyKey(section.slug),
      })),
    ),
    schema: CopySectionSchema,
  }),
  pages: defineCollection({
    // The main pages by name, then the content pages by slug (the generic route, [slug].astro).
    loader: siteContentLoader((content) => [
      ...Object.entries(content.pages).map(([id, page]) => ({
        id,
        data: page,
        body: page.body,
        bodyKey: id,
      })),
      ...content.contentPages.map((page) => ({
        id: page.slug,
        data: {
          title: page.title,
          description: page.description,
          heading: page.heading,
          body: page.body,
        },
        body: page.body,
        renderBody: readContentPageMarkdown(content, page),
        bodyKey: contentPageBodyKey(page.slug),
      })),
    ]),
    schema: PageCopySchema,
  }),
};
