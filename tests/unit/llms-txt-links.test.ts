import { describe, expect, it } from 'vitest';
import { buildSiteRoutes } from '../../src/documents/site-routes.ts';
import { buildLlmsTxt } from '../../src/documents/llms-txt.ts';
import { loadExpectedSite } from '../support/expected-site.ts';
import { loadFixtureContent } from '../support/fixture-content.ts';

const site = await loadExpectedSite('https://facts.example.com', await loadFixtureContent('rich'));
/** The fixture's pages and surfaces, its own content pages included. */
const routes = buildSiteRoutes(
  site.content,
  site.mcpTools.map((tool) => tool.name),
);

describe('buildLlmsTxt', () => {
  const text = buildLlmsTxt(site.content, site.urls, site.mcpTools, site.openapi);
  const links = [...text.matchAll(/\]\((https:\/\/facts\.example\.com[^)]*)\)/g)].map((m) => m[1]);

  it('should link every page by its Markdown version, never by its HTML URL', () => {
    for (const page of routes.pages) {
      expect(links).toContain(`https://facts.example.com${page.markdownPath}`);
      expect(links).not.toContain(
        `https://facts.example.com${page.path === '/' ? '/' : page.path}`,
      );
    }
  });

  it('should link the site copy by its Markdown documents', () => {
    const copy = links.filter((link) => link?.includes('/copy/'));
    expect(copy.length).toBe(site.content.copy.length + 1);
    for (const link of copy) expect(link).toMatch(/\.md$/);
  });

  it('should link a content page in the section its front matter names, before ## Optional', () => {
    const page = site.content.contentPages.find((candidate) => candidate.slug === 'our-bakeries');
    expect(page?.llmsSection).toBe('The company');
    const entry = `- [${page?.title}](https://facts.example.com/${page?.slug}.md): ${page?.description}`;
    const section = /^## The company\n\n([\s\S]*?)\n\n## /m.exec(text)?.[1];
    expect(section).toBe(entry);
    expect(text.indexOf('## The company')).toBeLessThan(text.indexOf('## Optional'));
  });

  it('should add a content page to an existing section at its end', () => {
    const page = site.content.contentPages.find((candidate) => candidate.slug === 'our-bakeries');
    if (!page) throw new Error('the rich fixture has a content page');
    const placed = buildLlmsTxt(
      { ...site.content, contentPages: [{ ...page, llmsSection: 'Optional' }] },
      site.urls,
      site.mcpTools,
    );
    expect(placed.trimEnd().split('\n').at(-1)).toContain(
      `(https://facts.example.com/${page.slug}.md)`,
    );
    expect(placed).not.toContain('## The company');
  });
});
