/** A replacement of `markdown.slice(start, end)` by `text`. */
export interface TextEdit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/**
 * The text with the edits made, in order of their offsets. An edit inside one made before it (a
 * footnote in a setext heading rewritten whole) is left out: the heading keeps its label as is.
 */
export function applyTextEdits(markdown: string, edits: readonly TextEdit[]): string {
  let text = '';
  let from = 0;
  for (const edit of [...edits].sort((a, b) => a.start - b.start)) {
    if (edit.start < from) continue;
    text += markdown.slice(from, edit.start) + edit.text;
    from = edit.end;
  }
  return text + markdown.slice(from);
}

/**
 * The edits that lead each footnote label of a Markdown text with `prefix`, from where each label
 * begins (the `[` of `[^1]` and of `[^1]: ...`, MarkdownOutline.footnotes): the prefix goes after
 * its `[^`. Texts joined into one document keep their own notes so: GFM gives a label its first
 * definition, and a second text's `[^1]` would show the first one's note.
 */
export function listFootnotePrefixEdits(
  labelStarts: readonly number[],
  prefix: string,
): TextEdit[] {
  return labelStarts.map((start) => ({ start: start + 2, end: start + 2, text: prefix }));
}
