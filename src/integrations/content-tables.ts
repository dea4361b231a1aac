import type { satteri } from '@astrojs/markdown-satteri';
import type { ElementContent } from 'hast';

type SatteriOptions = NonNullable<Parameters<typeof satteri>[0]>;
type HastPluginEntry = NonNullable<SatteriOptions['hastPlugins']>[number];

/** A column's alignment as GFM writes it on its cells (`| --: |`), an inline style. */
const CELL_ALIGNMENT = /^text-align:\s*(left|center|right);?$/;

/** A side as the flow names it: a right-to-left page mirrors its tables' columns too. */
const FLOW_SIDES: Readonly<Record<string, string>> = {
  left: 'start',
  center: 'center',
  right: 'end',
};

/** The longest name a table's scrolling region takes from its column headings. */
const REGION_NAME_LIMIT = 80;

/** The text of the cells of a table's first row, as one line: what its columns hold. */
function readColumnHeadings(children: readonly ElementContent[]): string {
  const text = (node: ElementContent): string =>
    node.type === 'text' ? node.value : 'children' in node ? node.children.map(text).join('') : '';
  const head = children.find((child) => child.type === 'element' && child.tagName === 'thead');
  const row =
    head && 'children' in head
      ? head.children.find((child) => child.type === 'element' && child.tagName === 'tr')
      : undefined;
  if (!row || !('children' in row)) return '';
  return row.children
    .filter((cell) => cell.type === 'element')
    .map((cell) => text(cell).replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join(', ');
}

/**
 * A Sätteri hast plugin for the site's Markdown: tables and task lists as the components show
 * them. A table is wrapped in the components' `table-scroll` region, so a table wider than a
 * phone scrolls inside it instead of widening the page, and that region takes the keyboard focus
 * (axe-core's scrollable-region-focusable) and its name from the table's column headings. A
 * column's alignment (`| --: |`), which GFM writes as an inline style that the pages'
 * Content-Security-Policy refuses, becomes a class by the flow (`| --: |` is `align-end`: right
 * on a left-to-right page, left on a right-to-left one, site.css). A task
 * list's checkbox (`- [x] done`) is named "Done" or "Not done" (axe-core's `label`), in the site's
 * words, which `lang` marks when the content is written in another language (LanguageMarks.site).
 * @see https://dequeuniversity.com/rules/axe/4.11/scrollable-region-focusable
 * @see https://dequeuniversity.com/rules/axe/4.11/label
 */
export const createContentTablesPlugin =
  (lang: string | undefined): HastPluginEntry =>
  () => ({
    name: 'content-tables',
    element: {
      filter: ['table', 'th', 'td', 'input'],
      visit(node, ctx) {
        if (node.tagName === 'th' || node.tagName === 'td') {
          const style = node.properties?.style;
          const align = typeof style === 'string' ? CELL_ALIGNMENT.exec(style.trim()) : null;
          if (!align) return;
          ctx.setProperty(node, 'style', null);
          ctx.setProperty(node, 'className', [
            `align-${FLOW_SIDES[align[1] ?? 'left'] ?? 'start'}`,
          ]);
          return;
        }
        if (node.tagName === 'input') {
          if (node.properties?.type !== 'checkbox') return;
          ctx.setProperty(node, 'ariaLabel', node.properties.checked ? 'Done' : 'Not done');
          if (lang) ctx.setProperty(node, 'lang', lang);
          return;
        }
        const headings = readColumnHeadings(node.children);
        const name =
          headings.length > REGION_NAME_LIMIT
            ? `${headings.slice(0, REGION_NAME_LIMIT - 1)}…`
            : headings;
        ctx.wrapNode(node, {
          type: 'element',
          tagName: 'div',
          properties: {
            className: ['table-scroll'],
            tabIndex: 0,
            role: 'region',
            ariaLabel: name || 'Table',
          },
          children: [],
        });
      },
    },
  });
