import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseFeed } from '@rowanmanning/feed-parser';
import { markdownToHtml } from 'satteri';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildChangelogFeed } from '../../src/documents/changelog-feed.ts';
import { buildLlmsTxt } from '../../src/documents/llms-txt.ts';
import { buildSiteRoutes } from '../../src/documents/site-routes.ts';
import { readProjectToolNames } from '../../src/integrations/mcp-tool-modules.ts';
import { buildPageMarkdowns } from '../../src/reference/page-markdown-versions.ts';
import { runToolExamples } from '../../src/reference/tool-examples.ts';
import { buildSiteNavigation } from '../../src/reference/site-navigation.ts';
import type { SiteContent } from '../../src/schemas/site-content.ts';
import { MEDIA_TYPES } from '../../src/service/media-types.ts';
import { API_VERSION } from '../../src/service/versions.ts';
import { buildServiceUrls } from '../../src/service/urls.ts';
import {
  buildChangelogBody,
  buildChangelogPage,
  CHANGELOG_FOLLOW_HEADING,
} from '../../src/site-content/changelog-page.ts';
import { findContentPageClash } from '../../src/site-content/content-page-rules.ts';
import { readSiteContent } from '../../src/site-content/read-site-content.ts';
import { parseSiteOutlines } from '../../src/site-content/site-outlines.ts';
import { loadExpectedSite } from '../support/expected-site.ts';
import {
  copyFixtureContent,
  readContentIssues,
  removeContentCopy,
} from '../support/fixture-content.ts';

const urls = buildServiceUrls('https://facts.example.com');
let dir: string;

beforeEach(async () => {
  dir = await copyFixtureContent('minimal', 'changelog-test-');
});

afterEach(() => removeContentCopy(dir));

/** Writes content/changelog/<name> with this front matter (YAML lines) and body. */
async function writeEntry(name: string, frontMatter: string[], body: string): Promise<void> {
  await mkdir(join(dir, 'changelog'), { recursive: true });
  await writeFile(
    join(dir, 'changelog', name),
    ['---', ...frontMatter, '---', '', body].join('\n'),
  );
}

const entry = (date: string, title: string, breaking = false) => [
  `date: ${date}`,
  'apiVersion: 0.9.0',
  `breaking: ${breaking}`,
  `title: ${title}`,
];

const issuesOf = () => readContentIssues(dir);

/** Writes two entries, "First" (2026-01-01) and "Second" (2026-02-01), with these bodies. */
async function writeFirstAndSecond(first: string, second: string): Promise<void> {
  await writeEntry('2026-01-01-first.md', entry('2026-01-01', 'First'), first);
  await writeEntry('2026-02-01-second.md', entry('2026-02-01', 'Second'), second);
}

/** The changelog page's Markdown version (/changelog.md), as the build writes it. */
async function buildChangelogMarkdown(content: SiteContent): Promise<string | undefined> {
  const site = await loadExpectedSite(urls.origin, content);
  const routes = buildSiteRoutes(site.content, readProjectToolNames(process.cwd()));
  return buildPageMarkdowns(site, routes.pages, () => new Date(0), await runToolExamples(site)).get(
    '/changelog',
  );
}

describe('readSiteContent (content/changelog/)', () => {
  it('should give a site without the folder no changelog: no page, no feed surface, no link', async () => {
    const content = await readSiteContent(dir);
    expect(content.changelog).toEqual([]);
    expect(content.contentPages.map((page) => page.slug)).not.toContain('changelog');
    const routes = buildSiteRoutes(content, readProjectToolNames(process.cwd()));
    expect(routes.findPage('/changelog')).toBeUndefined();
    expect(routes.surfaces.map((surface) => surface.id)).not.toContain('changelog-feed');
    expect(buildChangelogFeed(content, urls)).toBeUndefined();
    expect(buildLlmsTxt(content, urls, [])).not.toContain('changelog');
  });

  it('should read the entries newest first and make them the changelog page and its feed surface', async () => {
    await writeEntry('first.md', entry('2026-01-02', 'First'), 'The first change.');
    await writeEntry('second.md', entry('2026-03-04', 'Second', true), 'A breaking change.');
    const content = await readSiteContent(dir);
    expect(content.changelog.map((item) => [item.slug, item.date, item.breaking])).toEqual([
      ['second', '2026-03-04', true],
      ['first', '2026-01-02', false],
    ]);
    const page = content.contentPages.find((candidate) => candidate.slug === 'changelog');
    expect(page).toMatchObject({ title: 'Changelog', nav: false });
    expect(page?.body.indexOf('## Second')).toBeLessThan(page?.body.indexOf('## First') ?? 0);
    expect(page?.body).toContain('2026-03-04 · API 0.9.0 · **Breaking change**');
    expect(page?.body).toContain('2026-01-02 · API 0.9.0 · Not breaking');
    // The footer links it; the header's navigation does not.
    expect(buildSiteNavigation(content).map((link) => link.href)).not.toContain('/changelog');
    const routes = buildSiteRoutes(content, readProjectToolNames(process.cwd()));
    expect(routes.findPage('/changelog')?.markdownPath).toBe('/changelog.md');
    expect(routes.findSurface('/changelog.xml')).toMatchObject({
      id: 'changelog-feed',
      document: 'changelogFeed',
      mediaType: 'atom',
    });
    expect(MEDIA_TYPES.atom).toBe('application/atom+xml; charset=utf-8');
    const llmsTxt = buildLlmsTxt(content, urls, []);
    // The feed is linked from the changelog's Markdown version, so llms.txt links Markdown only.
    expect(llmsTxt).toContain(`](${urls.origin}/changelog.md)`);
    expect(llmsTxt).not.toContain(`](${urls.changelogFeed})`);
  });

  it('should refuse each wrong entry, naming its file and field', async () => {
    await writeEntry(
      'bad-date.md',
      ['date: 25/11/2026', 'apiVersion: 1.0.0', 'breaking: false', 'title: T'],
      'Body.',
    );
    await writeEntry('no-breaking.md', ['date: 2026-11-25', 'apiVersion: v1', 'title: T'], 'Body.');
    const [major = 0, minor = 0, patch = 0] = API_VERSION.split('.').map(Number);
    const newer = [`${major + 1}.0.0`, `${major}.${minor}.${patch + 1}`];
    for (const [i, version] of newer.entries()) {
      await writeEntry(
        `newer-${i}.md`,
        ['date: 2026-11-25', `apiVersion: ${version}`, 'breaking: false', 'title: T'],
        'Body.',
      );
    }
    await writeEntry(
      'earlier.md',
      ['date: 2026-11-25', 'apiVersion: 0.9.12', 'breaking: false', 'title: T'],
      'Body.',
    );
    await writeEntry(
      'yes.md',
      [...entry('2026-11-25', 'T').slice(0, 2), 'breaking: yes', 'title: T'],
      'Body.',
    );
    await writeEntry('shallow.md', entry('2026-11-25', 'T'), '## Details\n\nBody.');
    await writeEntry('empty.md', entry('2026-11-25', 'T'), '');
    await writeEntry('Not Kebab.md', entry('2026-11-25', 'T'), 'Body.');
    await writeEntry('extra.md', [...entry('2026-11-25', 'T'), 'author: me'], 'Body.');
    const issues = await issuesOf();
    expect(issues).toEqual(
      expect.arrayContaining([
        'content/changelog/bad-date.md: date: must be a date as YYYY-MM-DD, e.g. 2026-11-25 (it is "25/11/2026")',
        'content/changelog/no-breaking.md: apiVersion: must be a version as MAJOR.MINOR.PATCH, e.g. 1.0.0 (it is "v1")',
        'content/changelog/no-breaking.md: breaking: is required',
        ...newer.map(
          (version, i) =>
            `content/changelog/newer-${i}.md: apiVersion: is newer than the API this site serves (it is "${version}"): name the version that carries the change, ${API_VERSION} (the OpenAPI description's) or an earlier one`,
        ),
        'content/changelog/yes.md: breaking: must be true or false (it is "yes")',
        expect.stringMatching(
          /^content\/changelog\/shallow\.md: \(body\): the heading "Details" must be level 3/,
        ),
        expect.stringMatching(/^content\/changelog\/empty\.md: \(body\): .*must not be empty/),
        expect.stringMatching(
          /^content\/changelog\/Not Kebab\.md: \(file name\): must be kebab-case/,
        ),
        'content/changelog/extra.md: author: is not a field this file takes: check its spelling (field names are case-sensitive)',
      ]),
    );
    // An earlier version than the API's is an entry of the past.
    expect(issues.filter((issue) => issue.includes('earlier.md'))).toEqual([]);
  });

  it('should keep /changelog for the changelog: a content page of that name is refused', () => {
    expect(findContentPageClash('changelog')).toMatch(/reserved for the changelog/);
  });
});

describe('buildChangelogFeed', () => {
  it('should write an Atom feed that a feed parser reads back entry by entry', async () => {
    await writeEntry('first.md', entry('2026-01-02', 'First & <best>'), 'See [the docs](/docs).');
    await writeEntry(
      'second.md',
      entry('2026-03-04', 'Second', true),
      '### What to change\n\nSend `x`.',
    );
    const content = await readSiteContent(dir);
    const xml = buildChangelogFeed(content, urls);
    expect(xml).toBeDefined();
    const feed = parseFeed(xml ?? '');
    expect(feed.meta.type).toBe('atom');
    expect(feed.title).toBe(`${content.company.name}: changelog`);
    expect(feed.self).toBe(urls.changelogFeed);
    expect(feed.url).toBe(urls.changelog);
    expect(feed.updated?.toISOString()).toBe('2026-03-04T00:00:00.000Z');
    expect(feed.items.map((item) => item.title)).toEqual(['Second', 'First & <best>']);
    const [second, first] = feed.items;
    expect(second?.id).toBe('tag:facts.example.com,2026-03-04:changelog/second');
    expect(second?.url).toBe(`${urls.changelog}#second`);
    expect(second?.content).toContain('<h3>What to change</h3>');
    expect(second?.categories.map((category) => category.term)).toEqual(['api-0.9.0', 'breaking']);
    expect(first?.categories.map((category) => category.term)).toEqual(['api-0.9.0']);
    expect(first?.published?.toISOString()).toBe('2026-01-02T00:00:00.000Z');
    // The anchor is the id the page gives the entry's heading (github-slugger).
    expect(first?.url).toBe(`${urls.changelog}#first--best`);
    // The site's words are English, the entries in the content's language.
    expect(feed.language).toBe('en');
    expect(xml?.match(/<entry xml:lang="([^"]+)">/g)).toEqual([
      `<entry xml:lang="${content.company.locale}">`,
      `<entry xml:lang="${content.company.locale}">`,
    ]);
    expect(xml).toContain('<summary xml:lang="en">API 0.9.0. Breaking change');
  });
});

describe('buildChangelogPage', () => {
  it('should make the content changelog a page whose Markdown version links the feed', async () => {
    // Entries of its own on the minimal fixture: content/ may hold any number, or none.
    await writeEntry('2026-01-01-first.md', entry('2026-01-01', 'First'), 'The first entry.');
    await writeEntry('2026-02-01-second.md', entry('2026-02-01', 'Second', true), 'Breaks.');
    await writeEntry('2026-03-01-third.md', entry('2026-03-01', 'Third'), 'The third entry.');
    const content = await readSiteContent(dir);
    expect(content.changelog.map((item) => item.title)).toEqual(['Third', 'Second', 'First']);
    expect(content.contentPages.at(-1)).toEqual(buildChangelogPage(content.changelog));
    const markdown = await buildChangelogMarkdown(content);
    expect(markdown).toContain('# Changelog');
    expect(markdown).toContain(`[Atom feed](${urls.changelogFeed})`);
    for (const item of content.changelog) expect(markdown).toContain(`## ${item.title}`);
  });
});

describe('buildChangelogBody', () => {
  it("should mark the page's own words as English for content in another language, and only then", async () => {
    await writeEntry('2026-01-01-first.md', entry('2026-01-01', 'Πρώτη'), 'Το πρώτο.');
    await writeEntry('2026-02-01-second.md', entry('2026-02-01', 'Δεύτερη', true), 'Σπάει.');
    const { changelog } = await readSiteContent(dir);
    // Content in English: the page renders its Markdown version's body.
    expect(buildChangelogBody(changelog)).toBe(buildChangelogPage(changelog).body);
    const { html } = markdownToHtml(buildChangelogBody(changelog, 'en'), {
      features: { gfm: true, smartPunctuation: false, frontmatter: false },
    });
    const blocks = html.split('\n');
    // The introduction and the last section in a <div lang="en">, their Markdown rendered.
    expect(html).toMatch(
      /^<div lang="en">\n<p>Every change [^\n]*<a href="\/changelog\.xml">Atom feed<\/a>/,
    );
    expect(html).toMatch(
      new RegExp(
        `<div lang="en">\\n<h2>${CHANGELOG_FOLLOW_HEADING}</h2>\\n<p>The <a href="/changelog.xml">`,
      ),
    );
    // Each entry: its title and body unmarked (the page's language), its line marked.
    expect(blocks).toContain('<h2>Δεύτερη</h2>');
    expect(blocks).toContain('<p>Σπάει.</p>');
    expect(blocks).toContain(
      '<p lang="en">2026-02-01 · API 0.9.0 · <strong>Breaking change</strong></p>',
    );
    expect(blocks).toContain('<p lang="en">2026-01-01 · API 0.9.0 · Not breaking</p>');
  });

  it("should keep each entry's footnotes its own, although one page holds them all", async () => {
    await writeFirstAndSecond(
      'One[^1].\n\n[^1]: Note of the first.',
      'Two[^1] and `[^1]` in code.\n\n[^1]: Note of the second.',
    );
    const { changelog } = await readSiteContent(dir);
    const body = buildChangelogBody(changelog);
    expect(body).toContain('Two[^2026-02-01-second-1] and `[^1]` in code.');
    expect(body).toContain('[^2026-01-01-first-1]: Note of the first.');
    const { html } = markdownToHtml(body, {
      features: { gfm: true, smartPunctuation: false, frontmatter: false },
    });
    // Before, the second entry's [^1] led to the first one's note, and its own was lost.
    expect(html).toContain('Note of the first.');
    expect(html).toContain('Note of the second.');
    expect(html.match(/data-footnote-ref/g)).toHaveLength(2);
  });

  it("should lead each entry's links to its own headings to them, in the page, its Markdown and the feed", async () => {
    // Each entry is written alone: its `#details` is its own "Details". On the page, newest
    // first, the older one's is the page's second "Details" (`details-1`), and a "Main" heading
    // cannot take `main`, the id of the page's main region.
    await writeFirstAndSecond(
      'See [details](#details), [main](#main) and `[code](#details)`.\n\n### Details\n\nOne.\n\n### Main\n\nTwo.',
      'See [details](#details) and [the first](#first).\n\n### Details\n\nThree.',
    );
    const content = await readSiteContent(dir);
    const body = buildChangelogBody(content.changelog);
    expect(body).toContain('See [details](#details) and [the first](#first).');
    expect(body).toContain('See [details](#details-1), [main](#main) and `[code](#details)`.');

    // The page: its plan gives the first entry's "Main" `main-1`, which the link follows.
    expect(parseSiteOutlines(content).renamedIds['page/changelog']).toEqual({ main: 'main-1' });
    const markdown = await buildChangelogMarkdown(content);
    expect(markdown).toContain(
      `See [details](${urls.changelog}#details-1), [main](${urls.changelog}#main-1)`,
    );
    expect(markdown).toContain(
      `See [details](${urls.changelog}#details) and [the first](${urls.changelog}#first).`,
    );

    // The feed: each entry's HTML, read against the page's address.
    const feed = parseFeed(buildChangelogFeed(content, urls) ?? '');
    const [second, first] = feed.items;
    expect(second?.content).toContain('See <a href="#details">details</a> and <a href="#first">');
    expect(first?.content).toContain(
      'See <a href="#details-1">details</a>, <a href="#main-1">main</a> and <code>[code](#details)</code>.',
    );
  });

  it("should also mark the direction of the page's own words for content written right to left", async () => {
    await writeEntry('2026-01-01-first.md', entry('2026-01-01', 'الأول'), 'الإصدار الأول.');
    const { changelog } = await readSiteContent(dir);
    const { html } = markdownToHtml(buildChangelogBody(changelog, 'en', 'ltr'), {
      features: { gfm: true, smartPunctuation: false, frontmatter: false },
    });
    const blocks = html.split('\n');
    expect(html).toMatch(/^<div lang="en" dir="ltr">\n<p>Every change /);
    expect(blocks.filter((block) => block.startsWith('<div ')).length).toBe(2);
    expect(
      blocks.filter((block) => block.startsWith('<div ') && !block.includes('dir="ltr"')),
    ).toEqual([]);
    expect(blocks).toContain('<h2>الأول</h2>');
    expect(blocks).toContain('<p lang="en" dir="ltr">2026-01-01 · API 0.9.0 · Not breaking</p>');
  });
});
