/** Pushes every ATX heading of a Markdown text down by `levels`, leaving fenced code untouched. */
export function demoteHeadings(markdown: string, levels: number): string {
  let inFence = false;
  return markdown
    .split('\n')
    .map((line) => {
      if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
      if (inFence) return line;
      const heading = /^(#{1,6})(\s.*)$/.exec(line);
      if (!heading) return line;
      const depth = Math.min(6, (heading[1] ?? '').length + levels);
      return `${'#'.repeat(depth)}${heading[2] ?? ''}`;
    })
    .join('\n');
}

/** Formats one llmstxt.org link-list entry: `- [name](url): notes`. */
export function formatLinkEntry(name: string, url: string, notes?: string): string {
  const label = name.replace(/[[\]]/g, '');
  return notes ? `- [${label}](${url}): ${notes}` : `- [${label}](${url})`;
}
