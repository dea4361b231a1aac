/** A letter or digit of any script: an underscore between two is inside a word. */
const WORD = /^[\p{L}\p{N}]$/u;

/**
 * Escapes plain text (a name, a label or a sentence of content/, which the HTML pages show as
 * written) for Markdown, so that a Markdown reader shows the same characters. A backslash goes
 * before what would open emphasis, code, a link or strikethrough (an underscore inside a word
 * needs none), HTML or an autolink (a `<` before a space needs none) or an entity, and before
 * what would make the start of a line a heading, quote, list item, table or rule (and a trailing
 * `#` a closing sequence). A `|` elsewhere is left as it is: a table cell escapes its own
 * (`formatCell`, src/reference/markdown-tables.ts).
 *
 * A bare address (`https://…`, `www.…`) stays as written when it holds none of these characters.
 * When it does, its `://` or `www.` gets a backslash too, so that GFM links it from the text as
 * shown rather than from the escaped source, whose backslashes it would keep. Text with none of
 * these characters comes back as it is.
 * @see https://spec.commonmark.org/0.31.2/#backslash-escapes
 * @see https://github.github.com/gfm/#autolinks-extension-
 */
export function escapeMarkdownText(text: string): string {
  // Inside a word (`snake_case`), underscores can neither open nor close emphasis.
  const inert = (found: string, at: number, within: string) =>
    found.startsWith('_') &&
    WORD.test(within[at - 1] ?? '') &&
    WORD.test(within[at + found.length] ?? '');
  const verbatim = [...text.matchAll(BARE_ADDRESS)]
    .filter(([address]) =>
      [...address.matchAll(INLINE_MARKUP)].every(
        (match) => /^[:.]$/.test(match[0]) || inert(match[0], match.index, address),
      ),
    )
    .map(({ 0: address, index }) => ({ from: index, to: index + address.length }));
  return text
    .replace(INLINE_MARKUP, (found: string, at: number) =>
      inert(found, at, text) || verbatim.some(({ from, to }) => at >= from && at < to)
        ? found
        : found.replace(/./g, '\\$&'),
    )
    .replace(/^([ \t]*)([#>+=|:-])/gm, '$1\\$2')
    .replace(/^([ \t]*\d+)([.)])/gm, '$1\\$2')
    .replace(/([ \t])(#+[ \t]*)$/gm, '$1\\$2');
}

/** A bare web address, as GFM links it from text (up to the next white space). */
const BARE_ADDRESS = /(?:https?:\/\/|www\.)\S*/gi;

/**
 * What could open an inline construct (emphasis, code, a link, strikethrough, HTML or an
 * autolink, an entity), and the `://` and `www.` that make GFM link an address from its source.
 */
const INLINE_MARKUP = /[\\`*[\]~]|_+|<(?=\S)|&(?=#|[A-Za-z0-9]+;)|:(?=\/\/)|(?<=www)\./gi;
