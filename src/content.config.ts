import { defineCollection } from 'astro:content';
import type { Loader } from 'astro/loaders';
import { resolveContentDir } from './site-content/content-dir.ts';
import { watchContentSaves } from './site-content/content-saves.ts';
import { demoteHeadings } from './documents/markdown-text.ts';
import { buildChangelogBody, CHANGELOG_PAGE_SLUG } from './site-content/changelog-page.ts';
import { resolveDirectionMarks, resolveLanguageMarks } from './site-content/page-languages.ts';
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
  /** The Markdown the page renders, where it says more than `body` (the changelog's marks). */
  readonly renderBody?: string;
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
        const entries = await Promise.all(
          select(await readSiteContent(contentDir)).map(async (entry) => {
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
                      demoteHeadings(
                        entry.renderBody ?? entry.body,
                        parseMarkdownOutline(entry.renderBody ?? entry.body),
                        entry.headingOffset ?? 0,
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

export const collections = {
  company: defineCollection({
    loader: siteContentLoader(({ company }) => [{ id: 'company', data: company }]),
    schema: CompanySchema,
  }),
  product: defineCollection({
    loader: siteContentLoader(({ product }) => [
      { id: 'product', data: product, body: product.body, headingOffset: 1 },
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
      })),
    ),
    schema: CopySectionSchema,
  }),
  pages: defineCollection({
    // The main pages by name, then the content pages by slug (the generic route, [slug].astro).
    loader: siteContentLoader(({ pages, contentPages, changelog, company }) => [
      ...Object.entries(pages).map(([id, page]) => ({ id, data: page, body: page.body })),
      ...contentPages.map(({ slug, title, description, heading, body }) => ({
        id: slug,
        data: { title, description, heading, body },
        body,
        // The changelog's own words are English: the page marks them when the content is not.
        ...(slug === CHANGELOG_PAGE_SLUG
          ? {
              renderBody: buildChangelogBody(
                changelog,
                resolveLanguageMarks(company.locale).site,
                resolveDirectionMarks(company.locale).site,
              ),
            }
          : {}),
      })),
    ]),
    schema: PageCopySchema,
  }),
};
