/* eslint-disable @typescript-eslint/no-explicit-any -- raw JSON-RPC bodies are inspected field by field */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildAgentSkills, buildAgentSkillsIndex } from '../../src/documents/agent-skills.ts';
import { toWebHandler } from '../../src/http/plain-http.ts';
import { createMcpHandler } from '../../src/mcp/http-handler.ts';
import { PROTOCOL_VERSIONS } from '../../src/service/mcp-protocol.ts';
import { loadExpectedSite } from '../support/expected-site.ts';
import {
  postMcp,
  postModern,
  type SendRequest,
  initialize as initializeRequest,
} from '../support/mcp-requests.ts';
import { loadFixtureContent } from '../support/fixture-content.ts';

const ORIGIN = 'https://facts.example.com';
const site = await loadExpectedSite(ORIGIN, await loadFixtureContent('rich'));
const handler = toWebHandler(createMcpHandler({ site }));
const send: SendRequest = (url, init) => handler(new Request(url, init));
const index = buildAgentSkillsIndex(
  buildAgentSkills(site.content, site.urls, site.mcpTools),
  site.urls,
);

/** A JSON-RPC call in a legacy protocol version (one header, no per-request metadata). */
function postLegacy(version: string, method: string, params: Record<string, unknown> = {}) {
  return postMcp(
    ORIGIN,
    { jsonrpc: '2.0', id: 1, method, params },
    { 'MCP-Protocol-Version': version },
    send,
  );
}

describe('createMcpHandler: the skills extension', () => {
  it('should declare io.modelcontextprotocol/skills in initialize and server/discover', async () => {
    const initialize = await postMcp(ORIGIN, initializeRequest('2025-11-25'), {}, send);
    const discover = await postModern(ORIGIN, 'server/discover', {}, {}, send);
    for (const result of [initialize.body.result, discover.body.result]) {
      expect(result.capabilities).toMatchObject({
        resources: {},
        extensions: { 'io.modelcontextprotocol/skills': {} },
      });
    }
  });

  it('should list every published skill with the digest the agent-skills index publishes', async () => {
    const { body } = await postModern(ORIGIN, 'skills/list', {}, {}, send);
    expect(body.result).toMatchObject({
      resultType: 'complete',
      ttlMs: 300000,
      cacheScope: 'public',
    });
    expect(body.result.nextCursor).toBeUndefined();
    const listed = body.result.skills.map((skill: any) => ({
      name: skill.frontmatter.name,
      description: skill.frontmatter.description,
      uri: skill.uri,
      digest: skill.resources[0].digest,
      files: skill.resources.length,
    }));
    expect(listed).toEqual(
      index.skills.map((skill) => ({
        name: skill.name,
        description: skill.description,
        uri: `skill://${skill.name}/SKILL.md`,
        digest: skill.digest,
        files: 1,
      })),
    );
  });

  it('should serve each SKILL.md through resources/read as the bytes its digest and size describe', async () => {
    const { body } = await postModern(ORIGIN, 'skills/list', {}, {}, send);
    expect(body.result.skills.length).toBeGreaterThan(0);
    for (const skill of body.result.skills) {
      const [file] = skill.resources;
      const read = await postModern(ORIGIN, 'resources/read', { uri: file.uri }, {}, send);
      const [contents] = read.body.result.contents;
      const bytes = Buffer.from(contents.text, 'utf8');
      expect(contents.uri).toBe(skill.uri);
      expect(bytes.byteLength).toBe(file.size);
      expect(`sha256:${createHash('sha256').update(bytes).digest('hex')}`).toBe(file.digest);
      expect(contents.text).toContain(`name: ${skill.frontmatter.name}\n`);
    }
  });

  it('should leave the SKILL.md files to skills/list, out of resources/list', async () => {
    const uris: string[] = [];
    let cursor: string | undefined;
    do {
      const { body } = await postModern(
        ORIGIN,
        'resources/list',
        cursor ? { cursor } : {},
        {},
        send,
      );
      uris.push(...body.result.resources.map((resource: any) => resource.uri as string));
      cursor = body.result.nextCursor;
    } while (cursor);
    expect(uris.length).toBeGreaterThan(0);
    expect(uris.filter((uri) => uri.startsWith('skill:'))).toEqual([]);
  });

  it('should answer skills/get with the same entry as skills/list', async () => {
    const { body: list } = await postModern(ORIGIN, 'skills/list', {}, {}, send);
    for (const skill of list.result.skills) {
      const { body } = await postModern(ORIGIN, 'skills/get', { uri: skill.uri }, {}, send);
      expect(body.result).toMatchObject({
        resultType: 'complete',
        ttlMs: 300000,
        cacheScope: 'public',
      });
      expect(body.result.skill).toEqual(skill);
    }
  });

  it.each([
    [{ uri: 'skill://no-such-skill/SKILL.md' }, 'Skill not found'],
    [{ uri: 42 }, 'params.uri'],
    [{}, 'params.uri'],
  ])('should answer skills/get %j with -32602', async (params, message) => {
    const { body } = await postModern(ORIGIN, 'skills/get', params, {}, send);
    expect(body.error.code).toBe(-32602);
    expect(body.error.message).toContain(message);
  });

  it.each(PROTOCOL_VERSIONS.filter((version) => version !== '2026-07-28'))(
    'should answer skills/list in protocol version %s too',
    async (version) => {
      const { body } = await postLegacy(version, 'skills/list');
      expect(body.result.skills).toHaveLength(index.skills.length);
      expect(body.result.resultType).toBeUndefined();
    },
  );
});
