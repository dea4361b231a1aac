import { MEDIA_TYPES } from '../service/media-types.ts';
import type { PlainAnswer } from '../http/plain-http.ts';
import { OAUTH_ERRORS, type OAuthErrorCode } from '../service/oauth-errors.ts';
import { buildErrorTypeUrl } from '../service/urls.ts';

/** An OAuth refusal: its code and a description an agent can act on. */
export class OAuthRefusal extends Error {
  override readonly name = 'OAuthRefusal';
  readonly error: OAuthErrorCode;

  constructor(error: OAuthErrorCode, description: string) {
    // RFC 6749 §5.2: error_description is printable ASCII without '"' and '\'.
    super(description.replace(/["\\]/g, "'").replace(/[^\x20-\x7e]/g, '?'));
    this.error = error;
  }

  get description(): string {
    return this.message;
  }
}

/**
 * An OAuth error body in `application/json`, as OAuth clients require, carrying the RFC 9457
 * Problem members as well (`type` and `error_uri` name the same explanation page).
 */
export function oauthErrorAnswer(
  origin: string,
  instance: string,
  refusal: OAuthRefusal,
  headers: Record<string, string> = {},
): PlainAnswer {
  const { status, title } = OAUTH_ERRORS[refusal.error];
  const type = buildErrorTypeUrl(origin, refusal.error);
  return {
    status,
    headers: {
      'Content-Type': MEDIA_TYPES.json,
      'Cache-Control': 'no-store',
      Pragma: 'no-cache',
      ...headers,
    },
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
