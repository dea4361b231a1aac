import { MEDIA_TYPES } from '../lib/media-types.ts';
import type { PlainAnswer } from '../lib/plain-http.ts';
import { buildErrorTypeUrl } from '../lib/service-urls.ts';

/**
 * The OAuth error codes this server answers with, with their status and reason phrase.
 * @see RFC 6749 §5.2 and §4.1.2.1, RFC 7591 §3.2.2, RFC 8707 §2, RFC 6750 §3.1
 */
export const OAUTH_ERRORS = {
  invalid_request: { status: 400, title: 'Bad Request' },
  invalid_client: { status: 401, title: 'Unauthorized' },
  invalid_grant: { status: 400, title: 'Bad Request' },
  unauthorized_client: { status: 400, title: 'Bad Request' },
  unsupported_grant_type: { status: 400, title: 'Bad Request' },
  unsupported_response_type: { status: 400, title: 'Bad Request' },
  invalid_scope: { status: 400, title: 'Bad Request' },
  invalid_target: { status: 400, title: 'Bad Request' },
  invalid_client_metadata: { status: 400, title: 'Bad Request' },
  invalid_redirect_uri: { status: 400, title: 'Bad Request' },
  invalid_token: { status: 401, title: 'Unauthorized' },
  server_error: { status: 500, title: 'Internal Server Error' },
} as const;

export type OAuthErrorCode = keyof typeof OAUTH_ERRORS;

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
