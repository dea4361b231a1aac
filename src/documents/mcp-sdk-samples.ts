/**
 * One tools/call written with the official MCP SDK clients, beside the plain HTTP samples: the
 * TypeScript SDK (its v2 packages, `@modelcontextprotocol/client`, over Streamable HTTP) and the
 * Python SDK (`mcp`: `streamable_http_client` and `ClientSession`). Each prints the call's
 * `structuredContent` as JSON indented by two spaces, exactly as the reference's example result
 * shows it, so a reader can compare the two.
 * @see https://github.com/modelcontextprotocol/typescript-sdk; https://github.com/modelcontextprotocol/python-sdk
 */
import {
  buildCodeSamples,
  formatPythonLiteral,
  listCodeSamples,
  quoteForJavaScript,
  type CodeSample,
} from './code-samples.ts';
import { buildMcpRequest, buildRpcRequest } from './mcp-quickstart.ts';

/** A tool call as the samples make it: the tool's name and the arguments of its example. */
export interface SampleToolCall {
  readonly name: string;
  readonly arguments: Record<string, unknown>;
}

/** The name the sample clients give themselves (the quickstart's initialize says the same). */
const SAMPLE_CLIENT_NAME = 'example-agent';

/** A JSON value as a one-line JavaScript literal: `{ query: 'rate limit', limit: 3 }`. */
export function formatJavaScriptLiteral(value: unknown): string {
  if (typeof value === 'string') return quoteForJavaScript(value);
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'undefined';
  if (Array.isArray(value)) return `[${value.map(formatJavaScriptLiteral).join(', ')}]`;
  const entries = Object.entries(value as Record<string, unknown>).map(
    ([key, item]) =>
      `${/^[A-Za-z_$][\w$]*$/.test(key) ? key : quoteForJavaScript(key)}: ${formatJavaScriptLiteral(item)}`,
  );
  return entries.length === 0 ? '{}' : `{ ${entries.join(', ')} }`;
}

/** A JSON value as a one-line Python literal: `{"query": "rate limit", "limit": 3}`. */
export function formatInlinePythonLiteral(value: unknown): string {
  if (value === null || typeof value !== 'object') return formatPythonLiteral(value);
  if (Array.isArray(value)) return `[${value.map(formatInlinePythonLiteral).join(', ')}]`;
  const entries = Object.entries(value as Record<string, unknown>).map(
    ([key, item]) => `${JSON.stringify(key)}: ${formatInlinePythonLiteral(item)}`,
  );
  return `{${entries.join(', ')}}`;
}

/**
 * The call with the TypeScript SDK's client (v2 packages; a comment gives v1's two imports, the
 * only lines that differ). An ES module with top-level await, for Node 18+ or TypeScript.
 */
export function formatTypeScriptSdkSample(mcpUrl: string, call: SampleToolCall): string {
  return [
    '// npm install @modelcontextprotocol/client',
    "// (SDK v1: import Client from '@modelcontextprotocol/sdk/client/index.js' and",
    "// StreamableHTTPClientTransport from '@modelcontextprotocol/sdk/client/streamableHttp.js')",
    "import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';",
    '',
    `const client = new Client({ name: ${quoteForJavaScript(SAMPLE_CLIENT_NAME)}, version: '1.0.0' });`,
    `await client.connect(new StreamableHTTPClientTransport(new URL(${quoteForJavaScript(mcpUrl)})));`,
    'const result = await client.callTool({',
    `  name: ${quoteForJavaScript(call.name)},`,
    `  arguments: ${formatJavaScriptLiteral(call.arguments)},`,
    '});',
    'console.log(JSON.stringify(result.structuredContent, null, 2));',
    'await client.close();',
  ].join('\n');
}

/** The call with the Python SDK's ClientSession over Streamable HTTP (`pip install mcp`). */
export function formatPythonSdkSample(mcpUrl: string, call: SampleToolCall): string {
  return [
    '# pip install mcp',
    'import asyncio',
    'import json',
    '',
    'from mcp import ClientSession',
    'from mcp.client.streamable_http import streamable_http_client',
    '',
    '',
    'async def main():',
    `    async with streamable_http_client(${JSON.stringify(mcpUrl)}) as (read, write):`,
    '        async with ClientSession(read, write) as session:',
    '            await session.initialize()',
    '            result = await session.call_tool(',
    `                ${JSON.stringify(call.name)}, ${formatInlinePythonLiteral(call.arguments)}`,
    '            )',
    '            print(json.dumps(result.structured_content, indent=2, ensure_ascii=False))',
    '',
    '',
    'asyncio.run(main())',
  ].join('\n');
}

/** The SDK samples' tabs, after the HTTP samples' (their ids name the sample, not the language). */
export const SDK_SAMPLE_LANGUAGES = [
  { id: 'typescript-sdk', label: 'TypeScript SDK', fence: 'typescript' },
  { id: 'python-sdk', label: 'Python SDK', fence: 'python' },
] as const;

/** The SDK samples of a tool call, in their tabs' order. */
export function listSdkSamples(mcpUrl: string, call: SampleToolCall): CodeSample[] {
  const [typescript, python] = SDK_SAMPLE_LANGUAGES;
  return [
    { ...typescript, code: formatTypeScriptSdkSample(mcpUrl, call) },
    { ...python, code: formatPythonSdkSample(mcpUrl, call) },
  ];
}

/**
 * Every sample of a tool call, as a tool's reference page shows them: the tools/call request in
 * curl, JavaScript (fetch) and Python (httpx), then the TypeScript and Python SDK clients.
 */
export function listToolCallSamples(mcpUrl: string, call: SampleToolCall): CodeSample[] {
  const request = buildMcpRequest(
    mcpUrl,
    buildRpcRequest(1, 'tools/call', { name: call.name, arguments: call.arguments }),
  );
  return [...listCodeSamples(buildCodeSamples(request)), ...listSdkSamples(mcpUrl, call)];
}
