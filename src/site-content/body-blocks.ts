import type { SiteContent } from '../schemas/site-content.ts';
import { listLinkedBodies } from './body-links.ts';
import { listUnclosedBlocks, type UnclosedBlock } from './parse-markdown-outline.ts';

/** A block that a body of content/ leaves open, with the file it is written in. */
export interface BodyUnclosedBlock extends UnclosedBlock {
  /** The file of content/ that opens it (`changelog/2026-03-01-search.md`). */
  readonly file: string;
}

/**
 * Every block that a Markdown body of content/ opens and never closes (listUnclosedBlocks): a code
 * fence, an HTML comment, a `<pre>`. The site joins bodies: the changelog's entries on one page,
 * every body in /llms-full.txt, the product and the copy sections in /index.md; there, such a block
 * would take in every text after it, so it is refused in every body.
 */
export function findUnclosedBlocks(content: SiteContent): BodyUnclosedBlock[] {
  return listLinkedBodies(content).flatMap(({ file, markdown }) =>
    listUnclosedBlocks(markdown).map((block) => ({ ...block, file })),
  );
}

/** What an owner reads about a block left open, after the file and line. */
export function describeUnclosedBlock(block: UnclosedBlock): string {
  const what = /^[`~]/.test(block.opener) ? 'a code block' : 'raw HTML';
  return `opens ${what} with ${block.opener} that the text never closes: where the site joins this text with others (the changelog page, /index.md, /llms-full.txt), everything after it would be taken in; close it with ${block.closer}${what === 'a code block' ? ' on a line of its own' : ''}`;
}
