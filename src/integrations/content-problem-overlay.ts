import { readFileSync } from 'node:fs';
import { isAbsolute, relative, resolve } from 'node:path';
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
 *
 * The file is named relative to the project's `root`: Astro passes every error payload through
 * its `collectErrorMetadata`, which compares the file with the root's URL-encoded path and puts
 * the root in front of any file it does not find under it. In a folder whose path holds a space,
 * parentheses or an accent (`C:\Users\José Núñez\...`), an absolute file came out with the root
 * twice, so the overlay showed no lines and "Open in editor" opened nothing; a relative one comes
 * out whole.
 * @see https://vite.dev/guide/api-hmr (the `error` payload)
 */
export function buildContentProblemPayload(
  error: ContentError,
  contentDir: string,
  root: string,
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
      ...(first
        ? { loc: locateIssue(resolve(contentDir, '..', first.file), first.field, root) }
        : {}),
    },
  };
}

/**
 * The file of an issue (named under the content folder's own name, content/company.yaml),
 * relative to `root` where it can be (not on another Windows drive), and the line where its
 * field's top-level key starts (`features` of `features[1].name`), 0 when the key is not at the
 * start of a line or the file cannot be read.
 */
function locateIssue(
  file: string,
  field: string,
  root: string,
): { file: string; line: number; column: number } {
  const key = field.split(/[.[]/)[0] ?? '';
  let lines: string[] = [];
  try {
    lines = readFileSync(file, 'utf8').split(/\r?\n/);
  } catch {
    // A missing file is the problem itself: the overlay names it without a line.
  }
  const index = key ? lines.findIndex((line) => line.startsWith(`${key}:`)) : -1;
  const fromRoot = relative(root, file);
  return {
    file: fromRoot && !isAbsolute(fromRoot) ? fromRoot : file,
    line: index + 1,
    column: index === -1 ? 0 : 1,
  };
}
