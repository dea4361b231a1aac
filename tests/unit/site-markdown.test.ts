import { describe, expect, it, vi } from 'vitest';
import { buildSiteMarkdown } from '../../src/integrations/site-markdown.ts';
import { resolveLanguageMarks } from '../../src/site-content/page-languages.ts';
import { isFenceLanguageKnown } from '../../src/reference/code-highlighting.ts';
import { readPageSections } from '../../src/integrations/page-sections.ts';

/** The Markdown of content/ as the pages render it, through the processor astro.config.mjs uses. */
async function renderWithHeadings(
  markdown: string,
  { locale = 'en', frontmatter }: { locale?: string; frontmatter?: Record<string, unknown> } = {},
) {
  const { processor, syntaxHighlight, shikiConfig } = buildSiteMarkdown(
    resolveLanguageMarks(locale),
  );
  const renderer = await processor.createRenderer({ syntaxHighlight, shikiConfig });
  const { code, metadata } = await renderer.render(markdown, frontmatter ? { frontmatter } : {});
  return { html: code, headings: metadata.headings };
}

async function render(markdown: string, locale = 'en'): Promise<string> {
  return (await renderWithHeadings(markdown, { locale })).html;
}

describe("content/'s Markdown as the pages render it", () => {
  it('should highlight a fenced block by token classes, named by its language, with no inline style', async () => {
    const html = await render('```sh\ncurl -s "https://example.com/a?b=1" | jq .name\n```\n');
    // In the components' code-block element, where CopyButtons.astro's script adds the button.
    expect(html).toMatch(
      /^<div class="code-block" data-label="the code"><pre class="highlighted" tabindex="0" data-language="sh"><code class="language-sh">/,
    );
    expect(html).toContain('<span class="tok-function">curl</span>');
    expect(html).toContain(
      '<span class="tok-string-expression"> "https://example.com/a?b=1"</span>',
    );
    expect(html).not.toMatch(/\sstyle=/);
    // One tabindex: Shiki's, not a second from the content-code-blocks plugin.
    expect(html.match(/tabindex=/g)).toHaveLength(1);
  });

  it("should read a fence's language in any case, as GitHub does", async () => {
    const cases = [
      ['JSON', '{"a": 1}', '<span class="tok-keyword">"a"</span>'],
      ['Python', 'import os', '<span class="tok-keyword">import</span>'],
      ['TypeScript', 'const a = 1;', '<span class="tok-keyword">const</span>'],
      ['YAML', 'a: 1', '<span class="tok-keyword">a:</span>'],
      ['Bash', 'echo hi', '<span class="tok-function">echo</span>'],
    ] as const;
    for (const [lang, code, token] of cases) {
      const html = await render(`\`\`\`${lang}\n${code}\n\`\`\`\n`);
      expect(html, lang).toContain(`data-language="${lang}"><code class="language-${lang}">`);
      expect(html, lang).toContain(token);
      expect(isFenceLanguageKnown(lang), lang).toBe(true);
    }
    expect(isFenceLanguageKnown('nolang-x')).toBe(false);
  });

  it("should colour a diff's added, removed and changed lines by class, with no inline style", async () => {
    const html = await render(
      '```diff\n@@ -1 +1 @@\n- old line\n+ new line\n  same\n! changed\n```\n',
    );
    expect(html).not.toMatch(/\sstyle=/);
    expect(html).toContain('<span class="line">@@ -1 +1 @@</span>');
    expect(html).toContain('<span class="line"><span class="tok-deleted">- old line</span></span>');
    expect(html).toContain(
      '<span class="line"><span class="tok-inserted">+ new line</span></span>',
    );
    expect(html).toContain('<span class="line">  same</span>');
    expect(html).toContain('<span class="line"><span class="tok-changed">! changed</span></span>');
  });

  it('should show a block with no language, or one Shiki does not know, as plain code that takes the focus', async () => {
    const warnings: unknown[][] = [];
    const warn = vi.spyOn(console, 'warn').mockImplementation((...args) => warnings.push(args));
    try {
      for (const markdown of [
        '```\na <b> & c\n```\n',
        '    a <b> & c\n',
        '```nolang-x\na <b> & c\n```\n',
      ]) {
        const html = await render(markdown);
        expect(html, markdown).toBe(
          '<div class="code-block" data-label="the code"><pre class="highlighted" tabindex="0" data-language="plaintext"><code class="language-plaintext"><span class="line">a &lt;b&gt; &amp; c</span></code></pre></div>\n',
        );
      }
    } finally {
      warn.mockRestore();
    }
    // What the build prints for the unknown language (docs/owners.md quotes it).
    expect(warnings).toEqual([
      ['[Shiki] The language "nolang-x" doesn\'t exist, falling back to "plaintext".'],
    ]);
  });

  it("should keep markup in a fence's language out of the page", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const html = await render('```"><img/src=x/onerror=alert(1)>\ncode\n```\n');
      expect(html).not.toContain('<img');
      expect(html).toContain('data-language="plaintext"><code class="language-plaintext">');
    } finally {
      warn.mockRestore();
    }
  });

  it('should keep quotes and apostrophes as written and give a heading a link to itself', async () => {
    const html = await render('## It\'s "ours"\n\nWe\'re here.\n');
    expect(html).toContain('It\'s "ours"');
    expect(html).toContain("We're here.");
    expect(html).toMatch(/<h2 id="its-ours">/);
    expect(html).toContain('href="#its-ours"');
    // Content in English: the link's English name needs no mark of its own.
    expect(html).not.toContain(' lang=');
  });

  it("should mark a heading link's name as the site's English words in content of another language", async () => {
    const html = await render('## Η αρχή\n\nΚείμενο.\n', 'el-GR');
    expect(html).toMatch(/<h2 id="η-αρχή">Η αρχή<\/h2>/);
    expect(html).toMatch(
      /<a class="heading-anchor" href="#η-αρχή" aria-label="Link to the section Η αρχή" lang="en"/,
    );
    expect(await render('## Colour\n', 'en-GB')).not.toContain(' lang=');
  });

  it('should give the headings the ids the content loader planned, in order, past the plan slugs no planned id holds', async () => {
    const { html, headings } = await renderWithHeadings(
      '## OAuth\n\n##### Deep\n\n### Limits\n\n## Rest\n\n## OAuth 1\n',
      { frontmatter: { headingIds: ['oauth-1', 'deep', 'limits-1'] } },
    );
    expect(headings.map((heading) => heading.slug)).toEqual([
      'oauth-1',
      'deep',
      'limits-1',
      'rest',
      'oauth-1-1',
    ]);
    expect(html).toContain('<h2 id="oauth-1">OAuth</h2>');
    expect(html).toContain('href="#oauth-1"');
    // A link to a heading of the body follows its new id; one to another part of the page not.
    const linked = await renderWithHeadings(
      'See [OAuth](#oauth), [Détails](#d%C3%A9tails) and [the site](#three-ways-in).\n\n## OAuth\n\n## Détails\n',
      {
        frontmatter: {
          headingIds: ['oauth-1', 'détails-1'],
          renamedIds: { oauth: 'oauth-1', détails: 'détails-1' },
        },
      },
    );
    expect(linked.html).toContain(
      '<a href="#oauth-1">OAuth</a>, <a href="#détails-1">Détails</a> and <a href="#three-ways-in">the site</a>',
    );
    // An h5 takes its planned id, without a link to itself (h2 to h4 have one).
    expect(html).toContain('<h5 id="deep">Deep</h5>');
    expect(html).not.toContain('href="#deep"');
  });

  it("should let a table scroll in a named region a keyboard reaches, and name a task list's checkboxes", async () => {
    const html = await render(
      '| Lane | Containers per year |\n| --- | --: |\n| Shanghai–Rotterdam | 120,000 |\n\n- [x] Rail\n- [ ] Air\n',
    );
    expect(html).toContain(
      '<div class="table-scroll" tabindex="0" role="region" aria-label="Lane, Containers per year"><table>',
    );
    // A column's alignment by class: the pages' Content-Security-Policy refuses inline styles.
    expect(html).toContain('<th class="align-end">Containers per year</th>');
    expect(html).toContain('<td class="align-end">120,000</td>');
    expect(html).not.toMatch(/\sstyle=/);
    expect(html).toContain('<input type="checkbox" checked disabled aria-label="Done">');
    expect(html).toContain('<input type="checkbox" disabled aria-label="Not done">');
    // The names are the site's English words: marked so in content of another language.
    expect(await render('- [ ] Αέρας\n', 'el-GR')).toContain(
      '<input type="checkbox" disabled aria-label="Not done" lang="en">',
    );
  });
});

describe("content/'s footnotes as the search reads them", () => {
  it("should leave the note's number, its way back and the screen readers' label out of the section's words", async () => {
    // A Vietnamese owner's "năm 2021[^1]." was searched and shown as "năm 20211. Footnotes …".
    const html = await render(
      'Chứng nhận hữu cơ năm 2021[^1].\n\n[^1]: Cấp lại hằng năm.\n',
      'vi-VN',
    );
    expect(html).toContain('data-footnote-ref');
    const [section] = readPageSections(`<main>${html}</main>`, '/');
    expect(section?.text).toBe('Chứng nhận hữu cơ năm 2021. Cấp lại hằng năm.');
  });
});
