import type { Company } from '../schemas/site-content.ts';
import { buildCompanySlug } from '../site-content/company-slug.ts';
import type { ServiceUrls } from '../service/urls.ts';

/** Ready-to-paste configuration that connects one MCP client to the endpoint. */
export interface McpClientConfig {
  readonly client: string;
  /** Where the configuration goes. */
  readonly location: string;
  readonly config: Record<string, unknown>;
}

/** A server key for client configuration files: the company's slug (buildCompanySlug). */
export function buildMcpServerKey(
  company: Pick<Company, 'alternateName' | 'name' | 'website'>,
): string {
  return buildCompanySlug(company);
}

/** The server entry each client's configuration names the endpoint with. */
function buildServerEntries(urls: ServiceUrls) {
  return {
    claudeCode: { type: 'http', url: urls.mcp },
    cursor: { url: urls.mcp },
    vsCode: { type: 'http', url: urls.mcp },
  } as const;
}

/** One-step installs of the MCP server, from the same server entries as the configurations. */
export interface McpInstallActions {
  /** Cursor's install deep link. @see https://cursor.com/docs/mcp/install-links */
  readonly cursorLink: string;
  /** VS Code's MCP URL handler. @see https://code.visualstudio.com/docs/copilot/guides/mcp-developer-guide#_mcp-url-handler */
  readonly vsCodeLink: string;
  /** The Claude Code command. @see https://docs.anthropic.com/en/docs/claude-code/mcp */
  readonly claudeCodeCommand: string;
}

/**
 * The install links for Cursor (`cursor://anysphere.cursor-deeplink/mcp/install?name&config`,
 * the config base64 JSON) and VS Code (`vscode:mcp/install?` and the URL-encoded JSON that
 * `--add-mcp` takes), and the `claude mcp add` command, each carrying the server entry of that
 * client's configuration.
 */
export function buildMcpInstallActions(urls: ServiceUrls, serverKey: string): McpInstallActions {
  const entries = buildServerEntries(urls);
  const cursorConfig = btoa(JSON.stringify(entries.cursor));
  return {
    cursorLink: `cursor://anysphere.cursor-deeplink/mcp/install?name=${encodeURIComponent(serverKey)}&config=${encodeURIComponent(cursorConfig)}`,
    vsCodeLink: `vscode:mcp/install?${encodeURIComponent(JSON.stringify({ name: serverKey, ...entries.vsCode }))}`,
    claudeCodeCommand: `claude mcp add --transport ${entries.claudeCode.type} ${serverKey} ${entries.claudeCode.url}`,
  };
}

/**
 * Configuration for the popular MCP clients, each in the file format its own documentation
 * gives for a remote streamable HTTP server. No client needs a token: the endpoint is anonymous.
 */
export function buildMcpClientConfigs(urls: ServiceUrls, serverKey: string): McpClientConfig[] {
  const entries = buildServerEntries(urls);
  return [
    {
      client: 'Claude Code',
      location: '.mcp.json in your project',
      config: { mcpServers: { [serverKey]: entries.claudeCode } },
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
      config: { mcpServers: { [serverKey]: entries.cursor } },
    },
    {
      client: 'VS Code (GitHub Copilot)',
      location: '.vscode/mcp.json in your workspace',
      config: { servers: { [serverKey]: entries.vsCode } },
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
