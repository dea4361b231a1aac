import { META_KEYS } from '../service/mcp-protocol.ts';
import { asObject, type JsonRpcMessage } from './json-rpc-messages.ts';

/** Characters kept of a client's name: an application's name, short as a rule. */
export const MAX_CLIENT_NAME = 64;

/**
 * The name an MCP client gives itself, for the owner's insight report: `clientInfo.name` of an
 * `initialize` request (MCP 2025-11-25 and earlier, where only that request names the client), or
 * of the `io.modelcontextprotocol/clientInfo` metadata that every 2026-07-28 request carries.
 * Spaces (tabs and line breaks too) are folded into one, control and format characters dropped,
 * at most MAX_CLIENT_NAME characters kept; undefined when the request names none.
 * @see MCP 2025-11-25 basic/lifecycle (InitializeRequest.clientInfo); 2026-07-28 basic/index
 */
export function readClientName(message: JsonRpcMessage): string | undefined {
  const params = asObject(message.params);
  if (!params) return undefined;
  const info =
    message.method === 'initialize'
      ? asObject(params.clientInfo)
      : asObject(asObject(params._meta)?.[META_KEYS.clientInfo]);
  const name = info?.name;
  if (typeof name !== 'string') return undefined;
  // Only the start is kept, so only the start is worked on.
  const cleaned = name
    .slice(0, MAX_CLIENT_NAME * 4)
    .replace(/\s+/gu, ' ')
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .trim();
  // By code points, so a letter outside the BMP is never cut in half.
  return [...cleaned].slice(0, MAX_CLIENT_NAME).join('').trimEnd() || undefined;
}
