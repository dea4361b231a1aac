/**
 * How a try-it console reads an answer: a success, or an error in the words its protocol gives.
 * An HTTP status outside 2xx is an error (with the Problem's title and detail, RFC 9457); for MCP
 * a 200 can still carry a JSON-RPC error or a tool result with `isError: true`, which a console
 * must not show as a success.
 * @see RFC 9457 §3; JSON-RPC 2.0 §5.1; MCP 2025-11-25 server/tools §Error Handling
 */

/** A console's reading of one answer: whether it succeeded, and a sentence saying what came back. */
export interface ConsoleAnswer {
  readonly outcome: 'success' | 'error';
  readonly summary: string;
}

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The JSON-RPC message of an answer: the body itself, or the last `data` event of a stream. */
function readJsonRpcMessage(body: string, contentType: string): unknown {
  if (!/^text\/event-stream/i.test(contentType)) return parseJson(body);
  const events = body.split(/\r?\n\r?\n/).map((event) =>
    event
      .split(/\r?\n/)
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(5).replace(/^ /, ''))
      .join('\n'),
  );
  return parseJson(events.filter(Boolean).at(-1) ?? '');
}

/** The text blocks of a tool result, joined: what a tool says about its own failure. */
function readResultText(result: JsonObject): string {
  const content = Array.isArray(result.content) ? result.content : [];
  return content
    .filter((block): block is JsonObject => isObject(block) && typeof block.text === 'string')
    .map((block) => block.text as string)
    .join(' ');
}

function describeProblem(body: string, contentType: string): string {
  const problem = /json/i.test(contentType) ? parseJson(body) : undefined;
  if (!isObject(problem)) return '';
  const parts = [problem.title, problem.detail].filter((part) => typeof part === 'string');
  return parts.join(': ');
}

/**
 * Reads a console's answer: `kind` is what was sent (a REST read or an MCP tools/call), the
 * status, media type and body are what came back.
 */
export function judgeConsoleAnswer(
  kind: 'rest' | 'mcp',
  status: number,
  contentType: string,
  body: string,
): ConsoleAnswer {
  if (status < 200 || status > 299) {
    const problem = describeProblem(body, contentType);
    return { outcome: 'error', summary: `HTTP error ${status}${problem ? `: ${problem}` : '.'}` };
  }
  if (kind === 'rest') return { outcome: 'success', summary: 'Success.' };
  const message = readJsonRpcMessage(body, contentType);
  if (!isObject(message)) {
    return { outcome: 'error', summary: 'The answer is not a JSON-RPC message.' };
  }
  if (isObject(message.error)) {
    const { code, message: text } = message.error;
    return {
      outcome: 'error',
      summary: `JSON-RPC error ${String(code)}: ${typeof text === 'string' ? text : 'no message'}`,
    };
  }
  if (!isObject(message.result)) {
    return { outcome: 'error', summary: 'The answer has neither a result nor an error.' };
  }
  if (message.result.isError === true) {
    const text = readResultText(message.result);
    return { outcome: 'error', summary: `Tool error: ${text || 'the tool gave no reason.'}` };
  }
  return { outcome: 'success', summary: 'Tool result.' };
}

/** A duration for people: whole milliseconds under a second, else seconds to one decimal. */
export function formatDuration(milliseconds: number): string {
  const rounded = Math.max(0, Math.round(milliseconds));
  return rounded < 1000 ? `${rounded} ms` : `${(rounded / 1000).toFixed(1)} s`;
}
