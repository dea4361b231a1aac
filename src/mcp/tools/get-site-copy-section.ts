import * as z from 'zod/mini';
import type { SiteContent } from '../../schemas/site-content.ts';
import { buildCopyDocumentUrl } from '../../service/urls.ts';
import { defineTool } from '../tool-definition.ts';

/** The copy sections the tool can name: the product description first, then each section. */
function listSectionSlugs(content: SiteContent): [string, ...string[]] {
  return ['product', ...content.copy.map((section) => section.slug)];
}

/** One section of the site copy (or the product description) as Markdown. */
export const getSiteCopySectionTool = defineTool({
  name: 'get_site_copy_section',
  title: (content) => `${content.company.alternateName} site copy section`,
  description: (content) => {
    const sections = [
      `product (${content.product.name})`,
      ...content.copy.map((section) => `${section.slug} (${section.title})`),
    ].join(', ');
    return `Returns one section of ${content.company.alternateName}'s public site copy as Markdown. Sections: ${sections}.`;
  },
  inputSchema: (content) =>
    z.strictObject({
      section: z.enum(listSectionSlugs(content)).check(z.describe('The section slug')),
    }),
  outputSchema: () =>
    z.strictObject({
      slug: z.string().check(z.describe('The section asked for')),
      title: z.string().check(z.describe("The section's title")),
      description: z.string().check(z.describe('What the section is about, in a sentence')),
      uri: z.url().check(z.describe('The section as a Markdown document over HTTP')),
      markdown: z.string().check(z.describe('The whole section, in Markdown')),
    }),
  example: { section: 'product' },
  prepare: ({ copyDocuments, urls }) => {
    const copyBySlug = new Map(copyDocuments.map((document) => [document.slug, document]));
    return {
      run: ({ section }) => {
        const document = copyBySlug.get(section);
        if (!document) throw new Error(`section ${section} is in the schema but not in the site`);
        return {
          structuredContent: {
            slug: document.slug,
            title: document.title,
            description: document.description,
            uri: buildCopyDocumentUrl(urls.origin, document.slug),
            markdown: document.markdown,
          },
          text: document.markdown,
        };
      },
    };
  },
});
