import type { IncomingMessage } from 'node:http';
import type { ErrorCode } from '../service/error-kinds.ts';

/*
 * What the local server reads of a request's version and framing before it routes it: the
 * refusals node:http's parser lets through.
 */

/** A request the server refuses for its version or framing; it then closes. */
export interface FramingFault {
  readonly code: ErrorCode;
  readonly detail: string;
}

/**
 * What is wrong with a request's version or framing, if anything. node:http parses `HTTP/2.0` and
 * `HTTP/0.9` request lines and de-chunks `Transfer-Encoding: gzip, chunked` as if chunked alone.
 * @see RFC 9110 §15.6.6 (505), RFC 9112 §6.1 (501 for a transfer coding not understood; a
 * Transfer-Encoding in HTTP/1.0 is faulty framing)
 */
export function findFramingFault(req: IncomingMessage): FramingFault | undefined {
  if (req.httpVersionMajor !== 1) {
    return {
      code: 'http_version_not_supported',
      detail: `This server speaks HTTP/1.1 and HTTP/1.0; the request is HTTP/${req.httpVersion}.`,
    };
  }
  const coding = req.headers['transfer-encoding'];
  if (coding !== undefined) {
    if (req.httpVersionMinor === 0) {
      return {
        code: 'bad_request',
        detail: 'An HTTP/1.0 request cannot carry Transfer-Encoding (RFC 9112 §6.1).',
      };
    }
    // Coding names are case-insensitive (RFC 9112 §7); node:http joins repeated fields with ", ".
    if (coding.trim().toLowerCase() !== 'chunked') {
      return {
        code: 'not_implemented',
        detail:
          'The request names a transfer coding other than chunked, which this server does not understand.',
      };
    }
  }
  return undefined;
}
