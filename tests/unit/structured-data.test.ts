import { describe, expect, it } from 'vitest';
import { buildServiceUrls } from '../../src/service/urls.ts';
import {
  buildStructuredData,
  serializeJsonForScript,
} from '../../src/reference/structured-data.ts';
import { loadFixtureContent } from '../support/fixture-content.ts';

const urls = buildServiceUrls('https://facts.example.com');
const content = await loadFixtureContent('rich');

describe('buildStructuredData', () => {
  it('should describe the Organization, WebSite and WebAPI from the content collection', () => {
    const graph = buildStructuredData(content, urls)['@graph'];
    expect(graph.map((node) => node['@type'])).toEqual(['Organization', 'WebSite', 'WebAPI']);
    expect(graph[0]).toMatchObject({
      name: content.company.name,
      url: content.company.website,
      description: content.company.description,
    });
    expect(graph[1]).toMatchObject({ url: urls.home, publisher: { '@id': graph[0]?.['@id'] } });
    // Named as og:site_name names it (BaseLayout.astro), the full name as another.
    expect(graph[1]).toMatchObject({
      name: content.company.alternateName,
      alternateName: content.company.name,
    });
    expect(graph[2]).toMatchObject({
      documentation: urls.docs,
      provider: { '@id': graph[0]?.['@id'] },
    });
  });

  it('should name the WebSite once when the short name is the full name', () => {
    const sameName = {
      ...content,
      company: { ...content.company, alternateName: content.company.name },
    };
    const graph = buildStructuredData(sameName, urls)['@graph'];
    expect(graph[1]).toMatchObject({ name: content.company.name });
    expect(graph[1]).not.toHaveProperty('alternateName');
  });

  it("should give the contact address as the ContactPoint's email when it is mailto:, else as its url", async () => {
    const byMail = buildStructuredData(await loadFixtureContent('right-to-left'), urls)['@graph'];
    expect(byMail[0]).toMatchObject({
      contactPoint: { '@type': 'ContactPoint', email: 'info@siwa-dates.example' },
    });
    expect(byMail[0]).not.toHaveProperty('contactPoint.url');
    const byPage = buildStructuredData(content, urls)['@graph'];
    expect(byPage[0]).toMatchObject({ contactPoint: { url: content.company.contactUrl } });
    expect(byPage[0]).not.toHaveProperty('contactPoint.email');
  });

  it('should add the page with its dateModified and a BreadcrumbList through its parents', () => {
    const graph = buildStructuredData(content, urls, {
      path: '/errors/not_found',
      title: 'Error not_found',
      description: 'There is no resource at this path.',
      dateModified: new Date('2026-03-04T05:06:07Z'),
    })['@graph'];
    expect(graph.map((node) => node['@type'])).toEqual([
      'Organization',
      'WebSite',
      'WebAPI',
      'WebPage',
      'BreadcrumbList',
    ]);
    expect(graph[3]).toMatchObject({
      url: 'https://facts.example.com/errors/not_found',
      dateModified: '2026-03-04T05:06:07.000Z',
    });
    expect(graph[4]).toMatchObject({
      itemListElement: [
        { position: 1, name: 'Home', item: 'https://facts.example.com/' },
        { position: 2, name: 'Errors', item: 'https://facts.example.com/errors' },
        {
          position: 3,
          name: 'Error not_found',
          item: 'https://facts.example.com/errors/not_found',
        },
      ],
    });
  });

  it('should give the home page a one-item breadcrumb', () => {
    const graph = buildStructuredData(content, urls, {
      path: '/',
      title: 'Home',
      description: 'Home page.',
      dateModified: new Date(0),
    })['@graph'];
    expect(graph.at(-1)).toMatchObject({
      itemListElement: [{ position: 1, name: 'Home', item: 'https://facts.example.com/' }],
    });
    expect(graph.at(-2)).not.toHaveProperty('primaryImageOfPage');
  });

  it("should give a page its own language only where it is not the site's", () => {
    const page = {
      path: '/docs',
      title: 'API docs',
      description: 'The reference.',
      dateModified: new Date(0),
    };
    const webPage = (facts: typeof page & { inLanguage?: string }) =>
      buildStructuredData(content, urls, facts)['@graph'].find(
        (node) => node['@type'] === 'WebPage',
      );
    expect(buildStructuredData(content, urls)['@graph'][1]).toMatchObject({
      inLanguage: content.company.locale,
    });
    expect(webPage(page)).not.toHaveProperty('inLanguage');
    expect(webPage({ ...page, inLanguage: 'en' })).toMatchObject({ inLanguage: 'en' });
  });

  it("should name the page's image, when it has one, as its primaryImageOfPage", () => {
    const image = {
      url: 'https://facts.example.com/_astro/plan.abc123.webp',
      width: 1200,
      height: 750,
      alt: 'The plan for one morning.',
    };
    const graph = buildStructuredData(content, urls, {
      path: '/',
      title: 'Home',
      description: 'Home page.',
      dateModified: new Date(0),
      image,
    })['@graph'];
    expect(graph.find((node) => node['@type'] === 'WebPage')).toMatchObject({
      primaryImageOfPage: {
        '@type': 'ImageObject',
        contentUrl: image.url,
        width: 1200,
        height: 750,
        caption: image.alt,
      },
    });
  });
});

describe('serializeJsonForScript', () => {
  it('should never let a string close the script element', () => {
    const text = serializeJsonForScript({ name: '</script><script>alert(1)</script>' });
    expect(text).not.toContain('<');
    expect(JSON.parse(text)).toEqual({ name: '</script><script>alert(1)</script>' });
  });
});
