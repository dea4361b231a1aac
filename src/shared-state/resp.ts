/**
 * The Redis serialization protocol, version 2: commands as arrays of bulk strings, and a reader
 * that turns the bytes a server sends, however they are split into chunks, into replies.
 * @see https://redis.io/docs/latest/develop/reference/protocol-spec/
 */

/** An error reply (`-ERR ...`): the server refused the command; the connection stays usable. */
export interface RespErrorReply {
  readonly error: string;
}

/** One reply: simple or bulk string, integer, nil (null), error, or an array of replies. */
export type RespValue = string | number | null | RespErrorReply | readonly RespValue[];

/** Bytes that are not RESP2, or a reply past the size this client accepts. */
export interface RespMalformed {
  readonly malformed: string;
}

/** The largest reply the reader accepts; this service stores counters and small documents. */
export const MAX_REPLY_BYTES = 1024 * 1024;

/** How deeply arrays may nest in a reply (this service's commands answer no arrays at all). */
const MAX_DEPTH = 8;

const CRLF = '\r\n';

/** True when a reply is an error reply. */
export function isErrorReply(value: RespValue): value is RespErrorReply {
  return typeof value === 'object' && value !== null && 'error' in value;
}

/**
 * One command as RESP2 sends it: an array of bulk strings, each with its length in bytes.
 * @see https://redis.io/docs/latest/develop/reference/protocol-spec/#sending-commands-to-a-redis-server
 */
export function encodeCommand(args: readonly (string | number)[]): Buffer {
  let text = `*${args.length}${CRLF}`;
  for (const arg of args) {
    const value = String(arg);
    text += `$${Buffer.byteLength(value)}${CRLF}${value}${CRLF}`;
  }
  return Buffer.from(text);
}

/** What parsing at an offset found: a reply and where the next begins, or too few bytes yet. */
type Parsed = { readonly value: RespValue; readonly next: number } | 'incomplete' | RespMalformed;

/**
 * Reads replies from a stream of chunks: each `push` gives every reply the bytes so far complete,
 * in order, and keeps the rest for the next chunk.
 */
export class RespReader {
  #buffer: Buffer = Buffer.alloc(0);

  /** The replies completed by `chunk`, or what made the stream unreadable (then stop reading). */
  push(chunk: Buffer): RespValue[] | RespMalformed {
    this.#buffer = this.#buffer.length ? Buffer.concat([this.#buffer, chunk]) : chunk;
    const replies: RespValue[] = [];
    let offset = 0;
    while (offset < this.#buffer.length) {
      const parsed = parseAt(this.#buffer, offset);
      if (parsed === 'incomplete') break;
      if ('malformed' in parsed) return parsed;
      replies.push(parsed.value);
      offset = parsed.next;
    }
    this.#buffer = this.#buffer.subarray(offset);
    if (this.#buffer.length > MAX_REPLY_BYTES) {
      return { malformed: `a reply longer than ${MAX_REPLY_BYTES} bytes` };
    }
    return replies;
  }
}

/** Parses the reply that starts at `offset`. */
function parseAt(buffer: Buffer, offset: number, depth = 0): Parsed {
  const lineEnd = buffer.indexOf(CRLF, offset);
  if (lineEnd === -1) return 'incomplete';
  const type = String.fromCharCode(buffer[offset] ?? 0);
  const line = buffer.toString('utf8', offset + 1, lineEnd);
  const next = lineEnd + 2;
  switch (type) {
    case '+':
      return { value: line, next };
    case '-':
      return { value: { error: line }, next };
    case ':':
      return /^-?\d+$/.test(line) ? { value: Number(line), next } : malformed(type, line);
    case '$': {
      const length = readLength(line);
      if (length === undefined) return malformed(type, line);
      if (length === -1) return { value: null, next };
      if (buffer.length < next + length + 2) return 'incomplete';
      if (buffer.toString('latin1', next + length, next + length + 2) !== CRLF) {
        return { malformed: 'a bulk string not ended by CRLF' };
      }
      return { value: buffer.toString('utf8', next, next + length), next: next + length + 2 };
    }
    case '*': {
      const count = readLength(line);
      if (count === undefined) return malformed(type, line);
      if (count === -1) return { value: null, next };
      if (depth === MAX_DEPTH) return { malformed: `arrays nested deeper than ${MAX_DEPTH}` };
      const items: RespValue[] = [];
      let position = next;
      for (let i = 0; i < count; i++) {
        const item = parseAt(buffer, position, depth + 1);
        if (item === 'incomplete' || 'malformed' in item) return item;
        items.push(item.value);
        position = item.next;
      }
      return { value: items, next: position };
    }
    default:
      return { malformed: `unknown reply type ${JSON.stringify(type)}` };
  }
}

/** A length or count: -1 (nil) up to the largest reply accepted; undefined for anything else. */
function readLength(line: string): number | undefined {
  if (!/^(-1|\d{1,9})$/.test(line)) return undefined;
  const length = Number(line);
  return length <= MAX_REPLY_BYTES ? length : undefined;
}

function malformed(type: string, line: string): RespMalformed {
  return { malformed: `bad ${type} line ${JSON.stringify(line.slice(0, 40))}` };
}
