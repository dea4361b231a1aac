import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What a handler learned about a request while answering it, for the owner's insight report
 * (docs/insight.md): the MCP methods and tool called, the MCP client's name, the search query,
 * the OAuth grant. Kept only for the request's lifetime; the report keeps only bounded counts of
 * them.
 */
export interface RequestNotes {
  mcpMethods: string[];
  /** The name an MCP client gave itself (`clientInfo.name`), when the request carried it. */
  mcpClient?: string;
  mcpTool?: string;
  query?: string;
  grant?: string;
}

/** At most this many MCP methods are noted per request (a JSON-RPC batch may hold more). */
const MAX_NOTED_METHODS = 8;

const notes = new AsyncLocalStorage<RequestNotes>();

/** Empty notes for one request. */
export function createRequestNotes(): RequestNotes {
  return { mcpMethods: [] };
}

/**
 * Calls `answer(...args)` with `fresh` as the notes that handlers fill with `noteRequest`, and
 * gives what it gives (its promise, for an async handler: the notes are read once it settles).
 */
export function runWithNotes<Args extends unknown[], Result>(
  fresh: RequestNotes,
  answer: (...args: Args) => Result,
  ...args: Args
): Result {
  return notes.run(fresh, answer, ...args);
}

/** Notes what a request asked for; does nothing outside `runWithNotes` (tests, other callers). */
export function noteRequest(fields: {
  readonly mcpMethod?: string | undefined;
  readonly mcpClient?: string | undefined;
  readonly mcpTool?: string | undefined;
  readonly query?: string | undefined;
  readonly grant?: string | undefined;
}): void {
  const current = notes.getStore();
  if (!current) return;
  const { mcpMethod, mcpClient, mcpTool, query, grant } = fields;
  if (mcpMethod && current.mcpMethods.length < MAX_NOTED_METHODS)
    current.mcpMethods.push(mcpMethod);
  if (mcpClient !== undefined) current.mcpClient = mcpClient;
  if (mcpTool !== undefined) current.mcpTool = mcpTool;
  if (query !== undefined) current.query = query;
  if (grant !== undefined) current.grant = grant;
}

/** The notes of the request being answered, or undefined outside `runWithNotes`. */
export function readRequestNotes(): Readonly<RequestNotes> | undefined {
  return notes.getStore();
}
