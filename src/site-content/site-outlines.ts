import type { SiteOutlines } from '../schemas/markdown-outline.ts';
import type { SiteContent } from '../schemas/site-content.ts';
import { planRenamedHeadingIds } from './heading-ids.ts';
import { parseMarkdownOutline } from './parse-markdown-outline.ts';

/**
 * Parses the product description, every copy section and every page body, and plans the ids their
 * pages give their headings (build time only: the parser is native).
 */
export function parseSiteOutlines(content: SiteContent): SiteOutlines {
  return {
    product: parseMarkdownOutline(content.product.body),
    copy: Object.fromEntries(
      content.copy.map((section) => [section.slug, parseMarkdownOutline(section.body)]),
    ),
    pages: {
      home: parseMarkdownOutline(content.pages.home.body),
      developers: parseMarkdownOutline(content.pages.developers.body),
      docs: parseMarkdownOutline(content.pages.docs.body),
    },
    contentPages: Object.fromEntries(
      content.contentPages.map((page) => [page.slug, parseMarkdownOutline(page.body)]),
    ),
    renamedIds: planRenamedHeadingIds(content),
  };
}
