import { Role, type Message, type Part, type SendMessageRequest } from '@a2a-js/sdk';
import { Client, ClientFactory } from '@a2a-js/sdk/client';
import { LegacyJsonRpcTransport } from '@a2a-js/sdk/compat/v0_3/client';
import { TaskNotFoundError } from '@a2a-js/sdk/errors';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { parsePageSearchFile } from '../../src/documents/page-search.ts';
import { loadContentStemmer } from '../../src/integrations/search-language.ts';
import type { McpSite } from '../../src/mcp/tool-registry.ts';
import { buildToolRunners, type McpToolRunner } from '../../src/mcp/tool-registry.ts';
import { PAGE_SEARCH_INDEX_PATH } from '../../src/service/search-index-path.ts';
import { loadExpectedSite } from '../support/expected-site.ts';

const baseUrl = inject('baseUrl');
let expected: McpSite;
let runners: ReadonlyMap<string, McpToolRunner>;
let client: Client;

beforeAll(async () => {
  // The site as computed from content/, with the built pages' sections the server searches (the
  // search index the build wrote), so search_site's expected answer is the served one's.
  const site = await loadExpectedSite(baseUrl);
  const pageSearch = {
    ...parsePageSearchFile(await (await fetch(new URL(PAGE_SEARCH_INDEX_PATH, baseUrl))).text()),
    stem: await loadContentStemmer(site.content.company.locale),
  };
  expected = { ...site, pageSearch: async () => pageSearch };
  runners = buildToolRunners(expected);
  client = await new ClientFactory().createFromUrl(baseUrl);
});

/** A user message of one part. */
function askWith(part: Part): SendMessageRequest {
  return {
    tenant: '',
    message: {
      messageId: crypto.randomUUID(),
      contextId: '',
      taskId: '',
      role: Role.ROLE_USER,
      parts: [part],
      metadata: undefined,
      extensions: [],
      referenceTaskIds: [],
    },
    configuration: undefined,
    metadata: undefined,
  };
}

/** A user message whose one data part names a skill and its arguments. */
function askSkill(skill: string, args: Record<string, unknown>): SendMessageRequest {
  return askWith({
    content: { $case: 'data', value: { skill, arguments: args } },
    metadata: undefined,
    filename: '',
    mediaType: 'application/json',
  });
}

/** A user message of text alone, naming no skill. */
function askText(text: string): SendMessageRequest {
  return askWith({
    content: { $case: 'text', value: text },
    metadata: undefined,
    filename: '',
    mediaType: 'text/plain',
  });
}

/** The data and the text of an agent's answer, which must be a message, not a task. */
function readAnswer(result: unknown): { data: unknown; text: unknown } {
  const message = result as Message;
  expect(message.role).toBe(Role.ROLE_AGENT);
  const [data, text] = message.parts.map((part) => part.content);
  expect(data?.$case).toBe('data');
  expect(text?.$case).toBe('text');
  return { data: data?.value, text: text?.value };
}

describe('the official A2A JavaScript SDK client', () => {
  it('should read the agent card and pick the JSON-RPC interface of A2A 1.0', async () => {
    const card = await client.getAgentCard();
    expect(card.supportedInterfaces[0]).toMatchObject({
      url: `${baseUrl}/a2a`,
      protocolBinding: 'JSONRPC',
      protocolVersion: '1.0',
    });
    expect(client.protocolVersion).toBe('1.0');
    expect(card.skills.map((skill) => skill.id)).toEqual(
      expected.mcpTools.map((tool) => tool.name),
    );
    expect(card.provider?.organization).toBe(expected.content.company.name);
  });

  it('should get from each skill the same answer as its MCP tool, as a data part and a text part', async () => {
    const card = await client.getAgentCard();
    for (const skill of card.skills) {
      const tool = expected.mcpTools.find((entry) => entry.name === skill.id);
      const runner = runners.get(skill.id);
      if (!tool || !runner) throw new Error(`no MCP tool for skill ${skill.id}`);
      const answer = readAnswer(await client.sendMessage(askSkill(skill.id, tool.example)));
      const output = await runner.run(runner.inputSchema.parse(tool.example));
      expect(answer.data, skill.id).toEqual(output.structuredContent);
      expect(answer.text, skill.id).toBe(output.text);
    }
  });

  it('should answer a message of text alone with search_site, the text as its query', async () => {
    const card = await client.getAgentCard();
    const textSkill = card.skills.find((skill) => skill.inputModes.includes('text/plain'));
    expect(textSkill?.id).toBe('search_site');
    const question = 'how do I get a token';
    const answer = readAnswer(await client.sendMessage(askText(question)));
    const runner = runners.get('search_site');
    const output = await runner?.run(runner.inputSchema.parse({ query: question }));
    expect(answer.data).toEqual(output?.structuredContent);
    // Every page searched: the answer reaches the reference, which search_site_copy never does.
    const { results } = answer.data as { results: { url: string }[] };
    expect(results.some((result) => new URL(result.url).pathname.startsWith('/docs'))).toBe(true);
  });

  it('should refuse GetTask with the SDK TaskNotFoundError (no task is ever kept)', async () => {
    await expect(client.getTask({ tenant: '', id: 'task-1', historyLength: 0 })).rejects.toThrow(
      TaskNotFoundError,
    );
  });

  it('should answer the A2A 0.3 client (message/send) from the same skill', async () => {
    const legacy = new LegacyJsonRpcTransport({ endpoint: `${baseUrl}/a2a` });
    const tool = expected.mcpTools[0];
    if (!tool) throw new Error('no MCP tool');
    const answer = readAnswer(await legacy.sendMessage(askSkill(tool.name, tool.example)));
    const runner = runners.get(tool.name);
    expect(answer.data).toEqual(
      (await runner?.run(runner.inputSchema.parse(tool.example)))?.structuredContent,
    );
  });

  it('should read the A2A-Version header as the local server passes it on, before the parameter', async () => {
    const tool = expected.mcpTools[0];
    if (!tool) throw new Error('no MCP tool');
    const send = async (query: string, version: string) => {
      const response = await fetch(`${baseUrl}/a2a${query}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'A2A-Version': version },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'SendMessage',
          params: {
            message: {
              messageId: 'm-1',
              role: 'ROLE_USER',
              parts: [{ data: { skill: tool.name, arguments: tool.example } }],
            },
          },
        }),
      });
      return (await response.json()) as { result?: unknown; error?: { code: number } };
    };
    expect((await send('', '9.9')).error?.code).toBe(-32009);
    const headerFirst = await send('?A2A-Version=9.9', '1.0');
    expect(headerFirst.error).toBeUndefined();
    expect(headerFirst.result).toBeDefined();
  });
});
