import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { readProjectToolNames } from '../../src/integrations/mcp-tool-modules.ts';
import { buildSiteRoutes } from '../../src/documents/site-routes.ts';
import { createLinkFinder, listDeadLinkWarnings } from '../../src/site-content/body-links.ts';
import { readSiteContent } from '../../src/site-content/read-site-content.ts';
import { copyBodyKey } from '../../src/schemas/markdown-outline.ts';
import { planHeadingIds } from '../../src/site-content/heading-ids.ts';

/** The served build: its content/ and the static output the build wrote from it. */
const buildDir = inject('siteBuild').dir;
const staticDir = join(buildDir, '.vercel/output/static');

/** The content the build was made from: the links below are this content's, whatever it holds. */
const builtContent = await readSiteContent(join(buildDir, 'content'));
/** The home page's first copy section, which the test writes its links into. */
const section = builtContent.copy[0];
if (!section) throw new Error('content/ has at least one copy section');
const sectionFile = `copy/${section.slug}.md`;
/** Its first heading's id on the home page, if it has a heading. */
const sectionHeading = planHeadingIds(builtContent).get(copyBodyKey(section.slug))?.[0];

/** Links to every kind of thing the site publishes, as an owner might write them on the home page. */
const GOOD_LINKS = [
  '/docs',
  '/developers.md',
  '/api/v1/overview',
  '/mcp',
  '/errors/bad_request',
  `/copy/${section.slug}.md`,
  '/llms.txt',
  'developers',
  `#${section.slug}`,
  ...(sectionHeading ? [`#${sectionHeading}`] : []),
  'mailto:press@example.com',
  '../docs',
  '/glossary#mcp',
  '/docs?x=1',
  '/.well-known/agent-card.json',
  '/',
  ...(builtContent.changelog.length > 0 ? ['/changelog'] : []),
  '/docs/mcp/prompts',
  '/developers#oauth',
  '/docs#authentication',
];

describe("the build's warnings of content/'s dead links", () => {
  let contentDir: string;
  /**
   * The warnings of content/ as it is. The sample content and the fixture companies link nothing
   * dead, but an owner's content/ may (the build warns and goes on), and the tests run on it.
   */
  let owners: string[];

  beforeAll(async () => {
    contentDir = join(await mkdtemp(join(tmpdir(), 'dead-links-')), 'content');
    await cp(join(buildDir, 'content'), contentDir, { recursive: true });
    owners = await warn();
  });

  afterAll(async () => {
    await rm(join(contentDir, '..'), { recursive: true, force: true });
  });

  const warn = async () => {
    const content = await readSiteContent(contentDir);
    const routes = buildSiteRoutes(content, readProjectToolNames(process.cwd()));
    return listDeadLinkWarnings(contentDir, content, createLinkFinder(routes, staticDir));
  };

  it('should name each dead link of content/ as it is at the line of its file that holds it', async () => {
    for (const warning of owners) {
      const [, file, line, url] =
        /^content\/(.+?): line (\d+): links to (.+?)(?:, which|, but) /.exec(warning) ?? [];
      expect(file && url, warning).toBeTruthy();
      const text = await readFile(join(contentDir, file ?? ''), 'utf8');
      expect(text.split(/\r?\n/)[Number(line) - 1], warning).toContain(url ?? '');
    }
  });

  /**
   * Writes the dead links below the good ones into the first copy section's file (names no page,
   * file or part that any content could hold); the warnings expected of them.
   */
  const writeDeadLinks = async (save: (text: string) => string = (text) => text) => {
    const file = join(contentDir, sectionFile);
    const text = await readFile(join(buildDir, 'content', sectionFile), 'utf8');
    const good = GOOD_LINKS.map((url, index) => `[link ${index}](${url})`).join(', ');
    await writeFile(
      file,
      save(
        `${text.trimEnd()}\n\n${good}.\n\nSee [pricing](/no-such-pricing) and [the brochure](no-such-brochure.pdf).\n\nOur [vision](#no-such-vision), [a token](/developers#no-such-oath), [the token](/developers#OAuth).\n`,
      ),
    );
    await writeFile(join(contentDir, 'no-such-brochure.pdf'), '%PDF-1.7\n');
    const line = `${text.trimEnd()}\n\n${good}.\n\n`.split('\n').length;
    return [
      `content/${sectionFile}: line ${line}: links to /no-such-pricing, which the site does not publish (no page or document of the site has that path: link one of its pages, or a full https:// address)`,
      `content/${sectionFile}: line ${line}: links to no-such-brochure.pdf, which the site does not publish (content/ holds a file of that name, but the site publishes no file of content/ from a body: put it on your website and link its full address)`,
      `content/${sectionFile}: line ${line + 2}: links to #no-such-vision, but / has no part of that id: link a heading of the page by its # link's address`,
      `content/${sectionFile}: line ${line + 2}: links to /developers#no-such-oath, but /developers has no part of that id: link a heading of the page by its # link's address`,
      // An id that differs only in case or accents (a Vietnamese owner wrote #gia-gia-cong for a
      // heading's #giá-gia-công): the warning names the id to link.
      `content/${sectionFile}: line ${line + 2}: links to /developers#OAuth, but /developers has no part of that id: its part #oauth has that id but for accents or case (a heading's id keeps them): link /developers#oauth`,
    ];
  };

  /**
   * The warnings now given, the owner's own (unchanged, in their order) and the others apart: the
   * owner's file lines before the links the test writes after them keep their numbers.
   */
  const warnAgain = async () => {
    const warnings = await warn();
    expect(warnings.filter((warning) => owners.includes(warning))).toEqual(owners);
    return warnings.filter((warning) => !owners.includes(warning));
  };

  it('should name each link to a path the site does not publish, or to a part its page has not, at its line, and no other', async () => {
    const expected = await writeDeadLinks();
    expect(await warnAgain()).toEqual(expected);
  });

  it('should name the same lines in a file saved on Windows, with CRLF line ends and a byte-order mark', async () => {
    const expected = await writeDeadLinks((text) => `\uFEFF${text.replaceAll('\n', '\r\n')}`);
    expect(await warnAgain()).toEqual(expected);
  });
});
