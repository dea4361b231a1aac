import { randomUUID } from 'node:crypto';
import type { PublishedAgentCard } from '../schemas/a2a-agent-card.ts';
import { AI_CATALOG_MEDIA_TYPE } from '../schemas/discovery-media-types.ts';
import { A2A_VERSION_HEADER } from '../service/a2a-protocol.ts';
import { A2A_PROTOCOL_VERSION } from '../service/versions.ts';
import type { AuditCheck, AuditContext, CheckScope } from './audit-check.ts';
import { getJson } from './audit-expectations.ts';
import { mediaTypeOf, parseJson } from './audit-http.ts';

/** Where A2A discovery looks for the card. @see A2A 1.0 §8.2 */
const AGENT_CARD_PATH = '/.well-known/agent-card.json';

/** The A2A 1.0 JSON-RPC interface of a card, or undefined. */
function findJsonRpcInterface(card: PublishedAgentCard | undefined) {
  return card?.supportedInterfaces?.find(
    (entry) =>
      entry.protocolBinding === 'JSONRPC' && entry.protocolVersion === A2A_PROTOCOL_VERSION,
  );
}

/** Reads the card (remembered by the audit's HTTP client), failing what is not a card. */
async function readAgentCard(
  context: AuditContext,
  scope: CheckScope,
): Promise<PublishedAgentCard | undefined> {
  const json = (await getJson(context, scope, AGENT_CARD_PATH)) as PublishedAgentCard | undefined;
  if (!json) return undefined;
  const fields = ['name', 'description', 'version'] as const;
  const missing = fields.filter((field) => typeof json[field] !== 'string' || !json[field]);
  if (!scope.expect(missing.length === 0, `the agent card lacks ${missing.join(', ')}`)) return;
  return json;
}

/** The arguments a skill's first example sends (`Send a data part {"skill", "arguments"}`). */
function readExampleArguments(examples: readonly string[] | undefined): object {
  for (const example of examples ?? []) {
    const start = example.indexOf('{');
    const value = start >= 0 ? parseJson(example.slice(start)) : undefined;
    const args = (value as { arguments?: unknown } | undefined)?.arguments;
    if (typeof args === 'object' && args !== null) return args;
  }
  return {};
}

/** One JSON-RPC call to the A2A endpoint in A2A 1.0. */
async function callA2a(context: AuditContext, url: string, method: string, params: object) {
  const response = await context.http.request(url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json',
      [A2A_VERSION_HEADER]: A2A_PROTOCOL_VERSION,
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return { response, json: parseJson(response.text) as Record<string, unknown> | undefined };
}

/** The A2A agent card and its endpoint (issue 28). */
export const A2A_CHECKS: readonly AuditCheck[] = [
  {
    id: 'a2a-agent-card',
    title:
      'A2A agent card: a JSON-RPC interface of A2A 1.0 on this origin, the MCP tools as skills, no required security, listed in both catalogs',
    sources: ['A2A 1.0 §4.4.1 AgentCard and §8.2 discovery', 'RFC 9727', 'ARD v0.9 ai-catalog'],
    fix: 'Serve /.well-known/agent-card.json (src/documents/a2a-agent-card.ts) with supportedInterfaces naming the JSONRPC binding of A2A 1.0 at <origin>/a2a, one skill per MCP tool, a provider and no securityRequirements; list it in /.well-known/ai-catalog.json and the A2A endpoint in /.well-known/api-catalog.',
    async run(context, scope) {
      const card = await readAgentCard(context, scope);
      if (!card) return;
      const jsonRpc = findJsonRpcInterface(card);
      const endpoint = `${context.origin}/a2a`;
      scope.expect(
        jsonRpc?.url === endpoint,
        `no JSONRPC interface of A2A ${A2A_PROTOCOL_VERSION} at ${endpoint} (found ${JSON.stringify(card.supportedInterfaces ?? [])})`,
      );
      const skills = (card.skills ?? []).map((skill) => skill.id);
      scope.expect(skills.length > 0, 'the agent card lists no skill');
      const { toolNames } = context.state;
      if (toolNames) {
        scope.expect(
          [...skills].sort().join() === [...toolNames].sort().join(),
          `skills ${skills.join(', ')} differ from the MCP tools ${toolNames.join(', ')}`,
        );
      }
      scope.expect(
        Boolean(card.provider?.organization && card.provider.url),
        'the agent card names no provider',
      );
      scope.expect(
        (card.securityRequirements ?? []).length === 0,
        'the agent card requires security, but every skill answers without a token',
      );
      scope.expect(
        card.capabilities?.streaming !== true && card.capabilities?.pushNotifications !== true,
        'the agent card claims streaming or push notifications, which the endpoint does not offer',
      );
      const catalog = (await getJson(context, scope, '/.well-known/ai-catalog.json', [
        AI_CATALOG_MEDIA_TYPE,
      ])) as { entries?: { url?: string }[] } | undefined;
      scope.expect(
        catalog?.entries?.some((entry) => entry.url === `${context.origin}${AGENT_CARD_PATH}`) ===
          true,
        'the AI Catalog does not list the agent card',
      );
      const linkset = (await getJson(context, scope, '/.well-known/api-catalog', [
        'application/linkset+json',
      ])) as { linkset?: { anchor?: string }[] } | undefined;
      scope.expect(
        linkset?.linkset?.some((entry) => entry.anchor === endpoint) === true,
        `the API catalog has no entry anchored at ${endpoint}`,
      );
      scope.note(`${card.name}: ${skills.length} skills (${skills.join(', ')})`);
    },
  },
  {
    id: 'a2a-endpoint',
    title:
      'A2A endpoint: SendMessage answers each skill with a data part and a text part; GetTask and unknown methods get their A2A errors',
    sources: ['A2A 1.0 §9 JSON-RPC binding', 'A2A 1.0 §3.3.2 error handling'],
    fix: 'Answer POST /a2a (src/a2a/) with JSON-RPC: SendMessage runs the skill named in a data part {"skill", "arguments"} and returns {"message": {"role": "ROLE_AGENT", "parts": [{"data": ...}, {"text": ...}]}}; GetTask -32001, unknown methods -32601, bad JSON -32700.',
    async run(context, scope) {
      const card = await readAgentCard(context, scope);
      const url = findJsonRpcInterface(card)?.url;
      if (!card) return;
      if (url === undefined) return scope.fail('the agent card names no JSON-RPC interface');
      for (const skill of card.skills ?? []) {
        const args = readExampleArguments(skill.examples);
        const { response, json } = await callA2a(context, url, 'SendMessage', {
          message: {
            messageId: randomUUID(),
            role: 'ROLE_USER',
            parts: [{ data: { skill: skill.id, arguments: args } }],
          },
        });
        const message = (json?.result as { message?: Record<string, unknown> } | undefined)
          ?.message;
        const parts = (message?.parts ?? []) as { data?: unknown; text?: unknown }[];
        scope.expect(
          response.status === 200 && mediaTypeOf(response) === 'application/json',
          `${skill.id}: SendMessage answered ${response.status} ${mediaTypeOf(response)}`,
        );
        scope.expect(
          message?.role === 'ROLE_AGENT' &&
            parts.some((part) => typeof part.data === 'object' && part.data !== null) &&
            parts.some((part) => typeof part.text === 'string' && part.text.length > 0),
          `${skill.id}: the answer is no agent message with a data part and a text part (${response.text.slice(0, 200)})`,
        );
      }
      const expectError = async (method: string, params: object, code: number) => {
        const { json } = await callA2a(context, url, method, params);
        const error = json?.error as { code?: number } | undefined;
        scope.expect(
          error?.code === code,
          `${method} answered ${JSON.stringify(error)}, not ${code}`,
        );
      };
      await expectError('GetTask', { id: 'no-such-task' }, -32001);
      await expectError('tasks/no-such-method', {}, -32601);
      const broken = await context.http.request(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{"jsonrpc": "2.0",',
      });
      scope.expect(
        (parseJson(broken.text) as { error?: { code?: number } } | undefined)?.error?.code ===
          -32700,
        `a body that is not JSON answered ${broken.status} ${broken.text.slice(0, 120)}, not -32700`,
      );
      scope.note(`${(card.skills ?? []).length} skills answered at ${url}`);
    },
  },
];
