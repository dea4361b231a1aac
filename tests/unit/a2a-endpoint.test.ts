import { describe, expect, it } from 'vitest';
import { createA2aHandler } from '../../src/a2a/http-handler.ts';
import { toWebHandler } from '../../src/http/plain-http.ts';
import { buildToolRunners } from '../../src/mcp/tool-registry.ts';
import { findTextSkill } from '../../src/documents/text-skill.ts';
import { LIMITS } from '../../src/service/limits.ts';
import { loadExpectedSite } from '../support/expected-site.ts';
import { loadFixtureContent } from '../support/fixture-content.ts';

const origin = 'https://facts.example.com';
const site = await loadExpectedSite(origin, await loadFixtureContent('rich'));
const logged: unknown[] = [];
const handler = toWebHandler(createA2aHandler({ site, logFailure: (entry) => logged.push(entry) }));
const runners = buildToolRunners(site);

interface RpcAnswer {
  readonly id: unknown;
  readonly result?: Record<string, unknown>;
  readonly error?: { code: number; message: string; data?: Record<string, unknown> };
}

async function post(body: unknown, headers: Record<string, string> = {}) {
  const response = await handler(
    new Request(`${origin}/a2a`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
  );
  return { response, answer: (await response.json()) as RpcAnswer };
}

const call = (method: string, params: unknown, headers?: Record<string, string>) =>
  post({ jsonrpc: '2.0', id: 7, method, params }, headers);

const userMessage = (parts: unknown[], extra: Record<string, unknown> = {}) => ({
  message: { messageId: 'm-1', role: 'ROLE_USER', parts, ...extra },
});

describe('createA2aHandler SendMessage (A2A 1.0)', () => {
  it.each(site.mcpTools.map((tool) => [tool.name, tool.example] as const))(
    'should answer skill %s with the tool result as a data part and a text part',
    async (name, example) => {
      const { response, answer } = await call(
        'SendMessage',
        userMessage([{ data: { skill: name, arguments: example } }], { contextId: 'ctx-1' }),
        { 'A2A-Version': '1.0' },
      );
      expect(response.status).toBe(200);
      const expected = await runners.get(name)?.run(runners.get(name)?.inputSchema.parse(example));
      const message = answer.result?.message as Record<string, unknown>;
      expect(message).toMatchObject({
        role: 'ROLE_AGENT',
        contextId: 'ctx-1',
        metadata: { skill: name },
        parts: [
          { data: expected?.structuredContent, mediaType: 'application/json' },
          { text: expected?.text, mediaType: 'text/plain' },
        ],
      });
      expect(message.messageId).toMatch(/^[0-9a-f-]{36}$/);
    },
  );

  it('should run the skill named in the message metadata with its arguments', async () => {
    const tool = site.mcpTools[0];
    const { answer } = await call(
      'SendMessage',
      userMessage([{ text: 'please' }], {
        metadata: { skill: tool?.name, arguments: tool?.example },
      }),
    );
    const message = answer.result?.message as { metadata: unknown };
    expect(message.metadata).toEqual({ skill: tool?.name });
  });

  it('should answer a message of text alone with the text skill, the text as its query', async () => {
    const textSkill = findTextSkill(site.mcpTools) ?? '';
    const { answer } = await call('SendMessage', userMessage([{ text: 'bread' }]));
    const message = answer.result?.message as { metadata: unknown; parts: { data?: unknown }[] };
    expect(message.metadata).toEqual({ skill: textSkill });
    expect(message.parts[0]?.data).toEqual(
      (await runners.get(textSkill)?.run({ query: 'bread', limit: 5 }))?.structuredContent,
    );
  });

  it('should refuse a message naming no skill and holding no text with -32602 listing the skills', async () => {
    const { answer } = await call('SendMessage', userMessage([{ data: { hello: 1 } }]));
    expect(answer.error?.code).toBe(-32602);
    expect(answer.error?.data?.skills).toEqual(site.mcpTools.map((tool) => tool.name));
  });

  it('should refuse an unknown skill and bad arguments with -32602', async () => {
    const unknown = await call('SendMessage', userMessage([{ data: { skill: 'no_such' } }]));
    expect(unknown.answer.error?.code).toBe(-32602);
    expect(unknown.answer.error?.message).toContain('Unknown skill: no_such');
    const textSkill = findTextSkill(site.mcpTools) ?? '';
    const bad = await call(
      'SendMessage',
      userMessage([{ data: { skill: textSkill, arguments: { query: 42 } } }]),
    );
    expect(bad.answer.error?.code).toBe(-32602);
    expect(bad.answer.error?.message).toContain(`Invalid arguments for ${textSkill}`);
  });

  it('should refuse params that are no SendMessageRequest with -32602', async () => {
    for (const params of [undefined, {}, { message: { role: 'ROLE_USER', parts: [] } }, [1]]) {
      const { answer } = await call('SendMessage', params);
      expect(answer.error?.code, JSON.stringify(params)).toBe(-32602);
    }
  });

  it('should refuse file parts and output modes it cannot give with -32005', async () => {
    const file = await call('SendMessage', userMessage([{ url: 'https://x.example/a.pdf' }]));
    expect(file.answer.error?.code).toBe(-32005);
    const modes = await call('SendMessage', {
      ...userMessage([{ text: 'bread' }]),
      configuration: { acceptedOutputModes: ['image/png'] },
    });
    expect(modes.answer.error?.code).toBe(-32005);
  });

  it('should refuse an A2A-Version it does not speak with -32009', async () => {
    const { answer } = await call('SendMessage', userMessage([{ text: 'x' }]), {
      'A2A-Version': '2.0',
    });
    expect(answer.error?.code).toBe(-32009);
    expect(answer.error?.data?.supportedVersions).toEqual(['1.0', '0.3']);
  });

  it('should read the version from the A2A-Version request parameter when no header names it', async () => {
    const ask = async (query: string, headers: Record<string, string> = {}) => {
      const response = await handler(
        new Request(`${origin}/a2a?${query}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', ...headers },
          body: JSON.stringify({
            jsonrpc: '2.0',
            id: 7,
            method: 'SendMessage',
            params: userMessage([{ text: 'x' }]),
          }),
        }),
      );
      return (await response.json()) as RpcAnswer;
    };
    expect((await ask('A2A-Version=2.0')).error?.code).toBe(-32009);
    expect((await ask('A2A-Version=1.0')).result?.message).toBeDefined();
    // The header, when sent, is the version.
    expect((await ask('A2A-Version=2.0', { 'A2A-Version': '1.0' })).error).toBeUndefined();
  });
});

describe('createA2aHandler message/send (A2A 0.3)', () => {
  it('should answer with a 0.3 message of a data part and a text part', async () => {
    const tool = site.mcpTools[0];
    const { answer } = await call('message/send', {
      message: {
        kind: 'message',
        messageId: 'm-2',
        role: 'user',
        parts: [{ kind: 'data', data: { skill: tool?.name, arguments: tool?.example } }],
      },
    });
    expect(answer.result).toMatchObject({
      kind: 'message',
      role: 'agent',
      parts: [{ kind: 'data' }, { kind: 'text' }],
      metadata: { skill: tool?.name },
    });
  });
});

describe('createA2aHandler other methods', () => {
  it.each([
    ['GetTask', -32001],
    ['tasks/get', -32001],
    ['CancelTask', -32001],
    ['SendStreamingMessage', -32004],
    ['message/stream', -32004],
    ['CreateTaskPushNotificationConfig', -32003],
    ['tasks/pushNotificationConfig/set', -32003],
    ['GetExtendedAgentCard', -32007],
    ['no/such/method', -32601],
  ])('should answer %s with error %i', async (method, code) => {
    const { response, answer } = await call(method, { id: 'task-1' });
    expect(response.status).toBe(200);
    expect(answer).toMatchObject({ id: 7, error: { code } });
  });
});

describe('createA2aHandler transport', () => {
  it('should answer a body that is not JSON with 400 and -32700', async () => {
    const { response, answer } = await post('{not json');
    expect(response.status).toBe(400);
    expect(answer.error?.code).toBe(-32700);
  });

  it('should answer a batch, a notification or a non-object with 400 and -32600', async () => {
    for (const body of [
      [{ jsonrpc: '2.0', id: 1, method: 'SendMessage' }],
      { jsonrpc: '2.0', method: 'SendMessage' },
      3,
    ]) {
      const { response, answer } = await post(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(answer.error?.code).toBe(-32600);
    }
  });

  it('should refuse another media type with 415 and a larger body with 413', async () => {
    const wrongType = await handler(
      new Request(`${origin}/a2a`, {
        method: 'POST',
        headers: { 'Content-Type': 'text/plain' },
        body: '{}',
      }),
    );
    expect(wrongType.status).toBe(415);
    const large = await post(`"${'x'.repeat(LIMITS.a2aBodyBytes)}"`);
    expect(large.response.status).toBe(413);
  });

  it('should answer GET with a 405 problem and OPTIONS with CORS preflight', async () => {
    const get = await handler(new Request(`${origin}/a2a`));
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST, OPTIONS');
    expect(get.headers.get('content-type')).toBe('application/problem+json');
    const options = await handler(new Request(`${origin}/a2a`, { method: 'OPTIONS' }));
    expect(options.status).toBe(204);
    expect(options.headers.get('access-control-allow-headers')).toContain('A2A-Version');
    expect(options.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('should log no failure for any of the above', () => {
    expect(logged).toEqual([]);
  });
});
