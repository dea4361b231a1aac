import { describe, expect, it } from 'vitest';
import {
  listMarkdownHtmlIds,
  listUnclosedBlocks,
  listMarkdownLinks,
  parseMarkdownOutline,
} from '../../src/site-content/parse-markdown-outline.ts';
import { parseSiteOutlines } from '../../src/site-content/site-outlines.ts';
import { loadFixtureContent } from '../support/fixture-content.ts';

/** The source of each block of a text, with the text of the heading it sits under. */
function readBlocks(markdown: string): { source: string; heading: string | undefined }[] {
  const outline = parseMarkdownOutline(markdown);
  return outline.blocks.map((block) => ({
    source: markdown.slice(block.start, block.end),
    heading: block.heading === undefined ? undefined : outline.headings[block.heading]?.text,
  }));
}

describe('parseMarkdownOutline', () => {
  it('should find ATX and setext headings with their depth, plain text, offsets and own ids', () => {
    const markdown =
      'Intro *one*\n===\n\n## Part `two` ##\n\nNext\n---\n\n## Giá gia công\n\n## Next\n';
    const outline = parseMarkdownOutline(markdown);
    expect(outline.length).toBe(markdown.length);
    expect(outline.headings).toEqual([
      {
        start: 0,
        end: 15,
        depth: 1,
        text: 'Intro one',
        id: 'intro-one',
        setextSource: 'Intro *one*',
      },
      { start: 17, end: 33, depth: 2, text: 'Part two', id: 'part-two' },
      { start: 35, end: 43, depth: 2, text: 'Next', id: 'next', setextSource: 'Next' },
      // GitHub's slug keeps the accents; a second heading of the same text is `-1`.
      { start: 45, end: 60, depth: 2, text: 'Giá gia công', id: 'giá-gia-công' },
      { start: 62, end: 69, depth: 2, text: 'Next', id: 'next-1' },
    ]);
  });

  it("should give a heading written with İ the id a link types, as the page's heading has it", () => {
    const { headings } = parseMarkdownOutline("## İstanbul'dan\n\n## Çini İşçiliği\n");
    expect(headings.map((heading) => heading.id)).toEqual(['istanbuldan', 'çini-işçiliği']);
  });

  it('should outline an empty body (a page may have none) as nothing', () => {
    expect(parseMarkdownOutline('')).toEqual({ length: 0, headings: [], blocks: [] });
  });

  it('should count offsets in UTF-16 code units, as JavaScript strings do', () => {
    const markdown = '株式会社みなと 😀\n\n## 日本語でのサポート\n';
    const [heading] = parseMarkdownOutline(markdown).headings;
    expect(markdown.slice(heading?.start, heading?.end)).toBe('## 日本語でのサポート');
  });

  it('should find no heading inside a ```` fence holding ``` lines, nor in ~~~ fences', () => {
    const markdown = '````md\n```\n# not a heading\n```\n````\n\n~~~\n# nor this\n~~~\n';
    expect(parseMarkdownOutline(markdown).headings).toEqual([]);
  });

  it('should cut the text into top-level blocks, each under the last top-level heading', () => {
    const markdown = [
      'Before any heading.',
      '',
      'Title',
      '=====',
      '',
      '```sh',
      'one',
      '',
      'two',
      '```',
      '',
      '> ## Quoted heading',
      '>',
      '> quoted text',
      '',
      '- a',
      '- b',
      '',
      '***',
      '',
      '[ref]: https://example.com',
      '',
      '## Last',
      '',
      '| a | b |',
      '| - | - |',
      '| 1 | 2 |',
    ].join('\n');
    expect(readBlocks(markdown)).toEqual([
      { source: 'Before any heading.', heading: undefined },
      { source: '```sh\none\n\ntwo\n```', heading: 'Title' },
      { source: '> ## Quoted heading\n>\n> quoted text', heading: 'Title' },
      { source: '- a\n- b', heading: 'Title' },
      { source: '| a | b |\n| - | - |\n| 1 | 2 |', heading: 'Last' },
    ]);
    expect(parseMarkdownOutline(markdown).headings.map((heading) => heading.text)).toEqual([
      'Title',
      'Quoted heading',
      'Last',
    ]);
  });
});

describe('parseSiteOutlines', () => {
  it('should outline the product, every copy section by slug and every page', async () => {
    const content = await loadFixtureContent('rich');
    const outlines = parseSiteOutlines(content);
    expect(outlines.product.length).toBe(content.product.body.length);
    expect(Object.keys(outlines.copy)).toEqual(content.copy.map((section) => section.slug));
    for (const section of content.copy) {
      expect(outlines.copy[section.slug]?.length).toBe(section.body.length);
    }
    expect(outlines.pages.home.length).toBe(content.pages.home.body.length);
    expect(outlines.pages.docs.length).toBe(content.pages.docs.body.length);
  });

  it('should give each body the ids its page changed, so that a link to its own heading follows', async () => {
    // The rich fixture's "Data, privacy & security" comes before "Press and contacts" on the home
    // page, and both have an "In brief" heading; /developers has its own "OAuth" section.
    const outlines = parseSiteOutlines(await loadFixtureContent('rich'));
    expect(outlines.renamedIds['copy/presse']).toEqual({ 'in-brief': 'in-brief-1' });
    expect(outlines.renamedIds['copy/donnees']).toBeUndefined();
    expect(outlines.renamedIds.developers).toMatchObject({ oauth: 'oauth-1' });
  });
});

describe('the local links of an outline', () => {
  /** The text of each destination within the site that the outline found. */
  const readLocalLinks = (markdown: string) =>
    (parseMarkdownOutline(markdown).localLinks ?? []).map(({ start, end }) =>
      markdown.slice(start, end),
    );

  it('should find each destination within the site of a link, an image and a definition, as written', () => {
    const markdown = [
      '[a](#one) [b](<#two> "Two") [c][ref] [d](/page#three) [e](https://x.example/#four)',
      '[![logo](/logo.png)](#five) [`](#six)` in a link](#seven "see ](#seven") [f](//cdn.example/f)',
      '[g](brochure.pdf) [h](../up?x=1) [i](tel:+33100000000)',
      '',
      '[ref]:',
      '  #eight',
      '',
      'Escaped: \\[x\\](#nine), `[y](/ten)` in code, and [z](#a\\_b) escaped.',
      '',
      '```md',
      '[w](/eleven)',
      '```',
    ].join('\n');
    expect(readLocalLinks(markdown)).toEqual([
      '#one',
      '#two',
      '/page#three',
      '/logo.png',
      '#five',
      '#seven',
      'brochure.pdf',
      '../up?x=1',
      '#eight',
    ]);
  });

  it("should mark a link to one of the text's own headings, by the id its words give it alone", () => {
    const markdown = [
      '[a](#in-brief) [b](#in-brief-1) [c](#pricing) [d](#caf%C3%A9-cr%C3%A8me) [e](/x#in-brief)',
      '',
      '## In brief',
      '',
      '### In brief',
      '',
      '## Café crème',
    ].join('\n');
    expect(
      (parseMarkdownOutline(markdown).localLinks ?? []).map(({ start, end, ownHeading }) => [
        markdown.slice(start, end),
        ownHeading ?? false,
      ]),
    ).toEqual([
      ['#in-brief', true],
      ['#in-brief-1', true],
      ['#pricing', false],
      ['#caf%C3%A9-cr%C3%A8me', true],
      ['/x#in-brief', false],
    ]);
  });

  it('should leave them out of a text that has none', () => {
    expect(
      parseMarkdownOutline('[a](https://a.example/b) and [c](mailto:c@c.example)').localLinks,
    ).toBeUndefined();
  });
});

describe('listMarkdownHtmlIds', () => {
  it('should list the ids of raw HTML elements at their lines, not text that only looks like one', () => {
    const markdown = [
      '<div class="note" id="first">', // 1
      '<!-- <span id="commented"></span>',
      'still a comment -->',
      '<p title="not id=here" data-id="no"><span ID=\'second\'>x</span></p>',
      '</div>',
      '',
      'A line with <a id=third></a> inline, `<b id="code">` in code and \\<i id="escaped">.',
      '',
      '```html',
      '<em id="fenced"></em>',
      '```',
      '',
      '<section',
      '  id="&quot;fourth&quot;">',
      '</section>',
    ].join('\n');
    expect(listMarkdownHtmlIds(markdown)).toEqual([
      { id: 'first', line: 1 },
      { id: 'second', line: 4 },
      { id: 'third', line: 7 },
      { id: '"fourth"', line: 13 },
    ]);
  });
});

describe('listUnclosedBlocks', () => {
  it('should name each top-level code fence and raw HTML block that runs to the end of the text', () => {
    const closed = [
      '```js', // 1
      'const a = 1;',
      '```',
      '',
      '~~~~',
      '~~~',
      '~~~~~ ',
      '',
      '<!-- a note -->',
      '',
      '<Pre class="x">',
      '',
      'kept</pre>',
      '',
      '<?php echo 1; ?>',
      '',
      '<![CDATA[ x ]]>',
      '',
      '<!DOCTYPE html>',
      '',
      '    ```',
      '    indented code',
      '',
      '> ```',
      '> in a quote, ended by it',
      '',
      '- ```',
      '  in a list item, ended by it',
      '',
      'After the list.',
    ];
    expect(listUnclosedBlocks(closed.join('\n'))).toEqual([]);
    const open = (lines: string[]) => listUnclosedBlocks([...closed, '', ...lines].join('\n'));
    const line = closed.length + 2;
    expect(open(['```sh', 'curl', '``'])).toEqual([{ line, opener: '```', closer: '```' }]);
    expect(open(['  ~~~~', 'x', '~~~', '```'])).toEqual([{ line, opener: '~~~~', closer: '~~~~' }]);
    expect(open(['````', ''])).toEqual([{ line, opener: '````', closer: '````' }]);
    expect(open(['<!-- to do', '', 'more'])).toEqual([{ line, opener: '<!--', closer: '-->' }]);
    expect(open(['<script>', 'x'])).toEqual([{ line, opener: '<script>', closer: '</script>' }]);
    expect(open(['<textarea', 'x'])).toEqual([
      { line, opener: '<textarea>', closer: '</textarea>' },
    ]);
    expect(open(['<?php'])).toEqual([{ line, opener: '<?', closer: '?>' }]);
    expect(open(['<![CDATA[ x'])).toEqual([{ line, opener: '<![CDATA[', closer: ']]>' }]);
    expect(open(['<!DOCTYPE'])).toEqual([{ line, opener: '<!', closer: '>' }]);
    // A <div> ends at a blank line: it leaves nothing open.
    expect(open(['<div>', 'x'])).toEqual([]);
  });
});

describe('listMarkdownLinks', () => {
  it('should list the destinations of links, images and definitions, not text that looks like one', () => {
    const markdown = [
      '[a](https://a.example) ![b](/b.png) [c][ref] <https://d.example>',
      '',
      '[ref]: /relative',
      '',
      'Escaped: \\[x\\](javascript:alert(1)), and `[y](javascript:y)` in code.',
      '',
      '```json',
      '{ "tagline": "[z](javascript:z)" }',
      '```',
    ].join('\n');
    // A reference link ([c][ref]) is listed by its definition.
    expect(listMarkdownLinks(markdown)).toEqual([
      'https://a.example',
      '/b.png',
      'https://d.example',
      '/relative',
    ]);
  });
});
