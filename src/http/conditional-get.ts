import { matchesIfNoneMatch } from './entity-tags.ts';
import { parseHttpDate } from './http-date.ts';

/** The request fields of a conditional GET, as node:http names them (duplicates joined). */
export interface ConditionalGetFields {
  readonly 'if-none-match'?: string | undefined;
  readonly 'if-modified-since'?: string | undefined;
}

/**
 * Whether a GET or HEAD of a representation with this `etag` (and `lastModified`, when its full
 * answer sends one) is answered 304: by If-None-Match when present (weak comparison), else by
 * If-Modified-Since when there is a Last-Modified and the field is a valid HTTP-date. A request
 * with neither field costs two property reads. Other preconditions are the caller's.
 * @see RFC 9110 §13.2.2 (steps 3 and 4), §13.1.2, §13.1.3
 */
export function isNotModified(
  fields: ConditionalGetFields,
  etag: string,
  lastModified: string | undefined,
): boolean {
  const ifNoneMatch = fields['if-none-match'];
  if (ifNoneMatch !== undefined) return matchesIfNoneMatch(ifNoneMatch, etag);
  const ifModifiedSince = fields['if-modified-since'];
  if (ifModifiedSince === undefined || lastModified === undefined) return false;
  const since = parseHttpDate(ifModifiedSince);
  const modified = parseHttpDate(lastModified);
  return since !== undefined && modified !== undefined && modified <= since;
}
