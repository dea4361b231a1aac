import type { SiteContent } from '../schemas/site-content.ts';

/** One section of the site copy as a stand-alone Markdown document, served at /copy/<slug>.md. */
export interface CopyDocument {
  readonly slug: string;
  readonly title: string;
  readonly description: string;
  readonly markdown: string;
}

/** Builds the product description and every copy section as Markdown documents, product first. */
export function buildCopyDocuments(content: SiteContent): CopyDocument[] {
  const { product } = content;
  const productMarkdown = [
    `# ${product.name}`,
    '',
    `> ${product.summary}`,
    '',
    ...product.features.map((feature) => `- **${feature.name}**: ${feature.description}`),
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
      markdown: `# ${section.title}\n\n> ${section.description}\n\n${section.body}\n`,
    })),
  ];
}
