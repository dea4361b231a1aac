/**
 * The API reference as pages: the sidebar's groups (every page of /docs/..., plus the error
 * pages), each page's title, description and breadcrumb trail, and the previous and next page.
 * Generated from the OpenAPI document and the MCP descriptors, never a hand list; the route table
 * names the same pages (`src/service/docs-pages.ts`).
 * @see docs/pages.md ("The reference: a page per thing")
 */

import { endSentence } from '../documents/end-sentence.ts';
import type { SiteDocuments } from '../documents/site-documents.ts';
import {
  buildOperationPagePath,
  buildSchemaPagePath,
  buildToolPagePath,
  MCP_PROMPTS_PAGE_PATH,
  MCP_RESOURCES_PAGE_PATH,
} from '../service/docs-pages.ts';
import { listErrorCatalogue } from '../service/error-catalogue.ts';
import {
  groupOperationsByTag,
  readOpenApiOverview,
  type ReferenceOperation,
} from './api-reference.ts';

/**
 * The anchor of an operation tag's group (`Agent resources` -> `tag-agent-resources`): the id
 * the tag's section had on the one-page /docs, kept on the entry page's index.
 */
export function buildTagId(tagName: string): string {
  return `tag-${tagName.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
}

/** One link of the sidebar. */
export interface DocsNavItem {
  readonly path: string;
  /** What the sidebar shows. */
  readonly label: string;
  /** An HTTP method shown before the label (operations only). */
  readonly method?: string;
  /** True when the label is a name in code (a tool, a schema, an error code). */
  readonly code: boolean;
  /**
   * The id this thing had on the one-page /docs (`#getOverview`, `#tool-get_product`): the entry
   * page keeps it on its link here, so a bookmarked `/docs#<id>` still leads to the page.
   */
  readonly formerId?: string;
  /** One sentence: the page's meta description and the entry page's index. */
  readonly description: string;
  /** The title of the page (`<title>`, the H1 of the Markdown version). */
  readonly title: string;
  /** False for a page outside /docs (the errors): no previous or next link leads there. */
  readonly isDocsPage: boolean;
}

/** One group of the sidebar. */
export interface DocsNavGroup {
  /** Its anchor on the entry page (the one-page /docs' section id, kept for old links). */
  readonly id: string;
  readonly label: string;
  readonly items: readonly DocsNavItem[];
}

/** The entry page as the sidebar lists it first. */
const ENTRY_PATH = '/docs';

function describeOperation(operation: ReferenceOperation, apiTitle: string): DocsNavItem {
  return {
    path: buildOperationPagePath(operation.operationId),
    label: operation.summary,
    method: operation.method,
    code: false,
    formerId: operation.operationId,
    description: endSentence(
      `${operation.summary} (${operation.method} ${operation.path}): its parameters, responses, errors and code samples`,
    ),
    title: `${operation.method} ${operation.path}: ${operation.summary} (${apiTitle})`,
    isDocsPage: true,
  };
}

/**
 * The sidebar of the reference, in reading order: the entry page, the operations by their
 * OpenAPI tag, the MCP tools, the MCP resources and prompts, the schemas, then the errors.
 */
export function buildDocsNavigation(site: SiteDocuments): DocsNavGroup[] {
  const { info, components } = readOpenApiOverview(site.openapi);
  const apiTitle = site.content.company.alternateName;
  const docs = site.content.pages.docs;
  return [
    {
      id: 'get-started',
      label: 'Get started',
      items: [
        {
          path: ENTRY_PATH,
          label: 'Overview and quickstart',
          code: false,
          description: docs.description,
          title: docs.title,
          isDocsPage: true,
        },
      ],
    },
    ...groupOperationsByTag(site.openapi).map((tag) => ({
      id: buildTagId(tag.name),
      label: tag.name === 'REST' ? 'REST API' : tag.name,
      items: tag.operations.map((operation) => describeOperation(operation, apiTitle)),
    })),
    {
      id: 'mcp-tools',
      label: 'MCP tools',
      items: site.mcpTools.map((tool) => ({
        path: buildToolPagePath(tool.name),
        label: tool.name,
        code: true,
        formerId: `tool-${tool.name}`,
        description: endSentence(
          `The MCP tool ${tool.name} (${tool.title}): ${tool.description.split(/(?<=\.)\s/)[0]?.replace(/\.$/, '') ?? ''}`,
        ),
        title: `MCP tool ${tool.name}: ${tool.title} (${apiTitle})`,
        isDocsPage: true,
      })),
    },
    {
      id: 'mcp',
      label: 'MCP resources and prompts',
      items: [
        {
          path: MCP_RESOURCES_PAGE_PATH,
          label: 'Resources',
          code: false,
          formerId: 'mcp-resources',
          description: 'The MCP resources this server lists, each also served over plain HTTP.',
          title: `MCP resources (${apiTitle})`,
          isDocsPage: true,
        },
        {
          path: MCP_PROMPTS_PAGE_PATH,
          label: 'Prompts',
          code: false,
          formerId: 'mcp-prompts',
          description: 'The MCP prompts this server offers and their arguments.',
          title: `MCP prompts (${apiTitle})`,
          isDocsPage: true,
        },
      ],
    },
    {
      id: 'schemas',
      label: 'Schemas',
      items: Object.entries(components.schemas).map(([name, schema]) => ({
        path: buildSchemaPagePath(name),
        label: name,
        code: true,
        formerId: `schema-${name}`,
        description: endSentence(
          `The ${name} schema, every field with its type and meaning${
            typeof schema.description === 'string'
              ? `: ${schema.description.split(/(?<=\.)\s/)[0]?.replace(/\.$/, '') ?? ''}`
              : ` (${info.title})`
          }`,
        ),
        title: `Schema ${name} (${apiTitle})`,
        isDocsPage: true,
      })),
    },
    {
      id: 'error-catalogue',
      label: 'Errors',
      items: [
        {
          path: '/errors',
          label: 'Every error',
          code: false,
          description: "Each error's status and meaning.",
          title: 'Errors',
          isDocsPage: false,
        },
        ...listErrorCatalogue().map((entry) => ({
          path: `/errors/${entry.code}`,
          label: entry.code,
          code: true,
          description: entry.detail,
          title: `Error ${entry.code}`,
          isDocsPage: false,
        })),
      ],
    },
  ];
}

/** Where a reference page stands: its entry, its group, and its neighbours in reading order. */
export interface DocsPlace {
  readonly item: DocsNavItem;
  readonly group: DocsNavGroup;
  readonly previous?: DocsNavItem;
  readonly next?: DocsNavItem;
}

/** The place of the page at `path` among the reference's pages; a path outside it fails. */
export function findDocsPlace(groups: readonly DocsNavGroup[], path: string): DocsPlace {
  const pages = groups.flatMap((group) =>
    group.items.filter((item) => item.isDocsPage).map((item) => ({ item, group })),
  );
  const index = pages.findIndex((page) => page.item.path === path);
  const here = pages[index];
  if (!here) throw new Error(`${path} is no page of the reference`);
  const previous = index > 0 ? pages[index - 1]?.item : undefined;
  const next = pages[index + 1]?.item;
  return {
    item: here.item,
    group: here.group,
    ...(previous ? { previous } : {}),
    ...(next ? { next } : {}),
  };
}

/** One step of a breadcrumb trail. */
export interface Crumb {
  readonly name: string;
  readonly path: string;
}

/**
 * The breadcrumb trail above a reference page, the page itself last: API docs, its group (the
 * group's section of the entry page), the page. The entry page's trail is itself alone.
 */
export function buildDocsTrail(place: DocsPlace): Crumb[] {
  if (place.item.path === ENTRY_PATH) return [{ name: 'API docs', path: ENTRY_PATH }];
  return [
    { name: 'API docs', path: ENTRY_PATH },
    { name: place.group.label, path: `${ENTRY_PATH}#${place.group.id}` },
    { name: place.item.label, path: place.item.path },
  ];
}
