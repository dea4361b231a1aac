import { describe, expect, it } from 'vitest';
import { findParityGaps } from '../../src/audit/markdown-parity.ts';

describe('findParityGaps', () => {
  it('should count a setext heading of the Markdown and not a # line inside a fence', () => {
    const html = '<main><h2>Intro</h2><p>Text.</p><h2>Usage</h2><pre>## Usage</pre></main>';
    const markdown = 'Intro\n=====\n\nText.\n\n````md\n```\n## Usage\n```\n````\n';
    expect(findParityGaps(html, markdown)).toEqual([{ kind: 'heading', text: 'Usage' }]);
    expect(findParityGaps(html, `${markdown}\n## Usage\n`)).toEqual([]);
  });

  it('should read a Markdown heading as its text: links, code and escapes undone', () => {
    const html = '<main><h3>GET <code>/overview</code> and a|b</h3></main>';
    expect(findParityGaps(html, '### GET `/overview` and a\\|b\n')).toEqual([]);
    expect(findParityGaps(html, '### [GET `/overview`](https://x.example) and a\\|b\n')).toEqual(
      [],
    );
  });

  it('should find a schema field of the page that no Markdown list item names', () => {
    const html =
      '<main><ul><li><code class="schema-field-name">name</code></li>' +
      '<li><code class="schema-field-name">links</code></li></ul></main>';
    expect(findParityGaps(html, '- `name` (string): The name.\n')).toEqual([
      { kind: 'field', text: 'links' },
    ]);
    expect(findParityGaps(html, '- `name` (string): x\n  - `links` (object): y\n')).toEqual([]);
  });
});
