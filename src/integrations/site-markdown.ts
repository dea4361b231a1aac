import { satteri } from '@astrojs/markdown-satteri';
import type { AstroUserConfig } from 'astro';
import {
  buildLanguageAliases,
  markdownTokenClassTransformer,
} from '../reference/code-highlighting.ts';
import { contentCodeBlocksPlugin } from './content-code-blocks.ts';
import { createContentTablesPlugin } from './content-tables.ts';
import type { LanguageMarks } from '../site-content/page-languages.ts';
import { createHeadingAnchorsPlugin } from './heading-anchors.ts';

/**
 * How the pages render the Markdown of `content/` (astro.config.mjs's `markdown`), for content
 * written in the language `marks` describe:
 *
 * - Every Markdown heading (h2 to h4) gets a link to itself, as the components' headings do, its
 *   name marked as the site's words when the content's language is not English.
 * - Code blocks are highlighted by Shiki at build time as the components' are: its css-variables
 *   theme, each token's colour turned into a class (src/styles/code.css colours them for light and
 *   dark), no inline style for the Content-Security-Policy to block. Each takes the keyboard
 *   focus, since a long line scrolls inside it on a phone, and gets a copy button. A fence's
 *   language is read in any case (`JSON`, `Python`), as GitHub reads it.
 * - A table scrolls inside its own region on a phone, as the components' tables do, and a task
 *   list's checkboxes are named.
 * - Punctuation stays as written (no smart quotes): the Markdown versions carry the owner's text
 *   as is, and an apostrophe turned into ’ on the page alone broke their parity with it.
 */
export function buildSiteMarkdown(marks: LanguageMarks) {
  return {
    processor: satteri({
      hastPlugins: [
        createHeadingAnchorsPlugin(marks.site),
        contentCodeBlocksPlugin,
        createContentTablesPlugin(marks.site),
      ],
      features: { smartPunctuation: false },
    }),
    syntaxHighlight: 'shiki',
    shikiConfig: {
      theme: 'css-variables',
      langAlias: buildLanguageAliases(),
      transformers: [markdownTokenClassTransformer],
    },
  } satisfies AstroUserConfig['markdown'];
}
