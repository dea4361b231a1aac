import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { readProjectToolNames } from '../../src/integrations/mcp-tool-modules.ts';
import { buildSiteRoutes } from '../../src/documents/site-routes.ts';
import { listDeadLinkWarnings } from '../../src/site-content/body-links.ts';
import { readSiteContent } from '../../src/site-content/read-site-content.ts';

/** The served build: its content/ and the static output the build wrote from it. */
const buildDir = inject('siteBuild').dir;
const staticDir = join(buildDir, '.vercel/output/static');

/** Links to every kind of thing the site publishes, as an owner might write them on the home page. */
const GOOD_LINKS = [
  '/docs',
  '/developers.md',
  '/api/v1/overview',
  '/mcp',
  '/errors/bad_request',
  '/copy/about.md',
  '/llms.txt',
  'developers',
  '#mission',
  'mailto:press@example.com',
  '../docs',
  '/glossary#mcp',
  '/docs?x=1',
  '/.well-known/agent-card.json',
  '/',
  '/changelog',
  '/docs/mcp/prompts',
  '/developers#oauth',
  '/docs#authentication',
  '#how-we-work',
];

describe("the build's warnings of content/'s dead links", () => {
  let contentDir: string;

  beforeAll(async () => {
    contentDir = join(await mkdtemp(join(tmpdir(), 'dead-links-')), 'content');
    await cp(join(buildDir, 'content'), contentDir, { recursive: true });
  });

  afterAll(async () => {
    await rm(join(contentDir, '..'), { recursive: true, force: true });
  });

  const warn = async () => {
    const content = await readSiteContent(contentDir);
    const routes = buildSiteRoutes(content, readProjectToolNames(process.cwd()));
    return listDeadLinkWarnings(contentDir, content, routes, staticDir);
  };

  it('should name no link of content/ as it is', async () => {
    expect(await warn()).toEqual([]);
  });

  /** Writes the dead links below the good ones into copy/about.md; the warnings expected of them. */
  const writeDeadLinks = async (save: (text: string) => string = (text) => text) => {
    const about = join(contentDir, 'copy/about.md');
    const text = await readFile(join(buildDir, 'content/copy/about.md'), 'utf8');
    const good = GOOD_LINKS.map((url, index) => `[link ${index}](${url})`).join(', ');
    await writeFile(
      about,
      save(
        `${text.trimEnd()}\n\n${good}.\n\nSee [pricing](/pricing) and [the brochure](brochure.pdf).\n\nOur [vision](#vision), [a token](/developers#oath).\n`,
      ),
    );
    await writeFile(join(contentDir, 'brochure.pdf'), '%PDF-1.7\n');
    const line = `${text.trimEnd()}\n\n${good}.\n\n`.split('\n').length;
    return [
      `content/copy/about.md: line ${line}: links to /pricing, which the site does not publish (no page or document of the site has that path: link one of its pages, or a full https:// address)`,
      `content/copy/about.md: line ${line}: links to brochure.pdf, which the site does not publish (content/ holds a file of that name, but the site publishes no file of content/ from a body: put it on your website and link its full address)`,
      `content/copy/about.md: line ${line + 2}: links to #vision, but / has no part of that id: link a heading of the page by its # link's address`,
      `content/copy/about.md: line ${line + 2}: links to /developers#oath, but /developers has no part of that id: link a heading of the page by its # link's address`,
    ];
  };

  it('should name each link to a path the site does not publish, or to a part its page has not, at its line, and no other', async () => {
    const expected = await writeDeadLinks();
    expect(await warn()).toEqual(expected);
  });

  it('should name the same lines in a file saved on Windows, with CRLF line ends and a byte-order mark', async () => {
    const expected = await writeDeadLinks((text) => `\uFEFF${text.replaceAll('\n', '\r\n')}`);
    expect(await warn()).toEqual(expected);
  });
});
