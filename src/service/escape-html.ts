/** The five characters that end text or an attribute value in HTML and SVG, with their references. */
const HTML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * Escapes text for HTML and SVG, as element content or a quoted attribute value: the pages the
 * functions write (the OAuth consent page, the insight report) and the reference's code blocks.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}
