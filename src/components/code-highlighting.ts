/**
 * Turns Shiki's `css-variables` output into class names, so highlighted code carries no `style`
 * attribute and the Content-Security-Policy's `style-src 'self'` holds: each token's colour
 * variable becomes a `tok-<name>` class that `src/styles/code.css` colours for light and dark.
 * @see https://shiki.style/guide/transformers; https://shiki.style/guide/theme-colors#css-variables-theme
 */
import type { ShikiTransformer } from 'shiki';

/** The languages the pages highlight, by the name their code element's class carries. */
export const HIGHLIGHTED_LANGUAGES = {
  sh: 'sh',
  json: 'json',
  javascript: 'javascript',
  python: 'python',
  text: 'plaintext',
} as const;

export type HighlightedLanguage = keyof typeof HIGHLIGHTED_LANGUAGES;

const TOKEN_VARIABLE = /var\(--astro-code-token-([a-z-]+)\)/;

/** A transformer that replaces every inline style by a class and names the code's language. */
export function buildTokenClassTransformer(language: HighlightedLanguage): ShikiTransformer {
  return {
    name: 'token-classes',
    pre(node) {
      delete node.properties.style;
      node.properties.class = 'highlighted';
    },
    code(node) {
      node.properties.class = `language-${language}`;
    },
    span(node) {
      const style = node.properties.style;
      delete node.properties.style;
      const token = typeof style === 'string' ? TOKEN_VARIABLE.exec(style)?.[1] : undefined;
      if (token) this.addClassToHast(node, `tok-${token}`);
    },
  };
}
