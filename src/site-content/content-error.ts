/** One problem found in content/, named by file and field. */
export interface ContentIssue {
  readonly file: string;
  readonly field: string;
  readonly message: string;
}

/** Thrown when content/ is missing a fact or holds a wrong one; its message lists every issue. */
export class ContentError extends Error {
  readonly code = 'invalid_content';
  readonly issues: readonly ContentIssue[];

  constructor(issues: readonly ContentIssue[]) {
    super(
      `The content collection has ${issues.length} problem${issues.length === 1 ? '' : 's'}:\n` +
        issues.map((issue) => `  ${issue.file}: ${issue.field}: ${issue.message}`).join('\n'),
    );
    this.name = 'ContentError';
    this.issues = issues;
  }
}

/** A Zod issue's path as the owner reads it: `features[1].name`, `(the whole file)`. */
export function formatIssuePath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return '(the whole file)';
  return path
    .map((key, index) =>
      typeof key === 'number' ? `[${key}]` : `${index === 0 ? '' : '.'}${String(key)}`,
    )
    .join('');
}
