import { satteri } from '@astrojs/markdown-satteri';
import GithubSlugger from 'github-slugger';

const LINKED_HEADINGS = ['h2', 'h3', 'h4'];

type SatteriOptions = NonNullable<Parameters<typeof satteri>[0]>;
type HastPluginEntry = NonNullable<SatteriOptions['hastPlugins']>[number];

/**
 * A Sätteri hast plugin for the site's Markdown: every h2 to h4 is followed by a link to itself,
 * the same markup as `SectionHeading.astro`. It gives the heading the id Astro's own heading-ids
 * plugin would (github-slugger, one slugger per document), since that plugin runs after it and
 * keeps an id it finds. The link's name ("Link to the section …") is the site's words: `lang`
 * marks it when the content is written in another language (LanguageMarks.site).
 * @see https://docs.astro.build/en/reference/configuration-reference/#markdownprocessor
 */
export const createHeadingAnchorsPlugin =
  (lang: string | undefined): HastPluginEntry =>
  () => {
    const slugger = new GithubSlugger();
    return {
      name: 'heading-anchors',
      element: {
        filter: LINKED_HEADINGS,
        visit(node, ctx) {
          const label = ctx.textContent(node).trim();
          const existing = node.properties?.id;
          const id = typeof existing === 'string' ? existing : slugger.slug(label);
          if (typeof existing !== 'string') ctx.setProperty(node, 'id', id);
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
