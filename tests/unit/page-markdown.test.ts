import { describe, expect, it } from 'vitest';
import { joinMarkdown } from '../../src/documents/markdown-text.ts';
import {
  buildHomeMarkdownBody,
  buildMarkdownSitemapSection,
} from '../../src/documents/page-markdown.ts';
import { buildSiteNavigation } from '../../src/reference/site-navigation.ts';
import { parseMarkdownOutline } from '../../src/site-content/parse-markdown-outline.ts';
import { loadExpectedSite } from '../support/expected-site.ts';
import { loadFixtureContent } from '../support/fixture-content.ts';

const site = await loadExpectedSite('https://facts.example.com', await loadFixtureContent('rich'));

describe('buildHomeMarkdownBody', () => {
  const text = joinMarkdown(buildHomeMarkdownBody(site), site.urls.origin, '/');
  const headings = parseMarkdownOutline(text).headings;

  it("should hold no H1, and as second-level headings the introduction's, as the page shows them, then the sections", () => {
    expect(headings.filter((heading) => heading.depth === 1)).toEqual([]);
    expect(headings.filter((heading) => heading.depth === 2).map(({ text }) => text)).toEqual([
      // The rich company's home.md: one `##` in its introduction, an h2 under the page's h1.
      'Our bakeries in numbers',
      site.content.product.name,
      'For developers and AI agents',
      ...site.content.copy.map((section) => section.title),
    ]);
  });

  it('should push setext and # headings under their section and leave a fenced example untouched', () => {
    // The rich company's savoir-faire.md: "Allergen sheets" over dashes, then a ```` fence whose
    // example holds a ``` fence of its own, with "# Baguette de tradition" in it.
    expect(headings.find((heading) => heading.text === 'Allergen sheets')?.depth).toBe(3);
    expect(text).toContain('\n### Allergen sheets\n');
    expect(text).toContain('````md\n```text\n# Baguette de tradition\nfarine');
    expect(headings.map((heading) => heading.text)).not.toContain('Baguette de tradition');
    // Its apprentissage.md writes `#` headings, over equals signs and after `#`: each sits under
    // the section's heading, not beside it.
    for (const title of ['The programme', "After two years: the apprentice's own bakery"]) {
      expect(headings.find((heading) => heading.text === title)?.depth, title).toBe(3);
    }
  });
});

describe("buildHomeMarkdownBody with the hero's image", () => {
  it('should show it after the calls to action, its alt text escaped and its address absolute', () => {
    const image = { url: '/_astro/fournil-plan.B1x2.webp', alt: 'The [Fournil] plan of a bakery' };
    const lines = buildHomeMarkdownBody(site, image).filter((line) => typeof line === 'string');
    const shown = lines.indexOf(
      '![The \\[Fournil\\] plan of a bakery](https://facts.example.com/_astro/fournil-plan.B1x2.webp)',
    );
    expect(shown).toBeGreaterThan(lines.findIndex((line) => line.startsWith('- [')));
    expect(shown).toBeLessThan(lines.findIndex((line) => line.startsWith('- Founded')));
    expect(joinMarkdown(buildHomeMarkdownBody(site), site.urls.origin, '/')).not.toContain(
      '](https://facts.example.com/_astro/',
    );
  });
});

describe('buildMarkdownSitemapSection', () => {
  it("should link the header's pages by the header's labels, the owner's navLabel and pages included", async () => {
    // A site in Hindi labelled its header मुखपृष्ठ · डेवलपर · API दस्तावेज़ and its Markdown
    // versions' sitemap "Home · Developers · API docs"; one in Vietnamese left out its "Bảng giá".
    const rightToLeft = await loadExpectedSite(
      'https://facts.example.com',
      await loadFixtureContent('right-to-left'),
    );
    const { content } = rightToLeft;
    const [, , line] = buildMarkdownSitemapSection(
      rightToLeft.urls,
      buildSiteNavigation({
        ...content,
        pages: { ...content.pages, home: { ...content.pages.home, navLabel: 'मुखपृष्ठ [main]' } },
      }),
    );
    expect(content.pages.docs.navLabel).toBe('التوثيق');
    expect(line).toBe(
      [
        '[मुखपृष्ठ \\[main\\]](https://facts.example.com/index.md)',
        // The fixture's own page, in the header's order (its navOrder, 15).
        '[الباقات](https://facts.example.com/al-baqat.md)',
        '[المطورون](https://facts.example.com/developers.md)',
        '[التوثيق](https://facts.example.com/docs.md)',
        '[Glossary](https://facts.example.com/glossary.md)',
        '[Errors](https://facts.example.com/errors.md)',
        '[Every page](https://facts.example.com/sitemap.md)',
      ].join(' · '),
    );
  });
});
