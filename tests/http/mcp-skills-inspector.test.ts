import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { NODE, runCommand } from '../support/processes.ts';

const baseUrl = inject('baseUrl');
/** The MCP Inspector 2.12 CLI, as `npx @modelcontextprotocol/inspector --cli` runs it. */
const INSPECTOR_CLI = 'node_modules/@modelcontextprotocol/inspector/clients/cli/build/index.js';
// The CLI keeps a catalog and storage under HOME: give it a throwaway one.
const home = mkdtempSync(join(tmpdir(), 'inspector-home-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));

interface SkillReport {
  uri: string;
  name: string;
  conformance: unknown[];
  frontmatter: unknown[];
  files: { uri: string; status: string; actualDigest?: string; expectedDigest?: string }[];
  ok: boolean;
  outcome: string;
}

function inspect(args: string[]) {
  return runCommand(NODE, [INSPECTOR_CLI, `${baseUrl}/mcp`, ...args], { HOME: home });
}

describe('the MCP Inspector CLI (2.12) against /mcp', () => {
  it('should verify every skill of skills/list (--verify) with the digests of the agent-skills index', async () => {
    const run = await inspect(['--method', 'skills/list', '--verify']);
    expect(run.stderr).toContain('no conformance errors');
    expect(run.code).toBe(0);
    const reports = run.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as SkillReport);
    const index = (await (
      await fetch(`${baseUrl}/.well-known/agent-skills/index.json`)
    ).json()) as { skills: { name: string; digest: string }[] };
    expect(reports.map((report) => report.name)).toEqual(index.skills.map((skill) => skill.name));
    for (const report of reports) {
      expect(report).toMatchObject({
        ok: true,
        outcome: 'verified',
        conformance: [],
        frontmatter: [],
      });
      const published = index.skills.find((skill) => skill.name === report.name);
      expect(report.files).toEqual([
        expect.objectContaining({
          uri: `skill://${report.name}/SKILL.md`,
          status: 'verified',
          actualDigest: published?.digest,
          expectedDigest: published?.digest,
        }),
      ]);
    }
  });

  it('should verify one skill by its URI with skills/get --verify', async () => {
    const list = await inspect(['--method', 'skills/list']);
    const { skills } = JSON.parse(list.stdout) as { skills: { uri: string }[] };
    const uri = skills[0]?.uri ?? '';
    const run = await inspect(['--method', 'skills/get', '--uri', uri, '--verify']);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ uri, ok: true, outcome: 'verified' });
  });
});
