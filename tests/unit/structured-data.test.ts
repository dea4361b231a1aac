import { describe, expect, it } from 'vitest';
import { buildServiceUrls } from '../../src/service/urls.ts';
import {
  buildStructuredData,
  serializeJsonForScript,
} from '../../src/reference/structured-data.ts';
import { loadSampleContent } from '../support/sample-content.ts';

const urls = buildServiceUrls('https://facts.example.com');
const content = await loadSampleContent();

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
    expect(graph[2]).toMatchObject({
      documentation: urls.docs,
      provider: { '@id': graph[0]?.['@id'] },
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
