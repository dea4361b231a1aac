import type { IncomingMessage } from 'node:http';
import type { ErrorCode } from '../service/error-kinds.ts';

/*
 * What the local server reads of a request's version, target and framing before it routes it:
 * the refusals node:http's parser lets through, and the URL and authority a target names.
 */

/** A request the server refuses for its version, target form or framing; it then closes. */
export interface FramingFault {
  readonly code: ErrorCode;
  readonly detail: string;
}

/**
 * What is wrong with a request's version or framing, if anything. node:http parses `HTTP/2.0` and
 * `HTTP/0.9` request lines and de-chunks `Transfer-Encoding: gzip, chunked` as if chunked alone.
 * @see RFC 9110 §15.6.6 (505), RFC 9112 §6.1 (501 for a transfer coding not understood; a
 * Transfer-Encoding in HTTP/1.0 is faulty framing), RFC 9112 §3.2.4 (asterisk-form: OPTIONS only)
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
  if (req.url === '*' && req.method !== 'OPTIONS') {
    return {
      code: 'bad_request',
      detail: 'The asterisk-form request target is for OPTIONS only (RFC 9112 §3.2.4).',
    };
  }
  return undefined;
}

/** A request target read: the URL on the server's own origin, and the authority it is sent to. */
export interface RequestTarget {
  readonly url: URL;
  /**
   * The authority the Host rules check: the target's own in absolute-form (RFC 9112 §3.2.2: the
   * server MUST ignore Host then), else the Host header.
   */
  readonly authority: string | undefined;
}

/**
 * Reads an origin-form or absolute-form target. The URL is always on `origin`: the target is
 * appended, not resolved, so `//host/x` stays a path, and an absolute-form target's authority is
 * returned for the Host rules instead of becoming the URL's. Throws for a target that is neither
 * (or an absolute URL that is not http or https, or carries userinfo, RFC 9110 §4.2.4).
 */
export function readRequestTarget(req: IncomingMessage, origin: string): RequestTarget {
  const target = req.url ?? '/';
  if (target.startsWith('/')) return { url: new URL(origin + target), authority: req.headers.host };
  const absolute = new URL(target);
  if (
    (absolute.protocol !== 'http:' && absolute.protocol !== 'https:') ||
    absolute.host === '' ||
    absolute.username !== '' ||
    absolute.password !== ''
  ) {
    throw new TypeError('not an http(s) absolute-form target');
  }
  return { url: new URL(origin + absolute.pathname + absolute.search), authority: absolute.host };
}
