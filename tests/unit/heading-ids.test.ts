import { describe, expect, it } from 'vitest';
import {
  listPagesOfBodies,
  mapRenamedHeadingIds,
  planHeadingIds,
  planPageHeadingIds,
  RESERVED_IDS,
} from '../../src/site-content/heading-ids.ts';
import { findPageIdProblems } from '../support/page-ids.ts';
import { loadSampleContent } from '../support/sample-content.ts';
import { FIXTURE_COMPANY_NAMES, loadFixtureContent } from '../support/fixture-content.ts';
import type { SiteContent } from '../../src/schemas/site-content.ts';

describe('planPageHeadingIds', () => {
  it("should number a heading that repeats another body's on the page, in the page's order", () => {
    const plan = planPageHeadingIds({
      reserved: RESERVED_IDS.home(['pricing', 'faq']),
      bodies: [
        { key: 'a', markdown: '## Details\n\ntext\n\n## Details\n\nmore' },
        { key: 'b', markdown: 'Details\n-------\n\n### Détails' },
      ],
    });
    expect(plan.get('a')).toEqual(['details', 'details-1']);
    expect(plan.get('b')).toEqual(['details-2', 'détails']);
  });

  it('should read the capital dotted I as I, as Turkish lower-cases it, and keep the dotless ı', () => {
    const plan = planPageHeadingIds({
      reserved: RESERVED_IDS.home([]),
      bodies: [
        {
          key: 'a',
          markdown:
            "## İstanbul'dan teslim alma\n\n## İZMİR\n\n## istanbuldan teslim alma\n\n## Kır",
        },
      ],
    });
    // Lower-cased alone, `İ` is `i` and a combining dot above (U+0307): `i%CC%87stanbul…`.
    expect(plan.get('a')).toEqual([
      'istanbuldan-teslim-alma',
      'izmir',
      'istanbuldan-teslim-alma-1',
      'kır',
    ]);
  });

  it("should keep the page's own ids and the section slugs for the page, the owner's taking the next number", () => {
    const home = planPageHeadingIds({
      reserved: RESERVED_IDS.home(['pricing']),
      bodies: [
        { key: 'copy/pricing', markdown: '## Pricing\n\n## Product\n\n## Main\n\n## Pricing 1' },
      ],
    });
    // "Pricing 1" would be pricing-1 anyway: the second "Pricing" takes it first, so it moves on.
    expect(home.get('copy/pricing')).toEqual(['pricing-1', 'product-1', 'main-1', 'pricing-1-1']);
    const developers = planPageHeadingIds({
      reserved: RESERVED_IDS.developers,
      bodies: [{ key: 'developers', markdown: '## OAuth\n\n## For AI agents\n\n## Resources' }],
    });
    expect(developers.get('developers')).toEqual(['oauth-1', 'for-ai-agents-1', 'resources-1']);
  });

  it('should move a heading out of a family of ids the page writes from data, and give one of symbols an id', () => {
    const docs = planPageHeadingIds({
      reserved: RESERVED_IDS.docs,
      bodies: [{ key: 'docs', markdown: '## Tag REST\n\n## Errors\n\n## ★\n\n## ★ ★' }],
    });
    expect(docs.get('docs')).toEqual(['section-tag-rest', 'errors-1', 'section', 'section-1']);
  });
});

describe('mapRenamedHeadingIds', () => {
  it("should map each id a body's heading would have alone to its planned one, where they differ", () => {
    const markdown = '## Pricing\n\n## Pricing\n\n## Détails\n\n## FAQ\n';
    expect(mapRenamedHeadingIds(markdown, ['pricing-1', 'pricing-2', 'détails', 'faq'])).toEqual({
      pricing: 'pricing-1',
      'pricing-1': 'pricing-2',
    });
  });
});

describe('planHeadingIds', () => {
  /** content/, whatever company it holds, and each fixture company. */
  const contents: readonly (readonly [string, () => Promise<SiteContent>])[] = [
    ['content/', loadSampleContent],
    ...FIXTURE_COMPANY_NAMES.map((name) => [name, () => loadFixtureContent(name)] as const),
  ];

  it.each(contents)(
    "should give every body of %s an id per heading, each page's ids unique and none of its own",
    async (_name, load) => {
      const content = await load();
      const plan = planHeadingIds(content);
      for (const page of listPagesOfBodies(content)) {
        const ids = page.bodies.flatMap(({ key }) => plan.get(key) ?? []);
        expect(new Set(ids).size, page.path).toBe(ids.length);
        expect(
          ids.filter((id) => page.reserved.ids.has(id)),
          page.path,
        ).toEqual([]);
      }
    },
  );

  it("should keep a heading's own GitHub id where nothing on its page took it first", async () => {
    const plan = planHeadingIds(await loadFixtureContent('rich'));
    // The first copy section (order 1), its first heading "A cooperative of bakers".
    expect(plan.get('copy/notre-histoire')?.[0]).toBe('a-cooperative-of-bakers');
  });
});

describe('findPageIdProblems (the check of the built pages)', () => {
  const page = {
    planned: new Set(['pricing', 'pricing-1']),
    footnotePrefixes: ['developers-'],
    reserved: RESERVED_IDS.developers,
  };

  it('should pass ids planned, reserved or with a capital letter, each once', () => {
    const html =
      '<main id="main"><h2 id="pricing">P</h2><h2 id="pricing-1">P</h2><li id="getOverview"></li><h2 id="oauth">O</h2><a id="developers-fnref-1"></a><li id="developers-fn-1"></li><p id="developers-footnote-label"></p></main>';
    expect(findPageIdProblems(html, page)).toEqual([]);
  });

  it('should name an id held twice, an empty one, and one of the template missing from RESERVED_IDS', () => {
    const html =
      '<h2 id="pricing">P</h2><div id="pricing"></div><p id=""></p><section id="new-section"><li id="docs-fn-1">';
    expect(findPageIdProblems(html, page)).toEqual([
      'the id pricing twice',
      'an empty id',
      "the id new-section, written by the page's template, is not in RESERVED_IDS",
      "the id docs-fn-1, written by the page's template, is not in RESERVED_IDS",
    ]);
    // A page without the owner's Markdown is checked for repeats only.
    expect(findPageIdProblems(html)).toEqual(['the id pricing twice', 'an empty id']);
  });
});
