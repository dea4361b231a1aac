import { satteri } from '@astrojs/markdown-satteri';
import { HeadingSlugger } from '../site-content/heading-slug.ts';
import { decodeFragment } from '../service/urls.ts';

const HEADINGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'];
const LINKED_HEADINGS = new Set(['h2', 'h3', 'h4']);

/** How GFM footnotes' ids begin (`user-content-fn-1`, `user-content-fnref-1`), and their label's. */
const FOOTNOTE_ID_PREFIX = 'user-content-';
const FOOTNOTE_LABEL_ID = 'footnote-label';

type SatteriOptions = NonNullable<Parameters<typeof satteri>[0]>;
type HastPluginEntry = NonNullable<SatteriOptions['hastPlugins']>[number];

/** What the content loader planned for the document, from the front matter it writes. */
function readPlan(data: unknown): {
  headingIds: readonly string[];
  renamedIds: ReadonlyMap<string, string>;
  idPrefix: string;
} {
  const frontmatter = (
    data as
      | {
          astro?: {
            frontmatter?: { headingIds?: unknown; renamedIds?: unknown; idPrefix?: unknown };
          };
        }
      | undefined
  )?.astro?.frontmatter;
  const ids = frontmatter?.headingIds;
  const renamed = frontmatter?.renamedIds;
  const prefix = frontmatter?.idPrefix;
  return {
    headingIds: Array.isArray(ids) && ids.every((id) => typeof id === 'string') ? ids : [],
    renamedIds: new Map(
      typeof renamed === 'object' && renamed !== null
        ? Object.entries(renamed).filter(
            (entry): entry is [string, string] => typeof entry[1] === 'string',
          )
        : [],
    ),
    idPrefix: typeof prefix === 'string' ? prefix : FOOTNOTE_ID_PREFIX,
  };
}

/** A footnote's id or link with the body's prefix in place of GFM's (`user-content-`). */
const withPrefix = (value: string, prefix: string) =>
  value.replace(/^(#?)user-content-/, `$1${prefix}`);

/**
 * A Sätteri hast plugin for the site's Markdown: every heading gets its id, and every h2 to h4 is
 * followed by a link to itself, the same markup as `SectionHeading.astro`. The ids are the ones
 * the content loader planned for the page the body goes on (`headingIds` in the front matter it
 * writes, src/site-content/heading-ids.ts: unique on the page), in order; a document without
 * them (a test's) gets Astro's (github-slugger, one slugger per document). Astro's own
 * heading-ids plugin runs after this one and keeps an id it finds. The link's name ("Link to the
 * section …") is the site's words: `lang` marks it when the content is written in another
 * language (LanguageMarks.site). A link of the body to one of its own headings (`#pricing`)
 * follows the heading when the plan changed its id (`renamedIds`: `#pricing-1`).
 *
 * GFM footnotes number from 1 in every body, so the ids of their references and notes take the
 * body's prefix (`idPrefix`, footnoteIdPrefix in heading-ids.ts) instead of `user-content-`: two
 * copy sections with a `[^1]` each on the home page keep their own. The notes' hidden label is
 * no heading of the outline (an h2 after a section's h3s): a hidden paragraph, in the site's
 * words, as are the links back to each reference. A reference's number and the link back (`↩`)
 * are the page's way through its notes, which the Markdown versions write as labels (`[^1]`):
 * `data-markdown-ignore` tells checkers that compare a page with its Markdown version (afdocs'
 * markdown-content-parity) to leave them out, so a note's text matches its `[^1]: ...` line.
 * @see https://docs.astro.build/en/reference/configuration-reference/#markdownprocessor
 */
export const createHeadingAnchorsPlugin =
  (lang: string | undefined): HastPluginEntry =>
  ({ data }) => {
    const { headingIds: planned, renamedIds, idPrefix } = readPlan(data);
    const slugger = new HeadingSlugger();
    // A heading past the plan (none should be) takes a slug no planned heading holds.
    for (const id of planned) slugger.slug(id);
    let index = 0;
    return {
      name: 'heading-anchors',
      element: {
        filter: [...HEADINGS, 'a', 'li'],
        visit(node, ctx) {
          const properties = node.properties ?? {};
          if (node.tagName === 'a' || node.tagName === 'li') {
            if (typeof properties.id === 'string' && properties.id.startsWith(FOOTNOTE_ID_PREFIX))
              ctx.setProperty(node, 'id', withPrefix(properties.id, idPrefix));
            if (typeof properties.href === 'string' && properties.href.startsWith('#')) {
              // A link to one of the body's own headings, whose id the page's plan changed.
              const renamed = renamedIds.get(decodeFragment(properties.href.slice(1)));
              ctx.setProperty(
                node,
                'href',
                renamed === undefined ? withPrefix(properties.href, idPrefix) : `#${renamed}`,
              );
            }
            // The note's number and its way back are no words of the text: the search leaves
            // them out, as the Markdown comparison does (`2021¹` was read as `20211`).
            if (properties.dataFootnoteRef !== undefined) {
              ctx.setProperty(node, 'ariaDescribedBy', [`${idPrefix}${FOOTNOTE_LABEL_ID}`]);
              ctx.setProperty(node, 'dataMarkdownIgnore', true);
              ctx.setProperty(node, 'dataSearchIgnore', true);
            }
            if (properties.dataFootnoteBackref !== undefined) {
              if (lang) ctx.setProperty(node, 'lang', lang);
              ctx.setProperty(node, 'dataMarkdownIgnore', true);
              ctx.setProperty(node, 'dataSearchIgnore', true);
            }
            return;
          }
          if (properties.id === FOOTNOTE_LABEL_ID) {
            ctx.replaceNode(node, {
              type: 'element',
              tagName: 'p',
              properties: {
                className: ['visually-hidden'],
                id: `${idPrefix}${FOOTNOTE_LABEL_ID}`,
                // "Footnotes", for screen readers: no word of the section's text.
                dataSearchIgnore: true,
                ...(lang ? { lang } : {}),
              },
              children: [{ type: 'text', value: ctx.textContent(node) }],
            });
            return;
          }
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
