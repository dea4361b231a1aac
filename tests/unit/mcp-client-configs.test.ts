import { describe, expect, it } from 'vitest';
import {
  buildMcpClientConfigs,
  buildMcpInstallActions,
  buildMcpServerKey,
} from '../../src/reference/mcp-client-configs.ts';
import { buildServiceUrls } from '../../src/service/urls.ts';

const urls = buildServiceUrls('https://facts.example.com');

describe('buildMcpClientConfigs', () => {
  it('should point every client at the MCP endpoint under one server key', () => {
    const key = buildMcpServerKey({
      alternateName: 'Oxbow Metrics',
      name: 'Oxbow Metrics Ltd',
      website: 'https://oxbow-metrics.example',
    });
    expect(key).toBe('oxbow-metrics');
    for (const entry of buildMcpClientConfigs(urls, key)) {
      const text = JSON.stringify(entry.config);
      expect(text).toContain(`"${key}"`);
      expect(text.match(/https:\/\/[^"]+/g)).toEqual([urls.mcp]);
    }
  });
});

describe('buildMcpInstallActions', () => {
  const key = buildMcpServerKey({
    alternateName: '株式会社みなと',
    name: 'Société Générale de Boulangerie',
    website: 'https://boulangerie-generale.example',
  });
  const configs = buildMcpClientConfigs(urls, key);
  const actions = buildMcpInstallActions(urls, key);
  const serverEntryOf = (client: string) => {
    const config = configs.find((entry) => entry.client.startsWith(client))?.config ?? {};
    const servers = (config.mcpServers ?? config.servers) as Record<string, unknown>;
    return servers[key];
  };

  it("should give Cursor's deep link the name and the base64 server entry of its configuration", () => {
    const link = new URL(actions.cursorLink);
    expect(`${link.protocol}//${link.host}${link.pathname}`).toBe(
      'cursor://anysphere.cursor-deeplink/mcp/install',
    );
    expect(link.searchParams.get('name')).toBe(key);
    const config: unknown = JSON.parse(atob(link.searchParams.get('config') ?? ''));
    expect(config).toEqual(serverEntryOf('Cursor'));
  });

  it("should give VS Code's install URL the name and the server entry of its configuration", () => {
    expect(actions.vsCodeLink.startsWith('vscode:mcp/install?')).toBe(true);
    const config: unknown = JSON.parse(
      decodeURIComponent(actions.vsCodeLink.slice('vscode:mcp/install?'.length)),
    );
    expect(config).toEqual({ name: key, ...(serverEntryOf('VS Code') as object) });
  });

  it('should give the claude mcp add command the transport and URL of its configuration', () => {
    expect(serverEntryOf('Claude Code')).toEqual({ type: 'http', url: urls.mcp });
    expect(actions.claudeCodeCommand).toBe(`claude mcp add --transport http ${key} ${urls.mcp}`);
  });
});
