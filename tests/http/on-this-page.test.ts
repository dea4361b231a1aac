import { Parser } from 'htmlparser2';
import { describe, expect, inject, it } from 'vitest';

const baseUrl = inject('baseUrl');

/** The ids of a page's h2 headings and the fragments its "On this page" navigation links, in order. */
function readSections(html: string): { headings: string[]; links: string[] } {
  const headings: string[] = [];
  const links: string[] = [];
  let inToc = 0;
  const parser = new Parser({
    onopentag(name, attributes) {
      if (name === 'nav' && attributes['aria-label'] === 'On this page') inToc += 1;
      else if (name === 'nav' && inToc > 0) inToc += 1;
      if (name === 'h2' && attributes.id) headings.push(attributes.id);
      if (name === 'a' && inToc > 0 && attributes.href?.startsWith('#')) {
        links.push(attributes.href.slice(1));
      }
    },
    onclosetag(name) {
      if (name === 'nav' && inToc > 0) inToc -= 1;
    },
  });
  parser.write(html);
  parser.end();
  return { headings, links };
}

describe('"On this page" of /developers', () => {
  it("should link every section of the page, the owner's own of its introduction first", async () => {
    const response = await fetch(`${baseUrl}/developers`);
    expect(response.status).toBe(200);
    const { headings, links } = readSections(await response.text());
    // Before, it named the site's six sections only, not the headings of pages/developers.md.
    expect(links.length).toBeGreaterThanOrEqual(6);
    expect(links).toEqual(headings);
  });
});
