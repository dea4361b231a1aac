import type { satteri } from '@astrojs/markdown-satteri';

type SatteriOptions = NonNullable<Parameters<typeof satteri>[0]>;
type HastPluginEntry = NonNullable<SatteriOptions['hastPlugins']>[number];

/**
 * A Sätteri hast plugin for the site's Markdown: every code block (`<pre>`) can take the keyboard
 * focus and gets a copy button, as the components' code blocks do (code-block-html.ts). A line
 * longer than a phone's width scrolls inside its block, and a region that scrolls must be
 * reachable without a mouse (WCAG 2.1.1; axe-core's scrollable-region-focusable). A block Shiki
 * highlighted has its own `tabindex` already, and keeps that one. The block is wrapped in the
 * components' `code-block` element, where CopyButtons.astro's script adds the button.
 * @see https://dequeuniversity.com/rules/axe/4.11/scrollable-region-focusable
 */
export const contentCodeBlocksPlugin: HastPluginEntry = () => ({
  name: 'content-code-blocks',
  element: {
    filter: ['pre'],
    visit(node, ctx) {
      if (node.properties?.tabindex === undefined && node.properties?.tabIndex === undefined) {
        ctx.setProperty(node, 'tabIndex', 0);
      }
      ctx.wrapNode(node, {
        type: 'element',
        tagName: 'div',
        properties: { className: ['code-block'], dataLabel: 'the code' },
        children: [],
      });
    },
  },
});
