/**
 * A code block's HTML, as `CodeBlock.astro` renders it and as the build writes the examples it
 * can only compute after the pages (tool-examples.ts): highlighted at build time by Shiki with the
 * `css-variables` theme and the token-class transformer, or plain for JSON and text that is not
 * highlighted. One function, so a block written after the build is the one a page would render.
 * @see https://shiki.style/guide/install#fine-grained-bundle
 */
import { createCssVariablesTheme, createHighlighter } from 'shiki';
import {
  buildTokenClassTransformer,
  HIGHLIGHTED_LANGUAGES,
  isHighlighted,
} from './code-highlighting.ts';
import { escapeHtml } from '../service/escape-html.ts';

/** The variables' prefix the transformer reads (Astro's `<Code>` used the same). */
const THEME = createCssVariablesTheme({
  name: 'css-variables',
  variablePrefix: '--astro-code-',
});

/** One highlighter for the whole build, with every language the pages highlight. */
function createCodeHighlighter() {
  return createHighlighter({ themes: [THEME], langs: Object.values(HIGHLIGHTED_LANGUAGES) });
}

let highlighter: ReturnType<typeof createCodeHighlighter> | undefined;

/** The `<pre>` of a block: highlighted by Shiki, or plain (nothing between `<pre>` and `<code>`). */
export async function renderCodeHtml(
  code: string,
  lang: string,
  highlight: boolean,
): Promise<string> {
  if (!highlight || !isHighlighted(lang)) {
    return `<pre tabindex="0"><code class="language-${escapeHtml(lang)}">${escapeHtml(code)}</code></pre>`;
  }
  highlighter ??= createCodeHighlighter();
  return (await highlighter).codeToHtml(code.replace(/\n$/, ''), {
    lang: HIGHLIGHTED_LANGUAGES[lang],
    theme: THEME.name ?? 'css-variables',
    transformers: [buildTokenClassTransformer(lang)],
  });
}

/**
 * A whole code block: the `code-block` wrapper whose label names the copy button (added by the
 * CopyButtons script) and its `<pre>`.
 */
export async function renderCodeBlockHtml(block: {
  readonly code: string;
  readonly lang: string;
  readonly label: string;
  readonly highlight: boolean;
}): Promise<string> {
  return `<div class="code-block" data-label="${escapeHtml(block.label)}">${await renderCodeHtml(block.code, block.lang, block.highlight)}</div>`;
}
