import type { ServiceUrls } from '../service/urls.ts';

/** Ready-to-paste configuration that connects one MCP client to the endpoint. */
export interface McpClientConfig {
  readonly client: string;
  /** Where the configuration goes. */
  readonly location: string;
  readonly config: Record<string, unknown>;
}

/** A server key for client configuration files: the short company name in kebab case. */
export function buildMcpServerKey(alternateName: string): string {
  return (
    alternateName
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'facts'
  );
}

/**
 * Configuration for the popular MCP clients, each in the file format its own documentation
 * gives for a remote streamable HTTP server. No client needs a token: the endpoint is anonymous.
 */
export function buildMcpClientConfigs(urls: ServiceUrls, serverKey: string): McpClientConfig[] {
  return [
    {
      client: 'Claude Code',
      location: '.mcp.json in your project',
      config: { mcpServers: { [serverKey]: { type: 'http', url: urls.mcp } } },
    },
    {
      client: 'Claude Desktop',
      location:
        'claude_desktop_config.json (Settings, Developer, Edit Config); the mcp-remote bridge runs the streamable HTTP transport',
      config: {
        mcpServers: { [serverKey]: { command: 'npx', args: ['-y', 'mcp-remote', urls.mcp] } },
      },
    },
    {
      client: 'Cursor',
      location: '.cursor/mcp.json in your project, or ~/.cursor/mcp.json',
      config: { mcpServers: { [serverKey]: { url: urls.mcp } } },
    },
    {
      client: 'VS Code (GitHub Copilot)',
      location: '.vscode/mcp.json in your workspace',
      config: { servers: { [serverKey]: { type: 'http', url: urls.mcp } } },
    },
    {
      client: 'Windsurf',
      location: '~/.codeium/windsurf/mcp_config.json',
      config: { mcpServers: { [serverKey]: { serverUrl: urls.mcp } } },
    },
    {
      client: 'Gemini CLI',
      location: '~/.gemini/settings.json',
      config: { mcpServers: { [serverKey]: { httpUrl: urls.mcp } } },
    },
  ];
}
