/**
 * Turns Shiki's `css-variables` output into class names, so highlighted code carries no `style`
 * attribute and the Content-Security-Policy's `style-src 'self'` holds: each token's colour
 * variable becomes a `tok-<name>` class that `src/styles/code.css` colours for light and dark.
 * @see https://shiki.style/guide/transformers; https://shiki.style/guide/theme-colors#css-variables-theme
 */
import { bundledLanguagesInfo, type ShikiTransformer } from 'shiki';

/**
 * The languages the pages highlight, by the name their code element's class carries: the samples
 * always, JSON only for the one example answer of a reference page (the schemas stay plain text:
 * highlighting every JSON block tripled the elements of the old one-page /docs).
 */
export const HIGHLIGHTED_LANGUAGES = {
  sh: 'sh',
  javascript: 'javascript',
  typescript: 'typescript',
  python: 'python',
  json: 'json',
} as const;

export type HighlightedLanguage = keyof typeof HIGHLIGHTED_LANGUAGES;

/** Whether a code block's language can be highlighted. */
export function isHighlighted(language: string): language is HighlightedLanguage {
  return language in HIGHLIGHTED_LANGUAGES;
}

const TOKEN_VARIABLE = /var\(--astro-code-token-([a-z-]+)\)/;

/**
 * The tokens `src/styles/code.css` colours (a `tok-<name>` class each); any other (punctuation,
 * the foreground) stays plain text, so a block carries no element that changes nothing. A diff's
 * lines are `inserted`, `deleted` or `changed`.
 */
export const COLOURED_TOKENS: ReadonlySet<string> = new Set([
  'keyword',
  'string',
  'string-expression',
  'constant',
  'link',
  'function',
  'comment',
  'parameter',
  'inserted',
  'deleted',
  'changed',
]);

type LineChild = Parameters<NonNullable<ShikiTransformer['line']>>[0]['children'][number];

/**
 * Fewer elements for the same colours: a token without a class becomes plain text, and
 * neighbouring tokens of one class become one span.
 */
function mergeTokens(children: readonly LineChild[]): LineChild[] {
  const merged: LineChild[] = [];
  for (const child of children) {
    const item =
      child.type === 'element' && !child.properties.class && child.children.length === 1
        ? (child.children[0] ?? child)
        : child;
    const last = merged.at(-1);
    if (item.type === 'text' && last?.type === 'text') {
      last.value += item.value;
    } else if (
      item.type === 'element' &&
      last?.type === 'element' &&
      String(item.properties.class) === String(last.properties.class)
    ) {
      last.children.push(...item.children);
    } else {
      merged.push(item);
    }
  }
  return merged;
}

/**
 * A line's tokens with every element that has no class replaced by what it holds, at any depth:
 * an element Astro's transformer added inside a token (a diff's marker, styled
 * `user-select: none`) carries no style and no element that changes nothing.
 */
function unwrapPlainElements(children: readonly LineChild[]): LineChild[] {
  return children.flatMap((child) => {
    if (child.type !== 'element') return [child];
    delete child.properties.style;
    child.children = unwrapPlainElements(child.children as LineChild[]);
    return child.properties.class ? [child] : child.children;
  });
}

/** A transformer that replaces every inline style by a class and names the code's language. */
export function buildTokenClassTransformer(language: HighlightedLanguage): ShikiTransformer {
  return tokenClassTransformer(() => language);
}

/**
 * The same for the Markdown of `content/` (site-markdown.ts), where Astro's Shiki highlights a
 * block in whatever language its fence names: the code element is named by that language, and an
 * inline style Astro's own transformer adds (its `overflow-x` on `<pre>`, the `user-select` of a
 * diff's markers) goes too.
 */
export const markdownTokenClassTransformer: ShikiTransformer = tokenClassTransformer(
  (options) => options.lang,
);

function tokenClassTransformer(
  readLanguage: (options: { readonly lang: string }) => string,
): ShikiTransformer {
  return {
    name: 'token-classes',
    pre(node) {
      delete node.properties.style;
      node.properties.class = 'highlighted';
    },
    code(node) {
      node.properties.class = `language-${readLanguage(this.options)}`;
    },
    span(node) {
      const style = node.properties.style;
      delete node.properties.style;
      const token = typeof style === 'string' ? TOKEN_VARIABLE.exec(style)?.[1] : undefined;
      if (token && COLOURED_TOKENS.has(token)) this.addClassToHast(node, `tok-${token}`);
    },
    line(node) {
      node.children = mergeTokens(unwrapPlainElements(node.children));
    },
  };
}

/**
 * Shiki's languages under the other cases an owner may write in a fence: `JSON`, `Python`,
 * `TypeScript`, `YAML`, `Bash`. Shiki knows each language by lower-case names only, where GitHub
 * reads a fence's language in any case. Each id, alias and display name of a language is added
 * lower-cased, upper-cased and capitalized, unless it already names a language.
 */
export function buildLanguageAliases(): Record<string, string> {
  const known = listShikiLanguageNames();
  const aliases: Record<string, string> = {};
  for (const info of bundledLanguagesInfo) {
    for (const name of [info.id, ...(info.aliases ?? []), info.name]) {
      const capitalized = name.charAt(0).toUpperCase() + name.slice(1).toLowerCase();
      for (const variant of [name, name.toLowerCase(), name.toUpperCase(), capitalized]) {
        if (!known.has(variant) && !(variant in aliases)) aliases[variant] = info.id;
      }
    }
  }
  return aliases;
}

/** Every name Shiki knows a language by, as Shiki spells it: the ids and their aliases. */
function listShikiLanguageNames(): Set<string> {
  return new Set(bundledLanguagesInfo.flatMap((info) => [info.id, ...(info.aliases ?? [])]));
}

/**
 * Whether a fence's language is highlighted in content/'s Markdown: a name Shiki knows, or one of
 * buildLanguageAliases's other cases of it. Any other fence shows as plain code.
 */
export function isFenceLanguageKnown(language: string): boolean {
  return listShikiLanguageNames().has(language) || Object.hasOwn(buildLanguageAliases(), language);
}
