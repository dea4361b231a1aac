import type { SiteContent } from '../schemas/site-content.ts';
import type { SiteOutlines } from '../schemas/markdown-outline.ts';
import { demoteHeadings, formatFeatureEntry, readOutline } from './markdown-text.ts';
import { escapeMarkdownText } from '../service/escape-markdown.ts';

/** One section of the site copy as a stand-alone Markdown document, served at /copy/<slug>.md. */
export interface CopyDocument {
  readonly slug: string;
  readonly title: string;
  readonly description: string;
  readonly markdown: string;
}

/**
 * Builds the product description and every copy section as Markdown documents, product first: the
 * plain-text fields (names, titles, summaries) escaped, the Markdown bodies as written under the
 * document's `#` title, their own headings nested under it (a body's `#` becomes `##`, so the
 * title stays the document's one h1; a body written from `##` keeps its bytes), their links to
 * the site made absolute as the home page (`homeUrl`), where the sections are shown, resolves them
 * (an agent may read the text with no address); their links to their own headings as written.
 */
export function buildCopyDocuments(
  content: SiteContent,
  outlines: SiteOutlines,
  homeUrl: string,
): CopyDocument[] {
  const { product } = content;
  const productMarkdown = [
    `# ${escapeMarkdownText(product.name)}`,
    '',
    `> ${escapeMarkdownText(product.summary)}`,
    '',
    ...product.features.map(formatFeatureEntry),
    ...(product.features.length > 0 ? [''] : []),
    demoteHeadings(product.body, outlines.product, 0, { pageUrl: homeUrl, ownFragments: true }),
    '',
  ].join('\n');
  return [
    {
      slug: 'product',
      title: product.name,
      description: product.summary,
      markdown: productMarkdown,
    },
    ...content.copy.map((section) => ({
      slug: section.slug,
      title: section.title,
      description: section.description,
      markdown: `# ${escapeMarkdownText(section.title)}\n\n> ${escapeMarkdownText(section.description)}\n\n${demoteHeadings(section.body, readOutline(outlines.copy, section.slug), 0, { pageUrl: homeUrl, ownFragments: true })}\n`,
    })),
  ];
}
