import { MEDIA_TYPES } from '../service/media-types.ts';
import { buildCopyDocumentUrl } from '../service/urls.ts';
import { serializeJson, type SiteDocuments } from '../documents/site-documents.ts';
import { buildSkillCatalog } from './skills.ts';

/** One readable resource: its wire description and its contents. */
export interface McpResource {
  readonly uri: string;
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly mimeType: string;
  readonly text: string;
}

export interface McpResourceTemplate {
  readonly uriTemplate: string;
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly mimeType: string;
}

export interface ResourceCatalog {
  readonly resources: readonly McpResource[];
  readonly templates: readonly McpResourceTemplate[];
  /** The resource at a URI, listed or produced by a template; undefined when there is none. */
  read(uri: string): McpResource | undefined;
}

/**
 * Every public document as an MCP resource (and, readable but not listed, each skill's SKILL.md), under the same https URL it is served at, so an agent
 * can read it through MCP or over plain HTTP alike. Copy sections also come from a template.
 */
export function buildResourceCatalog(site: SiteDocuments): ResourceCatalog {
  const { urls, content } = site;
  const company = content.company.alternateName;
  const resources: McpResource[] = [
    {
      uri: urls.overview,
      name: 'overview',
      title: `${company} company overview`,
      description: 'The company overview as JSON, the same document as GET /api/v1/overview.',
      mimeType: MEDIA_TYPES.json,
      text: serializeJson(site.overview),
    },
    {
      uri: urls.openapi,
      name: 'openapi',
      title: 'OpenAPI description',
      description: 'The OpenAPI 3.1 description of every endpoint of this service.',
      mimeType: MEDIA_TYPES.json,
      text: serializeJson(site.openapi),
    },
    {
      uri: urls.llmsTxt,
      name: 'llms.txt',
      title: 'llms.txt',
      description: 'A concise Markdown index of the facts and resources, for agents.',
      mimeType: MEDIA_TYPES.text,
      text: site.llmsTxt,
    },
    {
      uri: urls.llmsFullTxt,
      name: 'llms-full.txt',
      title: 'llms-full.txt',
      description: 'The whole public site copy and the API reference in one Markdown text.',
      mimeType: MEDIA_TYPES.text,
      text: site.llmsFullTxt,
    },
    {
      uri: urls.authMd,
      name: 'auth.md',
      title: 'auth.md',
      description: 'How to register anonymously for the optional bearer token.',
      mimeType: MEDIA_TYPES.markdown,
      text: site.authMd,
    },
    ...site.copyDocuments.map((document) => ({
      uri: buildCopyDocumentUrl(urls.origin, document.slug),
      name: `copy/${document.slug}`,
      title: document.title,
      description: document.description,
      mimeType: MEDIA_TYPES.markdown,
      text: document.markdown,
    })),
  ];
  // The agent skills' SKILL.md files are read under their skill:// URIs (skills extension,
  // SEP-2640) but listed by skills/list only: resources/list keeps to documents served over https.
  const readable = [...resources, ...buildSkillCatalog(site).resources];
  const byUri = new Map(readable.map((resource) => [resource.uri, resource]));
  return {
    resources,
    templates: [
      {
        uriTemplate: `${urls.origin}/copy/{section}.md`,
        name: 'copy-section',
        title: `${company} site copy section`,
        description: `One section of the site copy as Markdown; section is one of ${site.copyDocuments.map((document) => document.slug).join(', ')}.`,
        mimeType: MEDIA_TYPES.markdown,
      },
    ],
    read: (uri) => byUri.get(uri),
  };
}
