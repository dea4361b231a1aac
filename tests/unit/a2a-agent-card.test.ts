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
  it('should pick the tool whose only required argument is a string query', () => {
    const name = findTextSkill(site.mcpTools);
    const tool = site.mcpTools.find((entry) => entry.name === name);
    expect(tool?.inputSchema.required).toEqual(['query']);
    const skill = card.skills?.find((entry) => entry.id === name);
    expect(skill?.inputModes).toEqual(['application/json', 'text/plain']);
  });

  it('should pick none when no tool takes a query', () => {
    // Drop every tool it would pick (two search tools take a query), one after another.
    let tools = site.mcpTools;
    for (let picked = findTextSkill(tools); picked; picked = findTextSkill(tools)) {
      tools = tools.filter((tool) => tool.name !== picked);
    }
    expect(tools.length).toBeGreaterThan(0);
    expect(tools.length).toBeLessThan(site.mcpTools.length);
    expect(findTextSkill(tools)).toBeUndefined();
  });
});
