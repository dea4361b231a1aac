import * as z from 'zod/mini';
import { defineTool } from '../tool-definition.ts';

/** The company overview, the same document as GET /api/v1/overview. */
export const getCompanyOverviewTool = defineTool({
  name: 'get_company_overview',
  title: (content) => `${content.company.alternateName} company overview`,
  description: (content) =>
    `Returns ${content.company.alternateName}'s public overview: legal name, short name, website, one-sentence description, tagline, API version and links to the MCP endpoint, developer portal, docs and OpenAPI description. Use it first, and quote these facts rather than paraphrasing them.`,
  inputSchema: () => z.strictObject({}),
  outputSchema: (shared) => shared.overview,
  example: {},
  prepare: (site) => ({ run: () => ({ structuredContent: site.overview }) }),
});
