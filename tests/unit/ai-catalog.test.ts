import { readFileSync } from 'node:fs';
import { buildSiteRoutes } from '../../src/documents/site-routes.ts';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { buildAiCatalog } from '../../src/documents/ai-catalog.ts';
import { buildMcpServerCard, buildMcpServerCardV2 } from '../../src/documents/mcp-server-card.ts';
import { buildRobotsTxt, formatContentUsage } from '../../src/documents/robots-txt.ts';
import { toWebHandler } from '../../src/http/plain-http.ts';
import { createMcpHandler } from '../../src/mcp/http-handler.ts';
import { AiCatalogSchema } from '../../src/schemas/ai-catalog.ts';
import { buildPageLinkHeader } from '../../src/service/page-link-header.ts';
import { loadExpectedSite } from '../support/expected-site.ts';
import { postModern } from '../support/mcp-requests.ts';
import { loadFixtureContent } from '../support/fixture-content.ts';

/** The schemas as the drafts publish them (vendored; see tests/fixtures/standards/README.md). */
function loadSchema(name: string): Record<string, unknown> {
  const url = new URL(`../fixtures/standards/${name}`, import.meta.url);
  return JSON.parse(readFileSync(url, 'utf8')) as Record<string, unknown>;
}

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
const validateCatalog = ajv.compile(loadSchema('ai-catalog.schema.json'));
const serverCardSchema = loadSchema('mcp-server-card.schema.json');
const validateServerCard = ajv.compile({ ...serverCardSchema, $ref: '#/$defs/ServerCard' });

const site = await loadExpectedSite('https://facts.example.com', await loadFixtureContent('rich'));
/** The fixture's pages and surfaces, its own content pages included. */
const routes = buildSiteRoutes(
  site.content,
  site.mcpTools.map((tool) => tool.name),
);

describe('buildAiCatalog', () => {
  const catalog = buildAiCatalog(site.content, site.urls);

  it('should validate against the ARD ai-catalog.json schema', () => {
    expect(validateCatalog(catalog), JSON.stringify(validateCatalog.errors)).toBe(true);
    expect(AiCatalogSchema.parse(catalog)).toEqual(catalog);
  });

  it('should list the MCP server card, the A2A agent card, the API catalog and the OpenAPI document by URL', () => {
    expect(catalog.entries.map((entry) => [entry.type, entry.url])).toEqual([
      ['application/mcp-server-card+json', 'https://facts.example.com/mcp/server-card'],
      ['application/json', 'https://facts.example.com/.well-known/agent-card.json'],
      ['application/linkset+json', 'https://facts.example.com/.well-known/api-catalog'],
      ['application/vnd.oai.openapi+json', 'https://facts.example.com/openapi.json'],
    ]);
    for (const entry of catalog.entries) {
      expect(entry.identifier).toMatch(/^urn:air:facts\.example\.com:[a-z]+:[a-z0-9-]+$/);
    }
  });

  it('should give every entry 2 to 5 representative queries naming the company', () => {
    for (const entry of catalog.entries) {
      expect(entry.representativeQueries?.length, entry.identifier).toBeGreaterThanOrEqual(2);
      expect(entry.representativeQueries?.length, entry.identifier).toBeLessThanOrEqual(5);
      for (const query of entry.representativeQueries ?? []) {
        expect(query).toContain(site.content.company.alternateName);
      }
    }
  });

  it('should refuse an entry whose identifier is not domain-anchored', () => {
    const broken = {
      ...catalog,
      entries: [{ ...catalog.entries[0], identifier: 'https://facts.example.com/mcp' }],
    };
    expect(validateCatalog(broken)).toBe(false);
    expect(AiCatalogSchema.safeParse(broken).success).toBe(false);
  });

  it('should anchor an IP-address origin as a valid publisher', () => {
    const local = buildAiCatalog(site.content, { ...site.urls, origin: 'http://[::1]:4321' });
    expect(validateCatalog(local), JSON.stringify(validateCatalog.errors)).toBe(true);
  });
});

describe('buildMcpServerCardV2', () => {
  const card = buildMcpServerCardV2(site.content, site.urls);

  it('should validate against the schema the MCP server-card extension publishes (v1)', () => {
    expect(card.$schema).toBe(
      'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json',
    );
    expect(validateServerCard(card), JSON.stringify(validateServerCard.errors)).toBe(true);
  });

  it('should fail that schema with the date-versioned $schema it published before', () => {
    const old = {
      ...card,
      $schema: 'https://static.modelcontextprotocol.io/schemas/v2/server-card.schema.json',
    };
    expect(validateServerCard(old)).toBe(false);
  });

  it('should agree with what server/discover answers', async () => {
    const handler = toWebHandler(createMcpHandler({ site }));
    const answer = await postModern(
      'https://facts.example.com',
      'server/discover',
      {},
      {},
      (url, init) => handler(new Request(url, init)),
    );
    const result = answer.body.result as {
      supportedVersions: string[];
      capabilities: Record<string, unknown>;
      _meta: Record<string, Record<string, string>>;
    };
    const serverInfo = result._meta['io.modelcontextprotocol/serverInfo'] ?? {};
    expect(card.name.split('/')[1]).toBe(serverInfo.name);
    expect(card.version).toBe(serverInfo.version);
    expect(card.title).toBe(serverInfo.title);
    expect(card.description).toBe(serverInfo.description);
    expect(card.websiteUrl).toBe(serverInfo.websiteUrl);
    expect(card.remotes?.[0]?.supportedProtocolVersions).toEqual(result.supportedVersions);
  });

  it('should give the SEP-1649 card the capabilities server/discover states, skills included', async () => {
    const fullCard = buildMcpServerCard(site.content, site.urls, site.mcpTools);
    const handler = toWebHandler(createMcpHandler({ site }));
    const answer = await postModern(
      'https://facts.example.com',
      'server/discover',
      {},
      {},
      (url, init) => handler(new Request(url, init)),
    );
    const { capabilities } = answer.body.result as { capabilities: Record<string, unknown> };
    expect(capabilities).toHaveProperty(['extensions', 'io.modelcontextprotocol/skills']);
    expect(fullCard.capabilities).toEqual(capabilities);
  });
});

describe('AI Catalog discovery', () => {
  it('should be named by every page Link header and by robots.txt (Agentmap)', () => {
    for (const page of routes.pages) {
      expect(buildPageLinkHeader(page)).toContain(
        '</.well-known/ai-catalog.json>; rel="ai-catalog"; type="application/ai-catalog+json"',
      );
    }
    expect(buildRobotsTxt(site.content, site.urls)).toMatch(
      /^Agentmap: https:\/\/facts\.example\.com\/\.well-known\/ai-catalog\.json$/m,
    );
  });
});

describe('formatContentUsage', () => {
  const withSignals = (search: boolean, aiTrain: boolean) => ({
    ...site.content,
    agents: { ...site.content.agents, contentSignals: { search, aiInput: true, aiTrain } },
  });

  it('should state the Content Signals preferences in the AIPREF vocabulary', () => {
    expect(formatContentUsage(withSignals(true, true))).toBe('train-ai=y, search=y');
    expect(formatContentUsage(withSignals(true, false))).toBe('train-ai=n, search=y');
    expect(formatContentUsage(withSignals(false, false))).toBe('train-ai=n, search=n');
  });

  it('should put one Content-Usage rule beside each Content-Signal in robots.txt', () => {
    const robots = buildRobotsTxt(withSignals(true, false), site.urls);
    const signals = robots.match(/^Content-Signal: .*$/gm) ?? [];
    const usages = robots.match(/^Content-Usage: train-ai=n, search=y$/gm) ?? [];
    expect(signals.length).toBeGreaterThan(0);
    expect(usages).toHaveLength(signals.length);
  });
});
