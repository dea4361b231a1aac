import { satteri } from '@astrojs/markdown-satteri';
import GithubSlugger from 'github-slugger';

const HEADINGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'];
const LINKED_HEADINGS = new Set(['h2', 'h3', 'h4']);

type SatteriOptions = NonNullable<Parameters<typeof satteri>[0]>;
type HastPluginEntry = NonNullable<SatteriOptions['hastPlugins']>[number];

/** The ids the content loader planned for the document's headings, from its front matter. */
function readPlannedIds(data: unknown): readonly string[] {
  const frontmatter = (data as { astro?: { frontmatter?: { headingIds?: unknown } } } | undefined)
    ?.astro?.frontmatter;
  const ids = frontmatter?.headingIds;
  return Array.isArray(ids) && ids.every((id) => typeof id === 'string') ? ids : [];
}

/**
 * A Sätteri hast plugin for the site's Markdown: every heading gets its id, and every h2 to h4 is
 * followed by a link to itself, the same markup as `SectionHeading.astro`. The ids are the ones
 * the content loader planned for the page the body goes on (`headingIds` in the front matter it
 * writes, src/site-content/heading-ids.ts: unique on the page), in order; a document without
 * them (a test's) gets Astro's (github-slugger, one slugger per document). Astro's own
 * heading-ids plugin runs after this one and keeps an id it finds. The link's name ("Link to the
 * section …") is the site's words: `lang` marks it when the content is written in another
 * language (LanguageMarks.site).
 * @see https://docs.astro.build/en/reference/configuration-reference/#markdownprocessor
 */
export const createHeadingAnchorsPlugin =
  (lang: string | undefined): HastPluginEntry =>
  ({ data }) => {
    const planned = readPlannedIds(data);
    const slugger = new GithubSlugger();
    // A heading past the plan (none should be) takes a slug no planned heading holds.
    for (const id of planned) slugger.slug(id);
    let index = 0;
    return {
      name: 'heading-anchors',
      element: {
        filter: HEADINGS,
        visit(node, ctx) {
          const label = ctx.textContent(node).trim();
          const existing = node.properties?.id;
          const plannedId = planned[index];
          index += 1;
          const id = typeof existing === 'string' ? existing : (plannedId ?? slugger.slug(label));
          if (typeof existing !== 'string') ctx.setProperty(node, 'id', id);
          if (!LINKED_HEADINGS.has(node.tagName)) return;
          ctx.wrapNode(node, {
            type: 'element',
            tagName: 'div',
            properties: { className: ['heading-wrapper'] },
            children: [
              {
                type: 'element',
                tagName: 'a',
                properties: {
                  className: ['heading-anchor'],
                  href: `#${id}`,
                  // The accessible name lives in an attribute, not in hidden text, so the page's text
                  // (what a scanner compares with the Markdown version) holds only the heading.
                  ariaLabel: `Link to the section ${label}`,
                  ...(lang ? { lang } : {}),
                  dataSearchIgnore: '',
                },
                children: [
                  {
                    type: 'element',
                    tagName: 'span',
                    properties: { ariaHidden: 'true' },
                    children: [{ type: 'text', value: '#' }],
                  },
                ],
              },
            ],
          });
        },
      },
    };
  };
