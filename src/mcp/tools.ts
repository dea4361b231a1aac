import type * as z from 'zod/mini';
import { MEDIA_TYPES } from '../service/media-types.ts';
import { buildCopyDocumentUrl } from '../service/urls.ts';
import type { SiteDocuments } from '../documents/site-documents.ts';
import { buildPassages, SiteSearchIndex } from '../documents/site-search.ts';
import {
  buildToolInputSchemas,
  listSectionSlugs,
  type ToolArguments,
  type ToolName,
} from './tool-inputs.ts';

/** What a tool call produces: the structured result and the text block that carries it. */
export interface ToolOutput {
  readonly structuredContent: Record<string, unknown>;
  readonly text: string;
}

/** The run-time half of a tool: validate the arguments, compute the answer. */
export interface McpToolRunner {
  readonly inputSchema: z.ZodMiniType;
  run(args: unknown): ToolOutput;
}

type Runners = {
  [Name in ToolName]: (args: ToolArguments<Name>) => { structuredContent: object; text?: string };
};

/**
 * Builds the read-only tools over one site's documents; everything they answer is precomputed.
 * Their names, titles, descriptions and JSON Schemas come from the build (tool-descriptors.ts).
 */
export function buildToolRunners(site: SiteDocuments): ReadonlyMap<string, McpToolRunner> {
  const { content, urls } = site;
  const inputs = buildToolInputSchemas(listSectionSlugs(content));
  // Built with the first search, so a cold start that lists tools does not pay for it.
  let searchIndex: SiteSearchIndex | undefined;
  const readSearchIndex = () => (searchIndex ??= new SiteSearchIndex(buildPassages(content, urls)));
  const copyBySlug = new Map(site.copyDocuments.map((document) => [document.slug, document]));
  const agentDocuments = {
    'llms.txt': { uri: urls.llmsTxt, mimeType: MEDIA_TYPES.text, text: site.llmsTxt },
    'llms-full.txt': { uri: urls.llmsFullTxt, mimeType: MEDIA_TYPES.text, text: site.llmsFullTxt },
    'auth.md': { uri: urls.authMd, mimeType: MEDIA_TYPES.markdown, text: site.authMd },
  };
  const runners: Runners = {
    get_company_overview: () => ({ structuredContent: site.overview }),
    get_product: () => ({
      structuredContent: {
        name: content.product.name,
        summary: content.product.summary,
        ...(content.product.category ? { category: content.product.category } : {}),
        features: content.product.features,
        description: content.product.body,
        url: buildCopyDocumentUrl(urls.origin, 'product'),
      },
    }),
    list_calls_to_action: ({ priority }) => ({
      structuredContent: {
        callsToAction: content.callsToAction.filter(
          (cta) => priority === undefined || cta.priority === priority,
        ),
      },
    }),
    get_agent_document: ({ document }) => {
      const entry = agentDocuments[document];
      return { structuredContent: { name: document, ...entry }, text: entry.text };
    },
    get_site_copy_section: ({ section }) => {
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
    search_site_copy: ({ query, limit }) => ({
      structuredContent: { query, results: readSearchIndex().search(query, limit) },
    }),
  };
  return new Map(
    (Object.keys(runners) as ToolName[]).map((name) => {
      const run = runners[name] as (args: unknown) => { structuredContent: object; text?: string };
      return [
        name,
        {
          inputSchema: inputs[name],
          run: (args: unknown) => {
            const { structuredContent, text } = run(args);
            return {
              structuredContent: structuredContent as Record<string, unknown>,
              text: text ?? JSON.stringify(structuredContent, null, 2),
            };
          },
        },
      ];
    }),
  );
}
