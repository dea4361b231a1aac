import { AgentCard } from '@a2a-js/sdk';
import { describe, expect, it } from 'vitest';
import { buildA2aAgentCard } from '../../src/documents/a2a-agent-card.ts';
import { findTextSkill } from '../../src/documents/text-skill.ts';
import { loadExpectedSite } from '../support/expected-site.ts';
import { loadFixtureContent } from '../support/fixture-content.ts';

const origin = 'https://facts.example.com';
const site = await loadExpectedSite(origin, await loadFixtureContent('rich'));
const card = buildA2aAgentCard(site.content, site.urls, site.mcpTools);

describe('buildA2aAgentCard', () => {
  it('should be an AgentCard the A2A SDK reads back unchanged', () => {
    expect(AgentCard.toJSON(AgentCard.fromJSON(card))).toEqual(card);
    expect(JSON.parse(JSON.stringify(card))).toEqual(card);
  });

  it('should offer the JSON-RPC endpoint at /a2a for A2A 1.0 first, then 0.3', () => {
    expect(card.supportedInterfaces).toEqual([
      { url: `${origin}/a2a`, protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
      { url: `${origin}/a2a`, protocolBinding: 'JSONRPC', protocolVersion: '0.3' },
    ]);
  });

  it('should have one skill per MCP tool, named and described as the tool is', () => {
    expect(card.skills?.map((skill) => skill.id)).toEqual(site.mcpTools.map((tool) => tool.name));
    for (const [index, tool] of site.mcpTools.entries()) {
      const skill = card.skills?.[index];
      expect(skill?.name).toBe(tool.title);
      expect(skill?.description).toBe(tool.description);
      expect(skill?.examples?.[0]).toContain(
        JSON.stringify({ skill: tool.name, arguments: tool.example }),
      );
      expect(skill?.outputModes).toEqual(['application/json', 'text/plain']);
    }
  });

  it('should take its provider from content/ and claim no streaming, push or extended card', () => {
    expect(card.provider).toEqual({
      organization: site.content.company.name,
      url: site.content.company.website,
    });
    expect(card.name).toContain(site.content.company.alternateName);
    expect(card.capabilities).toEqual({
      streaming: false,
      pushNotifications: false,
      extendedAgentCard: false,
    });
    expect(card.defaultInputModes).toEqual(['application/json', 'text/plain']);
  });

  it('should offer the OAuth schemes of the authorization server without requiring any', () => {
    expect(card.securityRequirements ?? []).toEqual([]);
    const schemes = card.securitySchemes as Record<string, Record<string, Record<string, unknown>>>;
    expect(schemes.bearer?.httpAuthSecurityScheme?.scheme).toBe('Bearer');
    const oauth2 = schemes.oauth2?.oauth2SecurityScheme;
    expect(oauth2?.oauth2MetadataUrl).toBe(site.urls.authorizationServer);
    expect(oauth2?.flows).toEqual({
      clientCredentials: {
        tokenUrl: site.urls.oauthToken,
        scopes: {
          'mcp:read': expect.any(String),
          'mcp:tools': expect.any(String),
        },
      },
    });
    expect(site.authorizationServer.scopes_supported).toEqual(['mcp:read', 'mcp:tools']);
  });
});

describe('findTextSkill', () => {
  it('should pick search_site, the tool that says it answers text, not the first by name', () => {
    const name = findTextSkill(site.mcpTools);
    expect(name).toBe('search_site');
    // search_site_copy takes a string query too; the choice is deliberate, whatever the order.
    expect(findTextSkill([...site.mcpTools].reverse())).toBe('search_site');
    const tool = site.mcpTools.find((entry) => entry.name === name);
    expect(tool?.inputSchema.required).toEqual(['query']);
    const skill = card.skills?.find((entry) => entry.id === name);
    expect(skill?.inputModes).toEqual(['application/json', 'text/plain']);
    expect(card.description).toContain('send text to search the site with search_site');
  });

  it('should pick none when no tool says it answers text, though others take a query', () => {
    const tools = site.mcpTools.filter((tool) => tool.name !== 'search_site');
    expect(tools.some((tool) => tool.name === 'search_site_copy')).toBe(true);
    expect(findTextSkill(tools)).toBeUndefined();
  });

  it('should refuse two tools that answer text, and one that takes no query', () => {
    const [first, second] = site.mcpTools;
    if (!first || !second) throw new Error('fewer than two MCP tools');
    expect(() =>
      findTextSkill([
        { ...first, answersText: true },
        { ...second, answersText: true },
      ]),
    ).toThrow(/Only one MCP tool may answer plain text/);
    const noQuery = site.mcpTools.find((tool) => tool.name === 'get_company_overview');
    if (!noQuery) throw new Error('no get_company_overview');
    expect(() => findTextSkill([{ ...noQuery, answersText: true }])).toThrow(
      /get_company_overview answers plain text but/,
    );
  });
});
