import { describe, expect, it } from 'vitest';
import { buildAuthMd } from '../../src/documents/auth-md.ts';
import { buildCopyDocuments } from '../../src/documents/copy-documents.ts';
import { buildAgentAuth } from '../../src/documents/authorization-server-metadata.ts';
import { buildLlmsFullTxt } from '../../src/documents/llms-full-txt.ts';
import { buildLlmsTxt } from '../../src/documents/llms-txt.ts';
import { listErrorCatalogue } from '../../src/service/error-catalogue.ts';
import { endSentence } from '../../src/documents/end-sentence.ts';
import {
  buildJsonDocumentPageUrl,
  listJsonDocumentEntries,
} from '../../src/documents/json-document-pages.ts';
import { DEFAULT_RATE_LIMIT } from '../../src/service/rate-limit-policy.ts';
import { buildServiceUrls } from '../../src/service/urls.ts';
import { loadExpectedSite } from '../support/expected-site.ts';
import {
  listMarkdownLinks,
  parseMarkdownOutline,
} from '../../src/site-content/parse-markdown-outline.ts';
import { loadFixtureContent } from '../support/fixture-content.ts';
import { parseSiteOutlines } from '../../src/site-content/site-outlines.ts';

const urls = buildServiceUrls('https://facts.example.com');
const content = await loadFixtureContent('rich');
const { mcpTools, outlines, openapi } = await loadExpectedSite(
  'https://facts.example.com',
  content,
);

describe('buildLlmsTxt', () => {
  const text = buildLlmsTxt(content, urls, mcpTools);
  const lines = text.split('\n');

  it('should open with the H1 company name and a blockquote summary (llmstxt.org)', () => {
    expect(lines[0]).toBe(`# ${content.company.name}`);
    expect(lines[1]).toBe('');
    expect(lines[2]).toMatch(/^> \S/);
    expect(text.match(/^# /gm)).toHaveLength(1);
  });

  it('should give the tagline and the description a paragraph each, whatever ends the tagline', () => {
    const unpunctuated = {
      ...content,
      company: { ...content.company, tagline: 'Fersk brød, fra ovn til bord 🍞' },
    };
    const head = buildLlmsTxt(unpunctuated, urls, mcpTools).split('\n').slice(3, 8);
    expect(head).toEqual([
      '',
      'Fersk brød, fra ovn til bord 🍞',
      '',
      content.company.description,
      '',
    ]);
  });

  it('should open its sections with the agents.yaml guidance as "## Instructions for agents"', () => {
    const sections = lines.filter((line) => line.startsWith('## '));
    expect(sections[0]).toBe('## Instructions for agents');
    const section = /^## Instructions for agents\n\n([\s\S]*?)\n\n## /m.exec(text)?.[1];
    expect(section?.split('\n')).toEqual(
      content.agents.guidance.map((sentence) => `- ${endSentence(sentence)}`),
    );
  });

  it('should hold only link lists of the form "- [name](url): notes" under its other H2 sections', () => {
    const firstSection = lines.findIndex(
      (line) => line.startsWith('## ') && line !== '## Instructions for agents',
    );
    const body = lines.slice(firstSection).filter((line) => line && !line.startsWith('## '));
    expect(body.length).toBeGreaterThan(10);
    for (const line of body) {
      expect(line).toMatch(/^- \[[^\]]+\]\((?:https?:\/\/|mailto:)[^)\s]+\)(: .+)?$/);
    }
    // An e-mail address is linked only as a call to action that is one.
    const mailLinks = body.flatMap((line) => /\]\((mailto:[^)\s]+)\)/.exec(line)?.[1] ?? []);
    expect(mailLinks.length).toBeGreaterThan(0);
    expect(mailLinks).toEqual(
      content.callsToAction.map((action) => action.url).filter((url) => url.startsWith('mailto:')),
    );
  });

  it('should end with an ## Optional section', () => {
    const sections = lines.filter((line) => line.startsWith('## '));
    expect(sections.at(-1)).toBe('## Optional');
    expect(sections.length).toBeGreaterThanOrEqual(4);
  });

  it('should link the agent resources on the configured origin', () => {
    for (const url of [urls.llmsFullTxt, urls.authMd]) expect(text).toContain(`](${url})`);
  });

  it('should link each JSON document by the Markdown page that describes it, never the JSON', () => {
    const entries = listJsonDocumentEntries(content, urls);
    expect(entries.map((entry) => entry.url)).toEqual(
      expect.arrayContaining([urls.overview, urls.mcp, urls.openapi, urls.apiCatalog]),
    );
    for (const entry of entries) {
      expect(text).toContain(`](${buildJsonDocumentPageUrl(urls.origin, entry.slug)})`);
      expect(text).not.toContain(`](${entry.url})`);
    }
  });
});

describe('buildLlmsFullTxt', () => {
  const text = buildLlmsFullTxt(content, urls, outlines, { openapi, tools: mcpTools });
  const headings = parseMarkdownOutline(text).headings;

  it('should contain the product description and every copy section under one H1', () => {
    expect(headings.filter((heading) => heading.depth === 1)).toHaveLength(1);
    expect(text).toContain(`## ${content.product.name}`);
    for (const section of content.copy) expect(text).toContain(`## ${section.title}`);
  });

  it('should push the copy headings under their section (no second-level heading from a body)', () => {
    const h2 = headings.filter((heading) => heading.depth === 2).map(({ text }) => `## ${text}`);
    expect(h2).toEqual([
      '## Instructions for agents',
      `## ${content.product.name}`,
      ...content.copy.map((section) => `## ${section.title}`),
      ...content.contentPages.map((page) => `## ${page.heading}`),
      '## Calls to action',
      '## For agents and developers',
      '## API reference',
      '## Operations',
      '## MCP tools',
      '## Schemas',
      '## Shared responses',
      '## Errors',
    ]);
  });

  it('should carry the API reference: every operation, tool, schema and error, from what the API publishes', () => {
    const paths = openapi.paths as Record<string, Record<string, { operationId?: string }>>;
    const operationIds = Object.values(paths).flatMap((item) =>
      Object.values(item).flatMap((operation) =>
        operation.operationId ? [operation.operationId] : [],
      ),
    );
    expect(operationIds.length).toBeGreaterThan(10);
    for (const id of operationIds) expect(text).toContain(`(\`${id}\`)`);
    // A REST path is written under its base, an origin path as it is.
    expect(text).toContain('\n### GET /api/v1/overview\n');
    expect(text).toContain('\n### POST /oauth/token\n');
    for (const tool of mcpTools) {
      expect(text).toContain(`\n### Tool ${tool.name}\n`);
      expect(text).toContain(tool.description);
    }
    const schemas = (openapi.components as { schemas: Record<string, unknown> }).schemas;
    for (const name of Object.keys(schemas)) expect(text).toContain(`\n### Schema ${name}\n`);
    expect(text).toContain('- `apiVersion` (string, required): Version string of the API');
    for (const entry of listErrorCatalogue()) expect(text).toContain(`- \`${entry.code}\` (`);
    expect(text).toContain('`-32602` (invalidParams)');
    // A shared refusal is listed once, not under every operation.
    expect(text).toContain(
      '- Shared responses: 400, 401, 404, 405, 408, 414, 417, 429, 431, 500, 501, 503, 505.',
    );
    expect(text.match(/Request Timeout: The request was not received in time/g)).toHaveLength(1);
    // The versioning and the limits of the description come along.
    expect(text).toContain('Versioning: the REST API is versioned by URL path');
  });

  it("should carry the site owner's own pages, each with its address and its headings under its own", () => {
    // Before, an owner's page (content/pages/our-bakeries.md) was linked from llms.txt only.
    expect(content.contentPages.length).toBeGreaterThan(0);
    for (const page of content.contentPages) {
      expect(text).toContain(
        `\n## ${page.heading}\n\n${page.description}\n\nPage: ${urls.origin}/${page.slug}\n`,
      );
    }
    expect(headings.find((heading) => heading.text === 'Lyon, the first oven')?.depth).toBe(3);
    // Its link to /developers works without a base URL, as in the pages' Markdown versions.
    expect(text).toContain(`[the developers page](${urls.origin}/developers)`);
    // Every link absolute: the press section's `[a portal of their own](developers)` too.
    expect(listMarkdownLinks(text).filter((url) => !/^(?:https?|mailto):/.test(url))).toEqual([]);
    expect(text).toContain(`[a portal of their own](${urls.origin}/developers)`);
    // Code keeps its bytes: the savoir-faire section's Markdown example links as it is written.
    expect(text).toContain('Le pas à pas : [fiche complète](/fiches/baguette#cuisson).\n````');
    expect(text).toContain('Lò bánh mì Phố Hội');
  });

  it('should push setext and # headings under their section and leave a fenced example untouched', () => {
    // The rich company's savoir-faire.md: "Allergen sheets" over dashes, then a ```` fence whose
    // example holds a ``` fence of its own, with "# Baguette de tradition" in it.
    expect(text).toContain('\n### Allergen sheets\n');
    // No setext underline is left (a line of dashes after a blank line is a rule, as donnees.md
    // opens with).
    expect(text).not.toMatch(/^[^\n-][^\n]*\n-{3,}$/m);
    expect(text).toMatch(/\n\n---\n\nFournil's data promise/);
    expect(text).toContain('````md\n```text\n# Baguette de tradition\nfarine');
    expect(headings.map((heading) => heading.text)).not.toContain('Baguette de tradition');
    // Its apprentissage.md writes `#` headings, over equals signs and after `#`: each sits under
    // the section's heading, not beside it.
    for (const title of ['The programme', "After two years: the apprentice's own bakery"]) {
      expect(headings.find((heading) => heading.text === title)?.depth, title).toBe(3);
    }
    expect(headings.find((heading) => heading.text === 'Allergen sheets')?.depth).toBe(3);
  });
});

describe('buildCopyDocuments', () => {
  const documents = new Map(
    buildCopyDocuments(content, outlines, urls.home).map((document) => [
      document.slug,
      document.markdown,
    ]),
  );

  it("should keep each document's title its one h1, a body's # headings under it", () => {
    for (const [slug, markdown] of documents) {
      const headings = parseMarkdownOutline(markdown).headings;
      expect(
        headings.filter((heading) => heading.depth === 1),
        slug,
      ).toHaveLength(1);
      expect(headings[0]?.depth, slug).toBe(1);
    }
    // The rich company's apprentissage.md writes its headings with `#` (over equals signs too).
    expect(documents.get('apprentissage')).toContain('\n## The programme\n');
    expect(documents.get('apprentissage')).toContain(
      "\n## After two years: the apprentice's own bakery\n",
    );
  });

  it('should keep a body written from ## as the owner wrote it, fenced code included', () => {
    const section = content.copy.find((copy) => copy.slug === 'savoir-faire');
    expect(section).toBeDefined();
    expect(documents.get('savoir-faire')).toContain(`\n\n${section?.body}\n`);
  });

  it("should make a body's links to the site's pages absolute, its links to its own headings and its code as written", () => {
    // The get_site_copy_section answer is this text: an agent may read it with no address. A
    // link to a part of the home page beyond the section (#product) names no heading of the
    // document, and leads to the home page's.
    const body =
      'See [the developers page](/developers), [the brochure](brochure.pdf), [in brief](#in-brief) and [the product](#product).\n\n## In brief\n\n`[code](/x)`\n';
    const changed = {
      ...content,
      copy: content.copy.map((section, index) => (index === 0 ? { ...section, body } : section)),
    };
    const first = buildCopyDocuments(changed, parseSiteOutlines(changed), urls.home)[1];
    expect(first?.markdown).toContain(
      `\n\nSee [the developers page](${urls.origin}/developers), [the brochure](${urls.origin}/brochure.pdf), [in brief](#in-brief) and [the product](${urls.home}#product).\n\n## In brief\n\n\`[code](/x)\`\n`,
    );
  });
});

describe('buildAuthMd', () => {
  const text = buildAuthMd(content, urls, DEFAULT_RATE_LIMIT);

  it('should state the rate limit in force, its fields and what to do at 429', () => {
    const limited = buildAuthMd(content, urls, { limit: 17, windowSeconds: 9 });
    expect(limited).toContain('17 requests per\n9 seconds');
    expect(limited).toContain('"per-client";q=17;w=9');
    expect(limited).toMatch(/429.*Retry-After/s);
    expect(buildAuthMd(content, urls, undefined)).toContain('apply no rate limit of their own');
  });

  it('should be titled "# auth.md" and state that no authentication is required', () => {
    expect(text.split('\n')[0]).toBe('# auth.md');
    expect(text).toMatch(/no authentication is required/i);
  });

  it('should walk through the anonymous flow of docs/spec.md §5.7 in order', () => {
    const steps = [
      urls.protectedResource,
      urls.authorizationServer,
      urls.oauthClaim,
      urls.oauthRegister,
      urls.oauthToken,
      urls.mcp,
    ];
    const positions = steps.map((url) =>
      text.indexOf(
        `curl -s${url === urls.protectedResource || url === urls.authorizationServer || url === urls.oauthClaim ? ' ' : ' -X POST '}${url}`,
      ),
    );
    for (const position of positions) expect(position).toBeGreaterThan(0);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(text).toContain(
      '"client_name":"<CLIENT_NAME>","grant_types":["client_credentials"],"token_endpoint_auth_method":"none"',
    );
    expect(text).toContain('-d grant_type=client_credentials');
    expect(text).toContain('Authorization: Bearer <ACCESS_TOKEN>');
  });

  it('should repeat the agent_auth block of the authorization server metadata', () => {
    const block = /## agent_auth[\s\S]*?```json\n([\s\S]*?)\n```/.exec(text)?.[1];
    expect(JSON.parse(block ?? 'null')).toEqual(buildAgentAuth(urls));
  });
});
