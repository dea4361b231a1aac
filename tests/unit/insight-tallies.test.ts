import { describe, expect, it } from 'vitest';
import type { AgentIdentity } from '../../src/insight/agent-catalogue.ts';
import { listVisitCounts, type Visit } from '../../src/insight/insight-tallies.ts';

const AGENT = {
  id: 'acme',
  name: 'Acme Agent',
  operator: 'Acme',
  kind: 'user-fetch',
} as const satisfies AgentIdentity;

/** A listed agent's signed MCP call, as a fresh object each time (as each request makes it). */
const baseVisit = (): Visit => ({
  day: '2026-11-30',
  agent: AGENT,
  signature: { status: 'verified', signer: 'signer.example' },
  surface: 'mcp',
  format: 'json',
  mcpMethods: ['tools/call'],
  mcpClient: 'acme-client',
  mcpTool: 'search_site_copy',
  query: 'pricing',
  grant: undefined,
});

describe('listVisitCounts', () => {
  it('should give a visit repeating the latest one the very same counts, listed once', () => {
    const first = listVisitCounts(baseVisit());
    expect(listVisitCounts(baseVisit())).toBe(first);
    // An agent and a signature equal in every counted field, as other objects.
    expect(listVisitCounts({ ...baseVisit(), agent: { ...AGENT } })).toBe(first);
    expect(first.map(({ key, field }) => `${key.split(':').at(-1)}=${field}`)).toEqual([
      'audience=agent',
      'kinds=user-fetch',
      'surfaces=mcp\u001fagent',
      'formats=json\u001fagent',
      'agents=Acme Agent\u001fAcme\u001fuser-fetch',
      'verification=verified',
      'signers=signer.example',
      'methods=tools/call',
      'clients=acme-client',
      'tools=search_site_copy',
      'queries=pricing',
    ]);
  });

  it('should not be misled by a list of methods changed after its visit was counted', () => {
    const methods = ['initialize'];
    const counted = listVisitCounts({ ...baseVisit(), mcpMethods: methods });
    methods.push('tools/list');
    const next = listVisitCounts({ ...baseVisit(), mcpMethods: ['initialize', 'tools/list'] });
    expect(next).not.toBe(counted);
    expect(next.filter(({ key }) => key.endsWith(':methods')).map(({ field }) => field)).toEqual([
      'initialize',
      'tools/list',
    ]);
  });

  it('should count a visit that differs from the latest in any one field by its own values', () => {
    const variants: Record<string, Partial<Visit>> = {
      day: { day: '2026-12-01' },
      agent: { agent: { ...AGENT, name: 'Other Agent' } },
      operator: { agent: { ...AGENT, operator: 'Other' } },
      kind: { agent: { ...AGENT, kind: 'search-crawler' } },
      'no agent': { agent: null },
      'a failed signature': { signature: { status: 'failed' } },
      'no signature': { signature: { status: 'claimed' } },
      'another signer': { signature: { status: 'verified', signer: 'other.example' } },
      surface: { surface: 'page-home' },
      format: { format: 'markdown' },
      'one more method': { mcpMethods: ['tools/call', 'tools/list'] },
      'another method': { mcpMethods: ['tools/list'] },
      'no method': { mcpMethods: [] },
      client: { mcpClient: 'other-client' },
      tool: { mcpTool: 'get_overview' },
      query: { query: 'careers' },
      grant: { grant: 'client_credentials' },
    };
    for (const [name, change] of Object.entries(variants)) {
      const variant: Visit = { ...baseVisit(), ...change };
      const base = listVisitCounts(baseVisit());
      const afterBase = listVisitCounts(variant);
      // The same visit counted after an unrelated one: its counts built afresh.
      listVisitCounts({ ...baseVisit(), day: '1999-01-01', surface: 'unrelated' });
      const fresh = listVisitCounts(variant);
      expect(afterBase, name).toEqual(fresh);
      expect(afterBase, name).not.toEqual(base);
    }
  });
});
