import { exceedsJsonDepth, LIMITS } from '../service/limits.ts';
import type { PlainRequest } from './plain-http.ts';

/** How a body is parsed once it is read. */
export type BodyFormat = 'json' | 'form';

/** What an endpoint takes: one media type, a size limit and a format. */
export interface BodyRules<Format extends BodyFormat> {
  /** The one media type accepted (compared without parameters, case-insensitively). */
  readonly mediaType: string;
  /** The largest body read, in bytes. */
  readonly maxBytes: number;
  readonly format: Format;
  /** The deepest nesting of arrays and objects a JSON body may have (default LIMITS.jsonDepth). */
  readonly maxDepth?: number;
}

/** Why a body was refused; each endpoint turns it into its own wire format. */
export type BodyRefusal =
  | { readonly ok: false; readonly reason: 'media_type'; readonly given: string | undefined }
  | { readonly ok: false; readonly reason: 'too_large'; readonly maxBytes: number }
  | { readonly ok: false; readonly reason: 'malformed' }
  | { readonly ok: false; readonly reason: 'too_deep'; readonly maxDepth: number };

/** A body that passed every rule, parsed. */
export type BodyResult<Format extends BodyFormat> =
  | { readonly ok: true; readonly value: Format extends 'json' ? unknown : URLSearchParams }
  | BodyRefusal;

/** The media type of a Content-Type header without its parameters, lower-cased. */
export function readMediaType(contentType: string | undefined): string | undefined {
  const mediaType = contentType?.split(';')[0]?.trim().toLowerCase();
  return mediaType || undefined;
}

/**
 * Reads a request body by an endpoint's rules: its media type first (nothing is read for a wrong
 * one), then at most `maxBytes`, then the parse and, for JSON, the nesting depth. The result is a
 * plain value: the body, or the first rule it broke.
 * @see RFC 9110 §15.5.16 (415), §15.5.14 (413)
 */
export async function readRequestBody<Format extends BodyFormat>(
  request: PlainRequest,
  rules: BodyRules<Format>,
): Promise<BodyResult<Format>> {
  const contentType = request.header('content-type');
  // The usual header names the type exactly: no parameters to cut, no case to fold.
  if (contentType !== rules.mediaType) {
    const given = readMediaType(contentType);
    if (given !== rules.mediaType) return { ok: false, reason: 'media_type', given };
  }
  const text = await request.text(rules.maxBytes);
  if (text === undefined) return { ok: false, reason: 'too_large', maxBytes: rules.maxBytes };
  if (rules.format === 'form') {
    return { ok: true, value: new URLSearchParams(text) } as BodyResult<Format>;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  const maxDepth = rules.maxDepth ?? LIMITS.jsonDepth;
  // Each level opens and closes a bracket: a shorter text cannot nest past the limit.
  if (text.length > 2 * maxDepth && exceedsJsonDepth(value, maxDepth)) {
    return { ok: false, reason: 'too_deep', maxDepth };
  }
  return { ok: true, value } as BodyResult<Format>;
}
