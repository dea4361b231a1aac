import { escapeHtml } from './escape-html.ts';

/**
 * An identifier (a URI, a media type) as HTML that a narrow column may break after a run of
 * slashes or before a dot, never inside a word: `<wbr>` marks each place. A line breaks there only
 * when the identifier does not fit, and the table's column keeps the width of its longest part
 * (`overflow-wrap: anywhere` let it shrink to a few letters a line).
 * @see https://html.spec.whatwg.org/multipage/text-level-semantics.html#the-wbr-element
 */
export function markIdentifierBreaks(identifier: string): string {
  return escapeHtml(identifier).replace(/\/+/g, '$&<wbr>').replace(/\./g, '<wbr>.');
}
