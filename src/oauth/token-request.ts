import { TokenRequestSchema, type TokenRequest } from '../schemas/oauth.ts';
import type { ServiceUrls } from '../service/urls.ts';
import { readParameters } from './endpoint-support.ts';
import { refuse, type OAuthResult } from './errors.ts';
import { readResources } from './tokens.ts';

/** The single-valued parameters of a token request; an empty one counts as absent. */
const SINGLE_PARAMETERS = [
  'grant_type',
  'client_id',
  'scope',
  'code',
  'redirect_uri',
  'code_verifier',
] as const;

/**
 * Reads a form-encoded token request: every parameter once (`resource` may repeat), validated
 * with the TokenRequestSchema the OpenAPI document publishes. Each refusal keeps the code and
 * description the endpoint has always answered with. Unknown parameters are ignored.
 * @see RFC 6749 §3.2 and §4.1.3, §4.4.2, RFC 7636 §4.5, RFC 8707 §2
 */
export function readTokenRequest(
  form: URLSearchParams,
  urls: ServiceUrls,
): OAuthResult<TokenRequest> {
  const params = readParameters(form);
  if (!params.ok) return params;
  const given: Record<string, string | string[]> = {};
  for (const name of SINGLE_PARAMETERS) {
    const value = params.value.get(name);
    if (value !== undefined && value !== '') given[name] = value;
  }
  const resources = params.value.all('resource');
  if (resources.length > 0) given.resource = resources;
  const parsed = TokenRequestSchema.safeParse(given);
  if (parsed.success) return { ok: true, value: parsed.data };
  const issue = parsed.error.issues[0];
  const field = String(issue?.path[0] ?? '');
  switch (field) {
    case 'grant_type':
    case 'client_id':
      if (given[field] === undefined) {
        return refuse('invalid_request', `The ${field} parameter is required.`);
      }
      return refuse(
        'unsupported_grant_type',
        `The grant type ${String(given[field])} is not supported; use client_credentials or authorization_code.`,
      );
    case 'resource': {
      // A resource that is no URI is refused like any resource that is not ours.
      const known = readResources(resources, urls);
      return known.ok ? refuse('invalid_target', 'resource must be an absolute URI.') : known;
    }
    case 'code_verifier':
      return refuse(
        'invalid_request',
        'code_verifier must be 43 to 128 characters of A-Z, a-z, 0-9, -, ., _ and ~ (RFC 7636).',
      );
    default:
      return refuse(
        'invalid_request',
        `${issue?.path.join('.') || 'The request'}: ${issue?.message ?? 'is invalid'}.`,
      );
  }
}
