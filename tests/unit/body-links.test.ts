import { describe, expect, it } from 'vitest';
import {
  describeDeadLink,
  findDeadLinks,
  listLinkedBodies,
} from '../../src/site-content/body-links.ts';
import { loadFixtureContent } from '../support/fixture-content.ts';
import { loadSampleContent } from '../support/sample-content.ts';

describe('findDeadLinks', () => {
  const published = new Set(['/', '/developers', '/docs', '/llms.txt', '/copy/about.md']);
  /** The ids of the pages, as their built HTML would hold them. */
  const parts = new Map([
    ['/', new Set(['mission', 'détails'])],
    ['/developers', new Set(['oauth'])],
  ]);
  const find = (path: string, fragment: string | undefined) =>
    !published.has(path)
      ? ('no page' as const)
      : fragment === undefined || (parts.get(path)?.has(fragment) ?? true)
        ? ('found' as const)
        : ('no part' as const);

  it("should read a body's links to the site, relative ones against its page, and name those not published", () => {
    const dead = findDeadLinks(
      [
        {
          file: 'copy/about.md',
          page: '/',
          markdown:
            'See [docs](/docs), [rel](developers), [up](../llms.txt), [copy](/copy/about.md?x=1#a).\n\n[pricing](/pricing) and [brochure](brochure.pdf).\n\n[ours](#mission), [accent](#d%C3%A9tails), [gone](#vision), [token](/developers#oauth), [typo](developers#oath).\n\n[top](#top), [TOP](/developers#Top), [page](#), [topmost](#topmost).\n',
        },
        {
          file: 'pages/our-shops.md',
          page: '/our-shops',
          markdown:
            '[here](#top), [mail](mailto:a@b.example), [web](https://example.com/x), [cdn](//cdn.example/a), [tel](tel:+331)\n\n[map]: map.html\n\nA [map][map].\n',
        },
      ],
      find,
    );
    expect(dead).toEqual([
      { file: 'copy/about.md', line: 3, url: '/pricing', path: '/pricing', missing: 'page' },
      {
        file: 'copy/about.md',
        line: 3,
        url: 'brochure.pdf',
        path: '/brochure.pdf',
        missing: 'page',
      },
      // A part of the page itself, or of another, that the page as built has no id for.
      { file: 'copy/about.md', line: 5, url: '#vision', path: '/', missing: 'part' },
      {
        file: 'copy/about.md',
        line: 5,
        url: 'developers#oath',
        path: '/developers',
        missing: 'part',
      },
      // `#` and `#top` name the top of a page, by HTML's rules; `#topmost` is a part.
      { file: 'copy/about.md', line: 7, url: '#topmost', path: '/', missing: 'part' },
      // A relative link of a content page resolves against its own path, as the browser does;
      // its #top is not published with it (the page is not).
      { file: 'pages/our-shops.md', line: 1, url: '#top', path: '/our-shops', missing: 'page' },
      { file: 'pages/our-shops.md', line: 3, url: 'map.html', path: '/map.html', missing: 'page' },
    ]);
  });

  it('should pass on the id of the part a link names but for accents or case, and name it', () => {
    const dead = findDeadLinks(
      [{ file: 'copy/faq.md', page: '/', markdown: 'See [wholesale](/bang-gia#gia-si).\n' }],
      (path, fragment) =>
        path === '/bang-gia' && fragment === 'gia-si' ? { nearPart: 'giá-sỉ' } : 'found',
    );
    expect(dead).toEqual([
      {
        file: 'copy/faq.md',
        line: 1,
        url: '/bang-gia#gia-si',
        path: '/bang-gia',
        missing: 'part',
        nearPart: 'giá-sỉ',
      },
    ]);
    expect(dead.map((link) => describeDeadLink('content', link, 4, false))).toEqual([
      "content/copy/faq.md: line 4: links to /bang-gia#gia-si, but /bang-gia has no part of that id: its part #giá-sỉ has that id but for accents or case (a heading's id keeps them): link /bang-gia#giá-sỉ",
    ]);
  });

  it('should say where, and say so when content/ holds the file a link names', () => {
    const link = {
      file: 'copy/about.md',
      line: 3,
      url: 'brochure.pdf',
      path: '/brochure.pdf',
      missing: 'page' as const,
    };
    expect(describeDeadLink('content', link, 7, true)).toBe(
      'content/copy/about.md: line 9: links to brochure.pdf, which the site does not publish (content/ holds a file of that name, but the site publishes no file of content/ from a body: put it on your website and link its full address)',
    );
    expect(describeDeadLink('content', { ...link, url: '/pricing' }, undefined, false)).toBe(
      'content/copy/about.md: (body): links to /pricing, which the site does not publish (no page or document of the site has that path: link one of its pages, or a full https:// address)',
    );
    expect(
      describeDeadLink(
        'content',
        { ...link, url: '/developers#oath', path: '/developers', missing: 'part' },
        7,
        false,
      ),
    ).toBe(
      "content/copy/about.md: line 9: links to /developers#oath, but /developers has no part of that id: link a heading of the page by its # link's address",
    );
  });
});

describe('listLinkedBodies', () => {
  it('should list every body of the content once, the changelog by its entries', async () => {
    const content = await loadFixtureContent('rich');
    const files = listLinkedBodies(content).map((body) => body.file);
    expect(new Set(files).size).toBe(files.length);
    expect(files).toEqual(
      expect.arrayContaining([
        'product.md',
        'pages/home.md',
        'pages/developers.md',
        'pages/docs.md',
        'pages/our-bakeries.md',
        ...content.copy.map((section) => `copy/${section.slug}.md`),
      ]),
    );
    // The rich company has no changelog: the product, three main pages, its copy and its pages.
    expect(files).toHaveLength(4 + content.copy.length + content.contentPages.length);
    // The right-to-left company has one: its entries are the bodies, not the page made of them.
    const dated = await loadFixtureContent('right-to-left');
    const datedFiles = listLinkedBodies(dated).map((body) => body.file);
    expect(dated.changelog.length).toBeGreaterThan(0);
    expect(datedFiles).toEqual(
      expect.arrayContaining(dated.changelog.map((entry) => `changelog/${entry.slug}.md`)),
    );
    expect(datedFiles).not.toContain('pages/changelog.md');
    // So does content/, whether it keeps a changelog or not.
    const sample = await loadSampleContent();
    const sampleFiles = listLinkedBodies(sample).map((body) => body.file);
    expect(sampleFiles.filter((file) => file.startsWith('changelog/'))).toEqual(
      sample.changelog.map((entry) => `changelog/${entry.slug}.md`),
    );
    expect(sampleFiles).not.toContain('pages/changelog.md');
  });
});
