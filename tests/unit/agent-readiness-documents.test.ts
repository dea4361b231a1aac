import { describe, expect, it } from 'vitest';
import { buildSiteRoutes } from '../../src/documents/site-routes.ts';
import { buildAgentReadinessDocuments } from '../../src/documents/agent-readiness-documents.ts';
import { digestText } from '../../src/documents/agent-skills.ts';
import { negotiatePage } from '../../src/http/markdown-negotiation.ts';
import { buildMirrorLinkHeader, buildPageLinkHeader } from '../../src/service/page-link-header.ts';
import { formatContentUsage } from '../../src/documents/robots-txt.ts';
import { buildSiteVercelConfig } from '../../src/documents/site-vercel-config.ts';
import { buildSitemapXml } from '../../src/documents/sitemap-xml.ts';
import { MAIN_PAGES } from '../../src/service/site-pages.ts';
import { API_VERSION } from '../../src/service/versions.ts';
import { readFrontMatter } from '../../src/audit/audit-pages.ts';
import { VercelRouter } from '../../src/server/vercel-routing.ts';
import { AgentSkillsIndexSchema } from '../../src/schemas/agent-skills-index.ts';
import { AiCatalogSchema } from '../../src/schemas/ai-catalog.ts';
import { McpServerCardSchema, McpServerCardV2Schema } from '../../src/schemas/mcp-server-card.ts';
import { buildPageMarkdowns } from '../../src/reference/page-markdown-versions.ts';
import { runToolExamples } from '../../src/reference/tool-examples.ts';
import { loadExpectedSite } from '../support/expected-site.ts';
import { loadFixtureContent } from '../support/fixture-content.ts';
import { buildMcpServerName } from '../../src/documents/mcp-server-identity.ts';
import { listAgentInstructions } from '../../src/documents/agent-instructions.ts';

const site = await loadExpectedSite('https://facts.example.com', await loadFixtureContent('rich'));
/** The fixture's pages and surfaces, its own content pages included. */
const routes = buildSiteRoutes(
  site.content,
  site.mcpTools.map((tool) => tool.name),
);
const documents = buildAgentReadinessDocuments(site);
const LAST_UPDATED = new Date('2026-03-04T05:06:07Z');
const pageMarkdown = buildPageMarkdowns(
  site,
  routes.pages,
  () => LAST_UPDATED,
  await runToolExamples(site),
);
const vercel = new VercelRouter(
  buildSiteVercelConfig(
    site.content,
    site.mcpTools.map((tool) => tool.name),
  ),
  {
    isFile: () => true,
    isFunction: () => false,
  },
);
/** The value of a header the computed Vercel configuration gives a path. */
const headerOf = (pathname: string, key: string) =>
  vercel.route({ pathname, searchParams: new URLSearchParams(), header: () => undefined }).headers[
    key
  ];

describe('buildRobotsTxt', () => {
  it('should name AI crawlers, allow everything, carry Content-Signal and the sitemap', () => {
    const text = documents.robotsTxt;
    expect(text).toMatch(/^User-agent: GPTBot$/m);
    expect(text).toMatch(/^User-agent: ClaudeBot$/m);
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).not.toMatch(/^Disallow:/m);
    // The rich fixture company refuses AI training (aiTrain: false in its agents.yaml).
    const { search, aiInput, aiTrain } = site.content.agents.contentSignals;
    expect([search, aiInput, aiTrain]).toEqual([true, true, false]);
    expect(text).toMatch(/^Content-Signal: search=yes, ai-input=yes, ai-train=no$/m);
    expect(text).toMatch(/^Content-Usage: train-ai=n, search=y$/m);
    expect(text).toMatch(/^Sitemap: https:\/\/facts\.example\.com\/sitemap\.xml$/m);
  });
});

describe('buildSitemapXml', () => {
  it('should list every page, the glossary and the error pages among them, each with its own lastmod', () => {
    const xml = buildSitemapXml(site.urls, routes.pages, (page) =>
      page.section === 'errors' ? new Date('2026-01-02T00:00:00Z') : LAST_UPDATED,
    );
    for (const url of [
      'https://facts.example.com/',
      'https://facts.example.com/developers',
      'https://facts.example.com/glossary',
    ]) {
      expect(xml).toContain(`<url><loc>${url}</loc><lastmod>2026-03-04</lastmod></url>`);
    }
    for (const url of [
      'https://facts.example.com/errors',
      'https://facts.example.com/errors/not_found',
      'https://facts.example.com/errors/invalid_grant',
    ]) {
      expect(xml).toContain(`<url><loc>${url}</loc><lastmod>2026-01-02</lastmod></url>`);
    }
    expect(xml.match(/<url>/g)).toHaveLength(routes.pages.length);
  });
});

describe('page Markdown mirrors', () => {
  it('should open each main page mirror with its copy as title, description and H1', () => {
    for (const page of MAIN_PAGES) {
      const markdown = pageMarkdown.get(page.path) ?? '';
      const copy = site.content.pages[page.name];
      expect(markdown.startsWith(`---\ntitle: ${JSON.stringify(copy.title)}\n`)).toBe(true);
      expect(markdown).toContain(`description: ${JSON.stringify(copy.description)}`);
      expect(markdown).toContain(`\n# ${copy.heading}\n`);
    }
  });

  it('should give every mirror title, description, canonical, doc_version and last_updated', () => {
    expect(pageMarkdown.size).toBe(routes.pages.length);
    for (const page of routes.pages) {
      const front = readFrontMatter(pageMarkdown.get(page.path) ?? '');
      expect(front?.get('title'), page.path).toBeTruthy();
      expect(front?.get('description')?.length, page.path).toBeGreaterThanOrEqual(50);
      expect(front?.get('canonical'), page.path).toBe(new URL(page.path, site.urls.origin).href);
      expect(front?.get('doc_version'), page.path).toBe(API_VERSION);
      expect(front?.get('last_updated'), page.path).toBe('2026-03-04T05:06:07.000Z');
    }
  });

  it('should carry the Instructions for agents right after the "For AI agents" note of every mirror', () => {
    const instructions = listAgentInstructions(site.content).map((sentence) => `- ${sentence}`);
    for (const page of routes.pages) {
      const markdown = pageMarkdown.get(page.path) ?? '';
      const head = markdown.split('\n').slice(0, 30).join('\n');
      expect(head, page.path).toMatch(
        /\n> \*\*For AI agents:\*\*[^\n]*\n\n## Instructions for agents\n\n/,
      );
      expect(head, page.path).toContain(instructions.join('\n'));
    }
  });

  it('should end every mirror with a short Sitemap section linking the main pages and /sitemap.md', () => {
    for (const page of routes.pages) {
      const markdown = pageMarkdown.get(page.path) ?? '';
      const sitemap = markdown.slice(markdown.lastIndexOf('\n## '));
      expect(sitemap.startsWith('\n## Sitemap\n'), page.path).toBe(true);
      for (const path of ['/index.md', '/developers.md', '/docs.md', '/glossary.md', '/sitemap.md'])
        expect(sitemap, page.path).toContain(`](https://facts.example.com${path})`);
    }
  });
});

describe('buildSiteVercelConfig', () => {
  it('should carry the Link header of each page (set by the negotiation) and of each mirror', () => {
    for (const page of routes.pages) {
      expect(headerOf(page.path, 'Link')).toBeUndefined();
      expect(negotiatePage(routes, page.path, 'text/html')?.headers.Link).toBe(
        buildPageLinkHeader(page),
      );
      expect(headerOf(page.path, 'Vary')).toBe('Accept');
      expect(headerOf(page.markdownPath, 'Link')).toBe(buildMirrorLinkHeader(page));
      expect(headerOf(page.markdownPath, 'Content-Type')).toBe('text/markdown; charset=utf-8');
    }
  });

  it('should send the Content-Usage of content/agents.yaml with every page and agent document', async () => {
    // The configuration is computed from the content the site is built from.
    const expected = formatContentUsage(site.content);
    // Every public prerendered surface of the route table: its literal paths and its sample.
    const prerendered = routes.surfaces.filter(
      (surface) => surface.answer.kind === 'file' && surface.listed,
    );
    const paths = prerendered.flatMap((surface) => [
      ...surface.paths.filter((path) => !path.includes('*')),
      surface.sample.path,
    ]);
    expect(paths).toEqual(expect.arrayContaining(['/', '/llms.txt', '/AGENTS.md', '/sitemap.md']));
    for (const path of [...paths, ...routes.pages.map((page) => page.markdownPath)]) {
      expect(headerOf(path, 'Content-Usage'), path).toBe(expected);
    }
    expect(headerOf('/api/v1/no-such-path', 'Content-Usage')).toBeUndefined();
  });
});

describe('MCP server cards', () => {
  it('should publish the SEP-1649 card with the real endpoint and every tool', () => {
    const card = McpServerCardSchema.parse(documents.mcpServerCard);
    expect(card.transport.endpoint).toBe(site.urls.mcp);
    expect(card.tools.map((tool) => tool.name)).toEqual(site.mcpTools.map((tool) => tool.name));
    expect(card.name).toBe(`com.example.facts/${buildMcpServerName(site.content)}`);
  });

  it('should publish a strict SEP-2127 card and an AI Catalog pointing at it', () => {
    expect(McpServerCardV2Schema.parse(documents.mcpServerCardV2).remotes?.[0]?.url).toBe(
      site.urls.mcp,
    );
    expect(AiCatalogSchema.parse(documents.aiCatalog).entries[0]?.url).toBe(
      `${site.urls.mcp}/server-card`,
    );
  });
});

describe('buildAgentSkillsIndex', () => {
  it('should give each skill the sha256 digest of its SKILL.md', () => {
    const index = AgentSkillsIndexSchema.parse(documents.agentSkillsIndex);
    expect(index.skills).toHaveLength(documents.agentSkills.length);
    for (const [i, skill] of documents.agentSkills.entries()) {
      expect(index.skills[i]?.digest).toBe(digestText(skill.markdown));
      expect(index.skills[i]?.url).toBe(`https://facts.example.com${skill.path}`);
      expect(skill.markdown.startsWith(`---\nname: ${skill.name}\n`)).toBe(true);
    }
  });
});
