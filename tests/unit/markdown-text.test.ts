import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  absolutizeLinks,
  checkOutline,
  demoteHeadings,
  formatLinkEntry,
  joinMarkdown,
  prefixFootnotes,
  readOutline,
} from '../../src/documents/markdown-text.ts';
import { escapeMarkdownText } from '../../src/service/escape-markdown.ts';
import { parseMarkdownOutline } from '../../src/site-content/parse-markdown-outline.ts';
import {
  listMarkdownCode,
  nestHeadingDepths,
  readMarkdownText,
} from '../support/markdown-reader.ts';

/** Demotes a text by the outline the build would parse for it. */
function demote(markdown: string, levels = 1): string {
  return demoteHeadings(markdown, parseMarkdownOutline(markdown), levels);
}

/** Each heading of a text as the parser reads it: depth and plain text. */
function readHeadings(markdown: string): { depth: number; text: string }[] {
  return parseMarkdownOutline(markdown).headings.map(({ depth, text }) => ({ depth, text }));
}

describe('demoteHeadings with the ids the page changed', () => {
  it("should point each link to a renamed heading at the page's id, leaving the others and code alone", () => {
    const text = [
      '# In brief',
      '',
      'See [the brief](#in-brief), [the pricing][p], [elsewhere](#contacts) and [café](#caf%C3%A9), [not](#constructor).',
      '',
      '[p]: #pricing',
      '',
      '`[not a link](#in-brief)`',
      '',
      '## Pricing',
      '',
      '## Café',
    ].join('\n');
    const renamedIds = { 'in-brief': 'in-brief-1', pricing: 'pricing-2', café: 'café-1' };
    expect(demoteHeadings(text, parseMarkdownOutline(text), 1, { renamedIds })).toBe(
      [
        '### In brief',
        '',
        'See [the brief](#in-brief-1), [the pricing][p], [elsewhere](#contacts) and [café](#café-1), [not](#constructor).',
        '',
        '[p]: #pricing-2',
        '',
        '`[not a link](#in-brief)`',
        '',
        '#### Pricing',
        '',
        '#### Café',
      ].join('\n'),
    );
    // Without the page's ids (a document of its own, such as /copy/<slug>.md), links stay as written.
    expect(demote(text)).toContain('[the brief](#in-brief)');
    // With the page's address (llms-full.txt, read away from the page), each leads to the page.
    const away = demoteHeadings(text, parseMarkdownOutline(text), 1, {
      renamedIds,
      pageUrl: 'https://facts.example/',
    });
    expect(away).toContain(
      '[the brief](https://facts.example/#in-brief-1), [the pricing][p], [elsewhere](https://facts.example/#contacts) and [café](https://facts.example/#café-1), [not](https://facts.example/#constructor).',
    );
    expect(away).toContain('[p]: https://facts.example/#pricing-2');
    expect(away).toContain('`[not a link](#in-brief)`');
  });

  it("should make a body's links within the site absolute on its page, leaving its code as written", () => {
    const text = [
      'See [the docs](/docs), ![the plan](/plan.png "Plan"), [the brochure](brochure.pdf) and [a CDN](//cdn.example/x).',
      '',
      '```md',
      'Link the [docs](/docs) or [a part](#in-brief) of this page.',
      '```',
    ].join('\n');
    const placed = demoteHeadings(text, parseMarkdownOutline(text), 1, {
      pageUrl: 'https://facts.example/about',
    });
    expect(placed).toBe(
      text.replace(
        'See [the docs](/docs), ![the plan](/plan.png "Plan"), [the brochure](brochure.pdf)',
        'See [the docs](https://facts.example/docs), ![the plan](https://facts.example/plan.png "Plan"), [the brochure](https://facts.example/brochure.pdf)',
      ),
    );
    // Joined into a document, the site's own lines are made absolute and the placed body is not
    // read again: the regular expression of absolutizeLinks would have changed its code.
    expect(
      joinMarkdown(['[Home](/)', { placed }, '[Top](#top)'], 'https://facts.example', '/about'),
    ).toBe(`[Home](https://facts.example/)\n${placed}\n[Top](https://facts.example/about#top)`);
    expect(absolutizeLinks(placed, 'https://facts.example')).toContain(
      'Link the [docs](https://facts.example/docs)',
    );
  });
});

describe('prefixFootnotes and demoteHeadings with a prefix', () => {
  const text =
    'Intro[^1] and [^note].\n\n## Sources\n\nMore[^1], not `[^1]` nor \\[^1].\n\n[^1]: The first.\n[^note]: A note.\n';

  it("should lead each footnote label with the body's prefix, leaving code and escapes alone", () => {
    const outline = parseMarkdownOutline(text);
    expect(outline.footnotes).toHaveLength(5);
    expect(prefixFootnotes(text, outline, 'about-')).toBe(
      'Intro[^about-1] and [^about-note].\n\n## Sources\n\nMore[^about-1], not `[^1]` nor \\[^1].\n\n[^about-1]: The first.\n[^about-note]: A note.\n',
    );
    // In the same pass as the headings, whose offsets it keeps.
    expect(demoteHeadings(text, outline, 1, { footnotePrefix: 'about-' })).toBe(
      prefixFootnotes(text, outline, 'about-').replace('## Sources', '### Sources'),
    );
    expect(parseMarkdownOutline('No notes.').footnotes).toBeUndefined();
  });

  it('should let two joined texts keep their own notes', () => {
    const other = 'Second[^1].\n\n[^1]: The second.\n';
    const joined = [
      prefixFootnotes(text, parseMarkdownOutline(text), 'a-'),
      prefixFootnotes(other, parseMarkdownOutline(other), 'b-'),
    ].join('\n');
    const notes = parseMarkdownOutline(joined).footnotes ?? [];
    expect(notes.map((start) => joined.slice(start, joined.indexOf(']', start) + 1))).toEqual([
      '[^a-1]',
      '[^a-note]',
      '[^a-1]',
      '[^a-1]',
      '[^a-note]',
      '[^b-1]',
      '[^b-1]',
    ]);
  });
});

describe('demoteHeadings', () => {
  it('should push ATX headings down, keep closing sequences and stop at depth 6', () => {
    expect(demote('## Title\ntext\n\n### Closed ###\n\n#### A\n##### B\n###### Deep\n')).toBe(
      '### Title\ntext\n\n#### Closed ###\n\n##### A\n###### B\n###### Deep\n',
    );
  });

  it('should skip no level: a first heading one below the section, none more than one below the last', () => {
    // Under a section's h2: `###` first becomes an h3, `#####` after an h3 an h4.
    expect(demote('### The camera\n\n##### Lenses\n\n## Buoys\n')).toBe(
      '### The camera\n\n#### Lenses\n\n### Buoys\n',
    );
    // Under a page's h1: the same, with setext and quoted headings in the count; two headings of
    // the text at one level stay at one level.
    expect(demote('#### Deep first\n\n> ###### Quoted\n\n#### Deeper\n', 0)).toBe(
      '## Deep first\n\n> ### Quoted\n\n## Deeper\n',
    );
    expect(demote('Setext\n---\n\n#### Three\n\nTwo\n---\n\n##### Four\n', 0)).toBe(
      'Setext\n---\n\n### Three\n\nTwo\n---\n\n### Four\n',
    );
    for (const markdown of ['### A\n#### B\n###### C\n## D\n#### E\n', '# A\n### B\n']) {
      for (const levels of [0, 1]) {
        const depths = readHeadings(demote(markdown, levels)).map((heading) => heading.depth);
        let previous = levels + 1;
        for (const depth of depths) {
          expect(depth, `${markdown} at ${levels}`).toBeLessThanOrEqual(previous + 1);
          expect(depth, `${markdown} at ${levels}`).toBeGreaterThan(levels + 1);
          previous = depth;
        }
      }
    }
  });

  it('should turn setext headings into ATX headings under the heading the text sits under', () => {
    expect(demote('Intro\n=====\n\nSome text.\n\nDetails\n-------\n\nMore.')).toBe(
      '### Intro\n\nSome text.\n\n#### Details\n\nMore.',
    );
    expect(demote('Details\n-------\n\nMore.')).toBe('### Details\n\nMore.');
  });

  it("should put a text's # headings under the heading it sits under, not beside it", () => {
    // A copy section's body under its h2, a page's body under its h1: each heading keeps its
    // place in the text's own outline, one level below what the text sits under at the least.
    expect(demote('# Our water\n\n## The spring\n\n# Our barley\n')).toBe(
      '### Our water\n\n#### The spring\n\n### Our barley\n',
    );
    expect(demote('# Our water\n\n### The spring\n', 0)).toBe('## Our water\n\n### The spring\n');
  });

  it('should demote a file written with CRLF line endings the same way', () => {
    expect(demote('Intro\r\n=====\r\n\r\n# Next\r\n')).toBe('### Intro\r\n\r\n### Next\r\n');
  });

  it('should keep a setext heading of several lines, markup and a trailing # as one heading', () => {
    const markdown = 'Our *first*\nbakery, in C#\n===\n\nText.';
    expect(demote(markdown)).toBe('### Our *first* bakery, in C# #\n\nText.');
    expect(readHeadings(demote(markdown))).toEqual([{ depth: 3, text: 'Our first bakery, in C#' }]);
  });

  it('should leave a ```` fence holding ``` lines and "# not a heading" untouched', () => {
    const markdown = '# Real\n\n````md\n```\n# not a heading\n```\n````\n\n# Also real\n';
    expect(demote(markdown)).toBe(
      '### Real\n\n````md\n```\n# not a heading\n```\n````\n\n### Also real\n',
    );
  });

  it('should leave ~~~ fences, indented code and HTML blocks untouched', () => {
    const markdown = '~~~\n# shell comment\n```\n~~~\n\n    # indented code\n\n# After\n';
    expect(demote(markdown)).toBe(
      '~~~\n# shell comment\n```\n~~~\n\n    # indented code\n\n### After\n',
    );
  });

  it('should push down headings in block quotes and list items, setext ones included', () => {
    expect(demote('> # Quoted\n\n- ## In a list\n\n> Quoted\n> setext\n> ---\n')).toBe(
      '> ### Quoted\n\n- #### In a list\n\n> #### Quoted setext\n',
    );
  });

  it('should not take a setext underline for a heading inside a paragraph of a list', () => {
    expect(demote('- item\nlazy\n===\n')).toBe('- item\nlazy\n===\n');
  });

  it('should leave the text as it is with no levels to push', () => {
    const markdown = 'Intro\n-----\n\n### Part\n';
    expect(demote(markdown, 0)).toBe(markdown);
  });

  it('should refuse an outline parsed from another text', () => {
    expect(() => demoteHeadings('# A longer text', parseMarkdownOutline('# A'), 1)).toThrow(
      /outline of 3 characters was applied to a text of 15/,
    );
  });

  it("should put every heading one level below its parent in the text's outline, its text unchanged, whatever the Markdown", () => {
    const line = fc.constantFrom(
      '# One',
      '## Two *em*',
      '###### Six',
      '  ### Indented ###',
      'Setext',
      'C# and `code` \\',
      '=====',
      '---',
      '```',
      '````',
      '~~~',
      '> # Quoted',
      '> Quoted line',
      '> ===',
      '- # Listed',
      '- item',
      '  continued',
      '    # four spaces',
      '1. numbered',
      '<div>',
      '***',
      'Plain text #',
      '',
    );
    fc.assert(
      fc.property(fc.array(line, { maxLength: 14 }), (lines) => {
        const markdown = lines.join('\n');
        const demoted = demote(markdown);
        const source = readHeadings(markdown);
        expect(readHeadings(demoted)).toEqual(
          nestHeadingDepths(
            source.map(({ depth }) => depth),
            1,
          ).map((depth, index) => ({ depth, text: source[index]?.text })),
        );
      }),
      { numRuns: 500 },
    );
  });
});

describe("listMarkdownCode (the command test leaves the owner's code out by it)", () => {
  it('should list fenced and indented code, in quotes and lists too, and nothing else', () => {
    const markdown =
      "Run `inline` code.\n\n```sh\ncurl -s https://x.example/api | jq '.[0]'\n```\n\n    indented\n\n> ~~~\n> quoted\n> ~~~\n\n- ```py\n  print(1)\n  ```\n";
    expect(listMarkdownCode(markdown)).toEqual([
      "curl -s https://x.example/api | jq '.[0]'",
      'indented',
      'quoted',
      'print(1)',
    ]);
  });
});

describe('checkOutline', () => {
  it('should accept the outline of the same text', () => {
    expect(() => checkOutline('# A', parseMarkdownOutline('# A'))).not.toThrow();
  });
});

describe('readOutline', () => {
  it('should find an outline by key and refuse a missing one', () => {
    const outline = parseMarkdownOutline('# A');
    expect(readOutline({ about: outline }, 'about')).toBe(outline);
    expect(() => readOutline({ about: outline }, 'other')).toThrow(/no Markdown outline for other/);
  });
});

/** Text as a Markdown reader shows it: runs of white space as one space, none at the ends. */
const shown = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Plain text with every character Markdown gives a meaning to, and some that it does not. */
const plainText = (options: { lines: boolean }) =>
  fc
    .string({
      unit: fc.constantFrom(
        ...'aZ09 .,:;!?\'"()[]{}<>/\\`*_~|#&=+-^$%@'.split(''),
        'é',
        '株',
        '&amp;',
        '&#42;',
        '<b>',
        '</i>',
        '<!--',
        'www.x.example',
        'https://x.example',
        'https://x.example/a_b',
        'www.x.example/_',
        '1.',
        '2)',
        ...(options.lines ? ['\n'] : []),
      ),
      maxLength: 40,
    })
    // content/ texts are trimmed, and a blank line would end a paragraph as in any Markdown.
    .map((text) => text.trim())
    .filter((text) => /\S/.test(text) && !/\n[ \t]*\n/.test(text));

describe('escapeMarkdownText', () => {
  it('should read back as the same text, one paragraph of text nodes, whatever the characters', () => {
    fc.assert(
      fc.property(plainText({ lines: true }), (text) => {
        const read = readMarkdownText(escapeMarkdownText(text));
        expect(read.blocks).toEqual(['paragraph']);
        // GFM links a bare www. or https:// address; its text is the address as written.
        expect(read.markup.filter((type) => type !== 'link')).toEqual([]);
        expect(read.text).toBe(shown(text));
      }),
      { numRuns: 2000 },
    );
  });

  it('should read back as the same text in a heading, a bold list label and a link label', () => {
    fc.assert(
      fc.property(plainText({ lines: false }), (text) => {
        const escaped = escapeMarkdownText(text);
        expect(parseMarkdownOutline(`# ${escaped}`).headings.map((h) => h.text)).toEqual([
          shown(text),
        ]);
        const bold = readMarkdownText(`- **${escaped}**: notes`);
        expect(bold.blocks).toEqual(['list']);
        expect(bold.text).toBe(`${shown(text)}: notes`);
        const entry = readMarkdownText(formatLinkEntry(text, 'https://example.com/a', text));
        expect(entry.blocks).toEqual(['list']);
        expect(entry.text).toBe(`${shown(text.replace(/[[\]]/g, ''))}: ${shown(text)}`);
      }),
      { numRuns: 1000 },
    );
  });

  it('should leave text with nothing to escape as it is, and escape what would be Markdown', () => {
    expect(escapeMarkdownText(`Ben & Jerry's "Co", 2 < 3, a|b, get_product, C#`)).toBe(
      `Ben & Jerry's "Co", 2 < 3, a|b, get_product, C#`,
    );
    expect(escapeMarkdownText('E*TRADE <b>bold</b> [x](javascript:y) &amp; `code` _a_ ~5~')).toBe(
      'E\\*TRADE \\<b>bold\\</b> \\[x\\](javascript:y) \\&amp; \\`code\\` \\_a\\_ \\~5\\~',
    );
    expect(
      escapeMarkdownText('see https://a.example/x_y, www.b.example or https://c.example/_*'),
    ).toBe('see https://a.example/x_y, www.b.example or https\\://c.example/\\_\\*');
    expect(escapeMarkdownText('# one\n- two\n2019. three\n===\nWe are #1 #')).toBe(
      '\\# one\n\\- two\n2019\\. three\n\\===\nWe are #1 \\#',
    );
  });
});

describe('absolutizeLinks', () => {
  const origin = 'https://facts.example';

  it('should make root-relative links absolute and leave others as they are', () => {
    expect(
      absolutizeLinks('[a](/copy/x.md) [b](https://o.example/y) [c](mailto:p@o.example)', origin),
    ).toBe('[a](https://facts.example/copy/x.md) [b](https://o.example/y) [c](mailto:p@o.example)');
  });

  it("should send a link to a part of the page to that part of the page's HTML", () => {
    const text = 'The facts [in brief](#in-brief) below; [about](/#about).';
    expect(absolutizeLinks(text, origin, '/')).toBe(
      'The facts [in brief](https://facts.example/#in-brief) below; [about](https://facts.example/#about).',
    );
    expect(absolutizeLinks(text, origin, '/mentions-legales')).toContain(
      '[in brief](https://facts.example/mentions-legales#in-brief)',
    );
    // Without the page, a fragment has nothing to name: llms-full.txt joins several pages' copy,
    // and points each body's fragments at its page itself (demoteHeadings with a pageUrl).
    expect(absolutizeLinks(text, origin)).toContain('[in brief](#in-brief)');
  });
});

describe('formatLinkEntry', () => {
  it('should escape the name and the notes as plain text, and drop square brackets from the name', () => {
    expect(formatLinkEntry('A [b] *c*', 'https://x.example', 'n *m* [o]')).toBe(
      '- [A b \\*c\\*](https://x.example): n \\*m\\* \\[o\\]',
    );
    expect(formatLinkEntry('A', 'https://x.example')).toBe('- [A](https://x.example)');
  });
});
