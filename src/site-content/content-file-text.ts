// The text of a content file as the content reader reads it: its line ends, its front matter and
// its Markdown body, shared with the build's dead-link warnings, which count lines as it does.

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---(?:\r?\n|$)([\s\S]*)$/;

/**
 * A content file's text as the reader reads it. As written on Windows (CRLF line ends, a
 * byte-order mark some editors put first), the same text: the front matter is found, and no output
 * carries a carriage return. The line numbers are the file's.
 */
export function normalizeContentText(text: string): string {
  return text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
}

/**
 * A Markdown file of content/ (its text as `normalizeContentText` gives it) split as the reader
 * reads it: the front matter's YAML, the body without the blank lines around it, and the line,
 * from 1, the body begins on, which every message about a line of a body counts from. Undefined
 * for a file without front matter.
 */
export function splitContentFile(
  text: string,
): { frontMatter: string; body: string; bodyLine: number } | undefined {
  const match = FRONT_MATTER.exec(text);
  if (!match) return undefined;
  const rest = match[2] ?? '';
  return {
    frontMatter: match[1] ?? '',
    body: rest.trim(),
    bodyLine: text.slice(0, text.length - rest.trimStart().length).split('\n').length,
  };
}
