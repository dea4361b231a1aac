import { describe, expect, it, vi } from 'vitest';
import {
  encodeCommand,
  isErrorReply,
  MAX_REPLY_BYTES,
  RespReader,
  type RespValue,
} from '../../src/shared-state/resp.ts';

/** Every reply of `bytes` when they arrive in pieces of `size` bytes. */
function readInPieces(bytes: string, size: number): RespValue[] {
  const reader = new RespReader();
  const source = Buffer.from(bytes);
  const replies: RespValue[] = [];
  for (let offset = 0; offset < source.length; offset += size) {
    const read = reader.push(source.subarray(offset, offset + size));
    if ('malformed' in read) throw new Error(read.malformed);
    replies.push(...read);
  }
  return replies;
}

/** One stream holding every kind of reply, and what it reads as. */
const STREAM =
  '+OK\r\n-WRONGPASS invalid username-password pair\r\n:42\r\n:-1\r\n$5\r\nhällo\r\n'.replace(
    '$5',
    `$${Buffer.byteLength('hällo')}`,
  ) + '$-1\r\n$0\r\n\r\n*2\r\n$1\r\na\r\n*1\r\n:1\r\n*-1\r\n*0\r\n';
const STREAM_REPLIES: RespValue[] = [
  'OK',
  { error: 'WRONGPASS invalid username-password pair' },
  42,
  -1,
  'hällo',
  null,
  '',
  ['a', [1]],
  null,
  [],
];

describe('encodeCommand', () => {
  it('should send a command as an array of bulk strings with their lengths in bytes', () => {
    expect(encodeCommand(['SET', 'k:é', 'v', 'EX', 30]).toString()).toBe(
      '*5\r\n$3\r\nSET\r\n$4\r\nk:é\r\n$1\r\nv\r\n$2\r\nEX\r\n$2\r\n30\r\n',
    );
  });

  it('should carry a value holding CRLF as it is, framed by its length', () => {
    expect(encodeCommand(['GET', 'a\r\nb']).toString()).toBe('*2\r\n$3\r\nGET\r\n$4\r\na\r\nb\r\n');
  });
});

describe('RespReader', () => {
  it('should read every kind of reply: strings, errors, integers, nil, empty and nested arrays', () => {
    expect(readInPieces(STREAM, STREAM.length)).toEqual(STREAM_REPLIES);
  });

  it.each([1, 2, 3, 7])(
    'should give the same replies when the bytes arrive %i at a time',
    (size) => {
      expect(readInPieces(STREAM, size)).toEqual(STREAM_REPLIES);
    },
  );

  it('should give nothing until a reply is complete, then the reply once', () => {
    const reader = new RespReader();
    expect(reader.push(Buffer.from('$5\r\nhel'))).toEqual([]);
    expect(reader.push(Buffer.from('lo\r'))).toEqual([]);
    expect(reader.push(Buffer.from('\n:1'))).toEqual(['hello']);
    expect(reader.push(Buffer.from('\r\n'))).toEqual([1]);
  });

  it('should tell an error reply from a string', () => {
    const [error, text] = readInPieces('-ERR no\r\n+ERR no\r\n', 100);
    expect(error !== undefined && isErrorReply(error)).toBe(true);
    expect(text !== undefined && isErrorReply(text)).toBe(false);
  });

  it.each([
    ['an unknown type byte', '!oops\r\n', /unknown reply type/],
    ['an integer that is not one', ':12a\r\n', /bad : line/],
    ['a bulk length that is not one', '$x\r\nab\r\n', /bad \$ line/],
    ['a bulk string longer than its length', '$1\r\nab\r\n', /not ended by CRLF/],
    ['a bulk length past the limit', `$${MAX_REPLY_BYTES + 1}\r\n`, /bad \$ line/],
    ['arrays nested too deep', `${'*1\r\n'.repeat(20)}:1\r\n`, /nested deeper/],
  ])('should refuse %s', (_, bytes, message) => {
    const read = new RespReader().push(Buffer.from(bytes));
    expect(read).toEqual({ malformed: expect.stringMatching(message) });
  });

  it('should refuse a reply that grows past the limit without ending', () => {
    const reader = new RespReader();
    expect(reader.push(Buffer.from(`$${MAX_REPLY_BYTES}\r\n`))).toEqual([]);
    const read = reader.push(Buffer.alloc(MAX_REPLY_BYTES, 'a'));
    expect(read).toEqual({ malformed: expect.stringMatching(/longer than/) });
  });
});

const originalIndexOf = Buffer.prototype.indexOf;
const originalCopy = Buffer.prototype.copy;
const originalConcat = Buffer.concat;

describe('RespReader work', () => {
  /** Counts the line searches and the bytes copied (Buffer copy and concat) while `read` runs. */
  function countWork(read: () => void): { searches: number; bytesCopied: number } {
    const work = { searches: 0, bytesCopied: 0 };
    const indexOf = vi.spyOn(Buffer.prototype, 'indexOf').mockImplementation(function (
      this: Buffer,
      ...args: unknown[]
    ) {
      work.searches += 1;
      return Reflect.apply(originalIndexOf, this, args) as number;
    });
    const copy = vi.spyOn(Buffer.prototype, 'copy').mockImplementation(function (
      this: Buffer,
      ...args: unknown[]
    ) {
      const copied = Reflect.apply(originalCopy, this, args) as number;
      work.bytesCopied += copied;
      return copied;
    });
    const concat = vi.spyOn(Buffer, 'concat').mockImplementation((list, length) => {
      const joined = originalConcat(list, length);
      work.bytesCopied += joined.length;
      return joined;
    });
    try {
      read();
    } finally {
      indexOf.mockRestore();
      copy.mockRestore();
      concat.mockRestore();
    }
    return work;
  }

  it.each([
    [1, 500],
    [7, 3000],
    [64, 3000],
  ])(
    'should do work linear in the size of an array that arrives %i bytes at a time (%i items)',
    (size, count) => {
      const bytes = Buffer.from(`*${count}\r\n${'$3\r\nabc\r\n'.repeat(count)}`);
      const replies: unknown[] = [];
      const work = countWork(() => {
        const reader = new RespReader();
        for (let offset = 0; offset < bytes.length; offset += size) {
          const read = reader.push(bytes.subarray(offset, offset + size));
          if (!Array.isArray(read)) throw new Error(read.malformed);
          replies.push(...read);
        }
      });
      expect(replies).toEqual([Array(count).fill('abc')]);
      const lines = 1 + 2 * count;
      const pushes = Math.ceil(bytes.length / size);
      // At most one search per line plus one per chunk that ends mid-line, and each byte copied
      // in once and moved a bounded number of times (re-parsing from the start on every chunk
      // made both grow with the square of the size).
      expect(work.searches).toBeLessThanOrEqual(lines + pushes);
      expect(work.bytesCopied).toBeLessThanOrEqual(4 * bytes.length);
    },
  );
});
