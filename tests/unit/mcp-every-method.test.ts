import { describe, expect, it } from 'vitest';
import { toWebHandler, type WebHandler } from '../../src/http/plain-http.ts';
import { createMcpHandler } from '../../src/mcp/http-handler.ts';
import {
  getVersionFeatures,
  MCP_METHODS,
  NAMED_METHODS,
  PROTOCOL_VERSIONS,
  type McpMethod,
  type ProtocolVersion,
} from '../../src/service/mcp-protocol.ts';
import { loadExpectedSite } from '../support/expected-site.ts';
import { modernMeta } from '../support/mcp-requests.ts';
import { loadFixtureContent } from '../support/fixture-content.ts';
import { buildSkillCatalog } from '../../src/mcp/skills.ts';

/**
 * Every method of the method table, in every protocol version, as a request and as a notification,
 * before and after the handler keeps its result, alone and in batches: never a 5xx, a notification
 * always 202 with no body (MCP basic/transports §Sending Messages to the Server, JSON-RPC 2.0 §4.1).
 */

const site = await loadExpectedSite('https://facts.example.com', await loadFixtureContent('rich'));

/** Valid params per method, so each request reaches the method itself. */
const PARAMS: Record<McpMethod, (version: ProtocolVersion) => Record<string, unknown>> = {
  initialize: (version) => ({
    protocolVersion: version,
    capabilities: {},
    clientInfo: { name: 'every-method-test', version: '1.0.0' },
  }),
  'notifications/initialized': () => ({}),
  ping: () => ({}),
  'server/discover': () => ({}),
  'tools/list': () => ({}),
  'tools/call': () => ({ name: 'get_company_overview', arguments: {} }),
  'resources/list': () => ({}),
  'resources/templates/list': () => ({}),
  'resources/read': () => ({ uri: site.urls.overview }),
  'prompts/list': () => ({}),
  'prompts/get': () => ({ name: 'company_brief', arguments: {} }),
  'skills/list': () => ({}),
  'skills/get': () => ({ uri: buildSkillCatalog(site).entries[0]?.uri }),
};

/** Each protocol version as a client selects it, and a client that sends no version header. */
const VERSION_CASES: readonly { label: string; version: ProtocolVersion; header: boolean }[] = [
  { label: 'no MCP-Protocol-Version header', version: '2025-03-26', header: false },
  ...PROTOCOL_VERSIONS.map((version) => ({ label: version, version, header: true })),
];

const CASES = VERSION_CASES.flatMap((versionCase) =>
  MCP_METHODS.map((method) => ({ ...versionCase, method })),
);

interface Answer {
  readonly status: number;
  readonly text: string;
}

function createClient(version: ProtocolVersion, header: boolean, method: McpMethod) {
  const handler: WebHandler = toWebHandler(createMcpHandler({ site }));
  const modern = getVersionFeatures(version).modern;
  const params: Record<string, unknown> = {
    ...PARAMS[method](version),
    ...(modern ? { _meta: modernMeta(version) } : {}),
  };
  const nameField = NAMED_METHODS[method];
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    ...(header ? { 'MCP-Protocol-Version': version } : {}),
    ...(modern ? { 'Mcp-Method': method } : {}),
    ...(modern && nameField ? { 'Mcp-Name': String(params[nameField]) } : {}),
  };
  const post = async (body: unknown): Promise<Answer> => {
    const response = await handler(
      new Request('https://facts.example.com/mcp', {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
      }),
    );
    return { status: response.status, text: await response.text() };
  };
  return {
    notification: () => ({ jsonrpc: '2.0', method, params }),
    request: (id: string | number) => ({ jsonrpc: '2.0', id, method, params }),
    post,
  };
}

function expectAccepted(answer: Answer) {
  expect(answer.status).toBe(202);
  expect(answer.text).toBe('');
}

/** The request's JSON-RPC response, with a result or an error and the request's id. */
function expectResponse(answer: Answer, id: string | number) {
  expect(answer.status).toBeLessThan(500);
  const body = JSON.parse(answer.text) as Record<string, unknown>;
  expect(body).toMatchObject({ jsonrpc: '2.0', id });
  expect('result' in body || 'error' in body).toBe(true);
  return body;
}

describe('createMcpHandler', () => {
  it('should have a case for every method of the method table', () => {
    expect(Object.keys(PARAMS).sort()).toEqual([...MCP_METHODS].sort());
  });

  it.each(CASES)(
    'should answer $method as a request, and a notification with 202 and no body, before and after its result is kept ($label)',
    async ({ version, header, method }) => {
      const client = createClient(version, header, method);

      expectAccepted(await client.post(client.notification()));
      const cold = expectResponse(await client.post(client.request(1)), 1);
      expectAccepted(await client.post(client.notification()));
      expectAccepted(await client.post(client.notification()));
      const warm = expectResponse(await client.post(client.request('a"b')), 'a"b');
      expect({ ...warm, id: 1 }).toEqual(cold);
    },
  );

  it.each(CASES.filter(({ version }) => getVersionFeatures(version).batches))(
    'should leave notifications in a batch of $method unanswered, before and after its result is kept ($label)',
    async ({ version, header, method }) => {
      const client = createClient(version, header, method);

      expectAccepted(await client.post([client.notification()]));
      expectAccepted(await client.post([client.notification(), client.notification()]));
      const cold = await client.post([client.notification(), client.request(7)]);
      expect(cold.status).toBe(200);
      expect(JSON.parse(cold.text)).toMatchObject([{ jsonrpc: '2.0', id: 7 }]);
      expect(expectResponse(await client.post(client.request(8)), 8)).toBeDefined();
      expectAccepted(await client.post([client.notification()]));
      const warm = await client.post([client.request(9), client.notification()]);
      expect(warm.status).toBe(200);
      expect(JSON.parse(warm.text)).toMatchObject([{ jsonrpc: '2.0', id: 9 }]);
    },
  );
});
