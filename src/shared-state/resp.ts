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

/** An array whose items are still arriving. */
interface OpenArray {
  readonly items: RespValue[];
  remaining: number;
}

/** What one step of the reader did: finished a reply, moved on, or needs more bytes. */
type Step = { readonly reply: RespValue } | 'continue' | 'incomplete' | RespMalformed;

const CRLF_BYTES = Buffer.from(CRLF);

/**
 * Reads replies from a stream of chunks: each `push` gives every reply the bytes so far complete,
 * in order, and keeps the rest for the next chunk. The parse state (the open arrays, a bulk
 * string whose length is known, where the search for the next line end stopped) is kept between
 * chunks, and the bytes are kept in one buffer that grows by doubling, so a reply that arrives a
 * byte at a time costs work linear in its size: each byte is scanned and copied a bounded number
 * of times. (Parsing the whole buffer again for every chunk made a trickled 1 MiB array cost
 * time quadratic in its size.)
 */
export class RespReader {
  /** Unread bytes are `#bytes[#start, #end)`. */
  #bytes: Buffer = Buffer.alloc(0);
  #start = 0;
  #end = 0;
  /** Where the search for the next CRLF resumes: the bytes before it hold none. */
  #scanFrom = 0;
  readonly #open: OpenArray[] = [];
  /** The length of a bulk string whose header was read and whose bytes are awaited. */
  #bulkLength: number | undefined;
  /** Bytes the reply in progress has taken so far. */
  #replyBytes = 0;
  #failure: RespMalformed | undefined;

  /** The replies completed by `chunk`, or what made the stream unreadable (then stop reading). */
  push(chunk: Buffer): RespValue[] | RespMalformed {
    if (this.#failure) return this.#failure;
    this.#append(chunk);
    const replies: RespValue[] = [];
    for (;;) {
      const step = this.#step();
      if (step === 'incomplete') break;
      if (step === 'continue') continue;
      if ('malformed' in step) {
        this.#failure = step;
        return step;
      }
      replies.push(step.reply);
    }
    if (this.#replyBytes + (this.#end - this.#start) > MAX_REPLY_BYTES) {
      this.#failure = { malformed: `a reply longer than ${MAX_REPLY_BYTES} bytes` };
      return this.#failure;
    }
    return replies;
  }

  /** Adds a chunk after the unread bytes, moving them to the front or doubling the buffer. */
  #append(chunk: Buffer): void {
    const unread = this.#end - this.#start;
    if (this.#end + chunk.length > this.#bytes.length) {
      const needed = unread + chunk.length;
      // At least half the buffer stays free after a move, so moves cost linear time in all.
      const target =
        needed * 2 <= this.#bytes.length
          ? this.#bytes
          : Buffer.allocUnsafe(Math.max(needed * 2, 4096));
      this.#bytes.copy(target, 0, this.#start, this.#end);
      this.#bytes = target;
      this.#scanFrom -= this.#start;
      this.#start = 0;
      this.#end = unread;
    }
    chunk.copy(this.#bytes, this.#end);
    this.#end += chunk.length;
  }

  #consume(count: number): void {
    this.#start += count;
    this.#replyBytes += count;
    this.#scanFrom = Math.max(this.#scanFrom, this.#start);
  }

  /** Reads one line or bulk string at the front of the unread bytes. */
  #step(): Step {
    if (this.#bulkLength !== undefined) {
      const length = this.#bulkLength;
      if (this.#end - this.#start < length + 2) return 'incomplete';
      const at = this.#start + length;
      if (this.#bytes[at] !== 13 || this.#bytes[at + 1] !== 10) {
        return { malformed: 'a bulk string not ended by CRLF' };
      }
      const value = this.#bytes.toString('utf8', this.#start, at);
      this.#bulkLength = undefined;
      this.#consume(length + 2);
      return this.#complete(value);
    }
    if (this.#start === this.#end) return 'incomplete';
    const lineEnd = this.#bytes
      .subarray(0, this.#end)
      .indexOf(CRLF_BYTES, Math.max(this.#scanFrom, this.#start));
    if (lineEnd === -1) {
      // A CR at the very end may be the start of the CRLF: look at it again next time.
      this.#scanFrom = Math.max(this.#start, this.#end - 1);
      return 'incomplete';
    }
    const type = String.fromCharCode(this.#bytes[this.#start] ?? 0);
    const line = this.#bytes.toString('utf8', this.#start + 1, lineEnd);
    this.#consume(lineEnd + 2 - this.#start);
    switch (type) {
      case '+':
        return this.#complete(line);
      case '-':
        return this.#complete({ error: line });
      case ':':
        return /^-?\d+$/.test(line) ? this.#complete(Number(line)) : malformed(type, line);
      case '$': {
        const length = readLength(line);
        if (length === undefined) return malformed(type, line);
        if (length === -1) return this.#complete(null);
        this.#bulkLength = length;
        return 'continue';
      }
      case '*': {
        const count = readLength(line);
        if (count === undefined) return malformed(type, line);
        if (count === -1) return this.#complete(null);
        if (this.#open.length === MAX_DEPTH) {
          return { malformed: `arrays nested deeper than ${MAX_DEPTH}` };
        }
        if (count === 0) return this.#complete([]);
        this.#open.push({ items: [], remaining: count });
        return 'continue';
      }
      default:
        return { malformed: `unknown reply type ${JSON.stringify(type)}` };
    }
  }

  /** Places a finished value in the array it belongs to, closing every array it completes. */
  #complete(value: RespValue): Step {
    let finished = value;
    for (;;) {
      const open = this.#open.at(-1);
      if (!open) {
        this.#replyBytes = 0;
        return { reply: finished };
      }
      open.items.push(finished);
      open.remaining -= 1;
      if (open.remaining > 0) return 'continue';
      this.#open.pop();
      finished = open.items;
    }
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
