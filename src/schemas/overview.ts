import * as z from 'zod';

/** Links of the Overview resource (docs/spec.md §2): every member an absolute URI. */
export const OverviewLinksSchema = z
  .strictObject({
    mcp: z.url().describe('The MCP endpoint (streamable HTTP)'),
    developers: z.url().describe('The developer portal page'),
    docs: z.url().describe('The API documentation page'),
    openapi: z.url().describe('The OpenAPI description at the origin'),
    openapiV1: z.url().describe('The OpenAPI description under the REST v1 base'),
  })
  .meta({
    id: 'OverviewLinks',
    title: 'OverviewLinks',
    description:
      'Where to go next: the MCP endpoint, the developer pages and the OpenAPI description.',
  });

/** The Overview resource, response of GET /api/v1/overview (docs/spec.md §2). */
export const OverviewSchema = z
  .strictObject({
    name: z.string().describe('Company name'),
    alternateName: z.string().describe('Short name'),
    url: z.url().describe("The company's website"),
    description: z
      .string()
      .describe('A paragraph about the company, as content/company.yaml words it'),
    tagline: z.string().describe("The company's one-line tagline"),
    apiVersion: z.string().describe('Version string of the API'),
    links: OverviewLinksSchema,
  })
  .meta({
    id: 'Overview',
    title: 'Overview',
    description: "The company's public overview.",
  });
export type Overview = z.infer<typeof OverviewSchema>;
