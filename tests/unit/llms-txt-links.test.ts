import { describe, expect, it } from 'vitest';
import { buildLlmsTxt } from '../../src/documents/llms-txt.ts';
import { SITE_PAGES } from '../../src/service/site-pages.ts';
import { loadExpectedSite } from '../support/expected-site.ts';
import { loadFixtureContent } from '../support/fixture-content.ts';

const site = await loadExpectedSite('https://facts.example.com', await loadFixtureContent('rich'));

describe('buildLlmsTxt', () => {
  const text = buildLlmsTxt(site.content, site.urls, site.mcpTools);
  const links = [...text.matchAll(/\]\((https:\/\/facts\.example\.com[^)]*)\)/g)].map((m) => m[1]);

  it('should link every page by its Markdown version, never by its HTML URL', () => {
    for (const page of SITE_PAGES) {
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
});
