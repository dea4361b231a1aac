import * as z from 'zod/mini';
import { buildCopyDocumentUrl } from '../../service/urls.ts';
import { defineTool } from '../tool-definition.ts';

/** The product description: summary, category, features and the Markdown body. */
export const getProductTool = defineTool({
  name: 'get_product',
  title: (content) => `${content.product.name} product description`,
  description: (content) =>
    `Returns the public description of ${content.product.name}: summary, category, key features and the full description in Markdown. Use it to explain what the product does and who it is for.`,
  inputSchema: () => z.strictObject({}),
  outputSchema: (shared) =>
    z.strictObject({
      name: z.string().check(z.describe("The product's name")),
      summary: z.string().check(z.describe('The product in a sentence or two')),
      category: z.optional(z.string()).check(z.describe('The kind of product, when given')),
      features: z.array(shared.productFeature).check(z.describe('The main features')),
      description: z.string().check(z.describe('The product description, in Markdown')),
      url: z.url().check(z.describe('The description as a Markdown document')),
    }),
  example: {},
  prepare: ({ content, urls }) => ({
    run: () => ({
      structuredContent: {
        name: content.product.name,
        summary: content.product.summary,
        ...(content.product.category ? { category: content.product.category } : {}),
        features: content.product.features,
        description: content.product.body,
        url: buildCopyDocumentUrl(urls.origin, 'product'),
      },
    }),
  }),
});
