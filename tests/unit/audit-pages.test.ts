import { describe, expect, it } from 'vitest';
import { readHead } from '../../src/audit/audit-pages.ts';
import { decodeHtmlEntities } from '../../src/service/escape-html.ts';

describe('readHead', () => {
  it('should read a meta tag whose quoted value holds > and <, as an owner’s product name may', () => {
    // Astro escapes & and " in attribute values but leaves < and >, which HTML allows there.
    const html = [
      '<head><meta charset="utf-8">',
      `<meta name="description" content="Returns the public description of Tide &amp; <Wave> *Pro*: summary and features.">`,
      `<meta property="og:title" content='B&amp;J <b>Star</b>'>`,
      '<link rel="canonical" href="https://x.example/a">',
      '</head>',
    ].join('');
    const head = readHead(html);
    expect(decodeHtmlEntities(head.meta('name', 'description') ?? '')).toBe(
      'Returns the public description of Tide & <Wave> *Pro*: summary and features.',
    );
    expect(head.meta('property', 'og:title')).toBe('B&amp;J <b>Star</b>');
    expect(head.link('canonical')).toBe('https://x.example/a');
  });
});
