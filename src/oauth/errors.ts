import { MEDIA_TYPES } from '../service/media-types.ts';
import type { PlainAnswer } from '../http/plain-http.ts';
import { OAUTH_ERRORS, type OAuthErrorCode } from '../service/oauth-errors.ts';
import { buildErrorTypeUrl } from '../service/urls.ts';

/** An expected OAuth refusal: its code and a description an agent can act on. */
export interface OAuthRefusal {
  readonly error: OAuthErrorCode;
  readonly description: string;
}

/** A step that refused, with why. */
export interface Refused {
  readonly ok: false;
  readonly refusal: OAuthRefusal;
}

/** What a step that may refuse answers: its value, or the refusal (never an exception). */
export type OAuthResult<T> = { readonly ok: true; readonly value: T } | Refused;

/**
 * A refusal result. The description is made printable ASCII without '"' and '\', as
 * `error_description` must be. @see RFC 6749 §5.2
 */
export function refuse(error: OAuthErrorCode, description: string): Refused {
  return {
    ok: false,
    refusal: {
      error,
      description: description.replace(/["\\]/g, "'").replace(/[^\x20-\x7e]/g, '?'),
    },
  };
}

/**
 * An OAuth error body in `application/json`, as OAuth clients require, carrying the RFC 9457
 * Problem members as well (`type` and `error_uri` name the same explanation page).
 * @see RFC 6749 §5.2, RFC 7591 §3.2.2
 */
export function oauthErrorAnswer(
  origin: string,
  instance: string,
  refusal: OAuthRefusal,
): PlainAnswer {
  const { status, title } = OAUTH_ERRORS[refusal.error];
  const type = buildErrorTypeUrl(origin, refusal.error);
  return {
    status,
    headers: { 'Content-Type': MEDIA_TYPES.json, 'Cache-Control': 'no-store', Pragma: 'no-cache' },
    body: JSON.stringify({
      error: refusal.error,
      error_description: refusal.description,
      error_uri: type,
      type,
      title,
      status,
      detail: refusal.description,
      code: refusal.error,
      instance,
    }),
  };
}
