import type { ContentPage, PageName, SiteContent } from '../schemas/site-content.ts';
import { listErrorCatalogue } from '../service/error-catalogue.ts';
import { MAIN_PAGES } from '../service/site-pages.ts';
import { buildAgentInstructionsSection } from './agent-instructions.ts';
import { endSentence } from './end-sentence.ts';
import { buildJsonDocumentPageUrl, listJsonDocumentEntries } from './json-document-pages.ts';
import { formatLinkEntry } from './markdown-text.ts';
import { buildCopyDocumentUrl, type ServiceUrls } from '../service/urls.ts';

/** What llms.txt says of an MCP tool: its name, title and description, as tools/list has them. */
export interface LlmsTxtTool {
  readonly name: string;
  readonly title: string;
  readonly description: string;
}

/**
 * Builds /llms.txt: H1, blockquote summary, free text, the "Instructions for agents", H2 link
 * lists and an `## Optional` section; pages and copy are linked by their Markdown versions, each
 * JSON document by the Markdown page that describes it, each MCP tool by the reference that
 * documents it.
 * @see https://llmstxt.org/ (the llms.txt format)
 */
export function buildLlmsTxt(
  content: SiteContent,
  urls: ServiceUrls,
  tools: readonly LlmsTxtTool[],
): string {
  const { company, agents, product, callsToAction, pages } = content;
  const markdownUrl = (name: PageName) =>
    `${urls.origin}${MAIN_PAGES.find((page) => page.name === name)?.markdownPath ?? ''}`;
  // Each JSON document is linked by the Markdown page that describes it (and links the JSON).
  const jsonDocuments = new Map(
    listJsonDocumentEntries(content, urls).map((entry) => [entry.slug, entry]),
  );
  const jsonDocumentEntry = (slug: string) => {
    const entry = jsonDocuments.get(slug);
    if (!entry) throw new Error(`llms.txt names an unknown JSON document: ${slug}`);
    return formatLinkEntry(
      entry.title,
      buildJsonDocumentPageUrl(urls.origin, slug),
      entry.description,
    );
  };
  const lines = [
    `# ${company.name}`,
    '',
    `> ${agents.summary.replace(/\s*\n\s*/g, ' ')}`,
    '',
    `${company.tagline} ${company.description}`,
    '',
    ...buildAgentInstructionsSection(content),
    '## Facts',
    '',
    jsonDocumentEntry('overview'),
    formatLinkEntry(
      'Full site copy',
      urls.llmsFullTxt,
      endSentence(
        `All the public site copy in one text: ${[product.name, ...content.copy.map((section) => section.title)].join('; ')}`,
      ),
    ),
    formatLinkEntry(company.alternateName, company.website, `The company's website.`),
    '',
    '## Site copy',
    '',
    formatLinkEntry(product.name, buildCopyDocumentUrl(urls.origin, 'product'), product.summary),
    ...content.copy.map((section) =>
      formatLinkEntry(
        section.title,
        buildCopyDocumentUrl(urls.origin, section.slug),
        section.description,
      ),
    ),
    '',
    '## Calls to action',
    '',
    ...callsToAction.map((cta) => formatLinkEntry(cta.label, cta.url, cta.description)),
    '',
    '## For agents and developers',
    '',
    jsonDocumentEntry('mcp'),
    jsonDocumentEntry('openapi'),
    formatLinkEntry('Developer portal', markdownUrl('developers'), pages.developers.description),
    formatLinkEntry('API documentation', markdownUrl('docs'), pages.docs.description),
    formatLinkEntry(
      'auth.md',
      urls.authMd,
      'How to register anonymously for an optional bearer token that only labels your traffic.',
    ),
    formatLinkEntry(
      'AGENTS.md',
      urls.agentsMd,
      'How an agent uses this site: getting started, usage and reference.',
    ),
    formatLinkEntry(
      'Markdown sitemap',
      urls.sitemapMd,
      "Every page's Markdown version, the site copy and the agent documents.",
    ),
    formatLinkEntry(
      'Glossary',
      `${urls.origin}/glossary.md`,
      'The terms used here, from MCP to problem details, each with its source.',
    ),
    '',
    '## MCP tools',
    '',
    ...tools.map((tool) =>
      formatLinkEntry(
        tool.name,
        markdownUrl('docs'),
        `${endSentence(tool.title)} ${tool.description}`,
      ),
    ),
    '',
    '## Errors',
    '',
    formatLinkEntry(
      'Every error',
      `${urls.origin}/errors.md`,
      "Each error's status and meaning; a problem's type links to its page.",
    ),
    ...listErrorCatalogue().map((entry) =>
      formatLinkEntry(
        `${entry.code} (${entry.status} ${entry.title})`,
        `${urls.origin}/errors/${entry.code}.md`,
        entry.detail,
      ),
    ),
    '',
    '## Optional',
    '',
    jsonDocumentEntry('api-catalog'),
    jsonDocumentEntry('oauth-protected-resource'),
    jsonDocumentEntry('oauth-authorization-server'),
    jsonDocumentEntry('ai-catalog'),
    formatLinkEntry('Home page', markdownUrl('home'), pages.home.description),
    '',
  ];
  return placeContentPages(lines, content.contentPages, urls).join('\n');
}

/**
 * Links each content page's Markdown version in the `## <llmsSection>` its front matter names:
 * at the end of that section when llms.txt has it, else in a new section before `## Optional`
 * (which llms.txt readers may skip), in the order of the pages.
 */
function placeContentPages(
  lines: readonly string[],
  contentPages: readonly ContentPage[],
  urls: ServiceUrls,
): string[] {
  const placed = [...lines];
  const sections = [...new Set(contentPages.map((page) => page.llmsSection))];
  for (const section of sections) {
    const entries = contentPages
      .filter((page) => page.llmsSection === section)
      .map((page) =>
        formatLinkEntry(page.title, `${urls.origin}/${page.slug}.md`, page.description),
      );
    const start = placed.indexOf(`## ${section}`);
    if (start >= 0) {
      // The section's list ends at its blank line before the next heading (or the end).
      const next = placed.findIndex((line, index) => index > start + 1 && line === '');
      placed.splice(next < 0 ? placed.length : next, 0, ...entries);
    } else {
      const optional = placed.indexOf('## Optional');
      placed.splice(
        optional < 0 ? placed.length : optional,
        0,
        `## ${section}`,
        '',
        ...entries,
        '',
      );
    }
  }
  return placed;
}
