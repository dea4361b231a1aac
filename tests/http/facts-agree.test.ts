import {
  resolvePageDirection,
  resolvePageLanguage,
} from '../../src/site-content/page-languages.ts';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { readSiteContent } from '../../src/site-content/read-site-content.ts';
import type { SiteContent } from '../../src/schemas/site-content.ts';
import { decodeHtmlText } from '../support/expected-site.ts';
import { readMarkdownText } from '../support/markdown-reader.ts';
import { ROOT } from '../support/processes.ts';

const baseUrl = inject('baseUrl');
let content: SiteContent;
const served = new Map<string, string>();

const SURFACES = [
  '/api/v1/overview',
  '/openapi.json',
  '/llms.txt',
  '/llms-full.txt',
  '/',
  '/developers',
  '/docs',
];

beforeAll(async () => {
  content = await readSiteContent(`${ROOT}content`);
  for (const path of SURFACES) {
    const response = await fetch(`${baseUrl}${path}`);
    expect(response.status, path).toBe(200);
    const text = await response.text();
    served.set(
      path,
      path === '/' || path === '/developers' || path === '/docs' ? decodeHtmlText(text) : text,
    );
  }
});

/**
 * What a reader sees of a page or a Markdown document: its text, white space collapsed (a Markdown
 * reader does not show the backslashes that keep an owner's `*` or `<` from being markup).
 */
function shownText(path: string): string {
  const text = served.get(path) ?? '';
  return path.endsWith('.txt') ? readMarkdownText(text).text : text;
}

/** A content field as shown: white space collapsed (a link's name without square brackets). */
const asShown = (field: string, { link = false } = {}) =>
  (link ? field.replace(/[[\]]/g, '').trim() : field).replace(/\s+/g, ' ');

/** The overview as the OpenAPI document's example shows it. */
function openApiOverviewExample(): Record<string, unknown> {
  const document = JSON.parse(served.get('/openapi.json') ?? '{}') as {
    paths: Record<
      string,
      { get: { responses: Record<string, { content: Record<string, { example: unknown }> }> } }
    >;
  };
  return document.paths['/overview']?.get.responses['200']?.content['application/json']
    ?.example as Record<string, unknown>;
}

describe('one fact, every surface', () => {
  it('should show the same name, short name, tagline and description in REST and the OpenAPI example', () => {
    const overview = JSON.parse(served.get('/api/v1/overview') ?? '{}') as Record<string, unknown>;
    const { company } = content;
    const facts = {
      name: company.name,
      alternateName: company.alternateName,
      url: company.website,
      tagline: company.tagline,
      description: company.description,
    };
    expect(overview).toMatchObject(facts);
    expect(openApiOverviewExample()).toEqual(overview);
  });

  it.each(['/llms.txt', '/llms-full.txt', '/'])(
    'should show the company name, tagline and description on %s',
    (path) => {
      const text = shownText(path);
      const { company } = content;
      for (const fact of [company.name, company.tagline, company.description]) {
        expect(text, `${path} lacks "${fact}"`).toContain(asShown(fact));
      }
    },
  );

  it.each(['/llms.txt', '/llms-full.txt', '/'])(
    'should list every call to action on %s',
    (path) => {
      const text = shownText(path);
      for (const cta of content.callsToAction) {
        expect(text).toContain(asShown(cta.label, { link: path !== '/' }));
        if (path !== '/') expect(served.get(path)).toContain(cta.url);
      }
    },
  );

  it('should carry every copy section and the product description into llms-full.txt and the home page', () => {
    for (const path of ['/llms-full.txt', '/']) {
      const text = shownText(path);
      expect(text).toContain(asShown(content.product.name));
      expect(text).toContain(asShown(content.product.summary));
      for (const section of content.copy)
        expect(text, `${path}: ${section.title}`).toContain(asShown(section.title));
    }
  });

  it('should show the developer and docs page copy from content/pages', () => {
    expect(served.get('/developers')).toContain(content.pages.developers.heading);
    expect(served.get('/docs')).toContain(content.pages.docs.heading);
  });

  it('should list every OpenAPI operation on the docs page', () => {
    const document = JSON.parse(served.get('/openapi.json') ?? '{}') as {
      paths: Record<string, Record<string, { summary?: string }>>;
    };
    const summaries = Object.values(document.paths).flatMap((item) =>
      Object.values(item).flatMap((operation) => (operation.summary ? [operation.summary] : [])),
    );
    expect(summaries.length).toBeGreaterThan(15);
    for (const summary of summaries) expect(served.get('/docs')).toContain(summary);
  });
});

describe('the MCP quickstart on /developers', () => {
  it('should name the arguments its tools/call sample sends, and say it takes none only when it sends none', async () => {
    const markdown = await (await fetch(`${baseUrl}/developers.md`)).text();
    const [, sentence = '', body = '{}'] =
      /^Call one \((.+)\):\n\n```sh\n[^`]*?-d '(.+)'\n```/m.exec(markdown) ?? [];
    const { params } = JSON.parse(body) as {
      params?: { name: string; arguments: Record<string, unknown> };
    };
    expect(params?.name).toBeTypeOf('string');
    expect(sentence).toContain(`\`${params?.name}\``);
    const names = Object.keys(params?.arguments ?? {});
    if (names.length === 0) expect(sentence).toContain('takes no arguments');
    else expect(sentence).not.toContain('no arguments');
    for (const name of names) expect(sentence).toContain(`\`${name}\``);
    // The page says what its Markdown version says.
    expect(served.get('/developers')).toContain(
      `Call one (${sentence.replaceAll('`', ' ')}):`.replace(/\s+/g, ' '),
    );
  });
});

describe('pages', () => {
  it.each(['/', '/developers', '/docs'])(
    'should serve %s as UTF-8 HTML with canonical URL and description',
    async (path) => {
      const response = await fetch(`${baseUrl}${path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')?.replace(/\s/g, '')).toBe(
        'text/html;charset=utf-8',
      );
      const html = await response.text();
      expect(html).toContain(`<link rel="canonical" href="${new URL(path, baseUrl).href}">`);
      expect(html).toMatch(/<meta name="description" content="[^"]{50,}">/);
      // The home page is the company's words; the portal and the reference the site's (English),
      // each in its words' direction when the content is written right to left.
      const words = path === '/' ? 'content' : 'site';
      const language = resolvePageLanguage(words, content.company.locale);
      const direction = resolvePageDirection(words, content.company.locale);
      expect(html).toContain(`<html lang="${language}"${direction ? ` dir="${direction}"` : ''}>`);
    },
  );
});
