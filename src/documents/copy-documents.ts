import type { SiteContent } from '../schemas/site-content.ts';
import { formatFeatureEntry } from './markdown-text.ts';
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
 * plain-text fields (names, titles, summaries) escaped, the Markdown bodies as written.
 */
export function buildCopyDocuments(content: SiteContent): CopyDocument[] {
  const { product } = content;
  const productMarkdown = [
    `# ${escapeMarkdownText(product.name)}`,
    '',
    `> ${escapeMarkdownText(product.summary)}`,
    '',
    ...product.features.map(formatFeatureEntry),
    ...(product.features.length > 0 ? [''] : []),
    product.body,
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
      markdown: `# ${escapeMarkdownText(section.title)}\n\n> ${escapeMarkdownText(section.description)}\n\n${section.body}\n`,
    })),
  ];
}
