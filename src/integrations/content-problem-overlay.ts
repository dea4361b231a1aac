import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { escapeHtml } from '../service/escape-html.ts';
import type { ContentError } from '../site-content/read-site-content.ts';

/** Vite's HMR `error` payload, with the fields Astro's overlay reads. */
export interface ContentProblemPayload {
  readonly type: 'error';
  readonly err: {
    readonly name: string;
    readonly title: string;
    readonly message: string;
    readonly hint: string;
    readonly stack: string;
    readonly loc?: { readonly file: string; readonly line: number; readonly column: number };
  };
}

/**
 * The error `npm run dev` shows in Astro's overlay when a saved content file is invalid: every
 * problem, and the first problem's file with the overlay's "Open in editor" link. The overlay
 * writes the message as HTML, so the owner's text in it is escaped.
 * @see https://vite.dev/guide/api-hmr (the `error` payload)
 */
export function buildContentProblemPayload(
  error: ContentError,
  contentDir: string,
): ContentProblemPayload {
  const first = error.issues[0];
  return {
    type: 'error',
    err: {
      name: error.name,
      title: 'The content has a problem',
      message: escapeHtml(error.message),
      hint: 'Fix the file and save it: the page reloads once the content is valid again. Until then it shows the last valid content. docs/owners.md describes every file and field.',
      stack: '',
      ...(first ? { loc: locateIssue(resolve(contentDir, '..', first.file), first.field) } : {}),
    },
  };
}

/**
 * The file of an issue (named under the content folder's own name, content/company.yaml) and the
 * line where its field's top-level key starts (`features` of `features[1].name`), 0 when the key
 * is not at the start of a line or the file cannot be read.
 */
function locateIssue(file: string, field: string): { file: string; line: number; column: number } {
  const key = field.split(/[.[]/)[0] ?? '';
  let lines: string[] = [];
  try {
    lines = readFileSync(file, 'utf8').split(/\r?\n/);
  } catch {
    // A missing file is the problem itself: the overlay names it without a line.
  }
  const index = key ? lines.findIndex((line) => line.startsWith(`${key}:`)) : -1;
  return { file, line: index + 1, column: index === -1 ? 0 : 1 };
}
