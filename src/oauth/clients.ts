import { SignJWT } from 'jose';
import * as z from 'zod/mini';
import {
  ClientRegistrationRequestSchema,
  REGISTRATION_LIMITS,
} from '../schemas/client-registration.ts';
import { TOKEN_GRANT_TYPES } from '../schemas/oauth.ts';
import { OAUTH_SCOPES } from '../service/versions.ts';
import { refuse, type OAuthResult } from './errors.ts';
import { verifyMacToken, type OAuthKeys } from './keys.ts';

/** Grant types a client can register for; others asked for (refresh_token, ...) are dropped. */
const SUPPORTED_GRANT_TYPES = TOKEN_GRANT_TYPES;
type GrantType = (typeof SUPPORTED_GRANT_TYPES)[number];

/** The default label of a client that registers without one. */
const DEFAULT_CLIENT_NAME = 'Anonymous agent';

/** A registered client, as its client_id carries it. */
export interface RegisteredClient {
  readonly clientName: string;
  readonly grantTypes: readonly GrantType[];
  readonly redirectUris: readonly string[];
  readonly scope: string;
  /** Seconds since the epoch. */
  readonly issuedAt: number;
  /** For a URL client_id: the client metadata document it was read from (its own URL). */
  readonly metadataUrl?: string;
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

/**
 * True when the authorization endpoint may redirect to a (registered) URI at once: a loopback
 * host (RFC 8252 §7.3) or a private-use scheme (RFC 8252 §7.1), which only reach the user's own
 * device. Any other URI is an https site anyone could have registered, reached only after the
 * user confirms it. @see RFC 9700 §4.11.2
 */
export function isDeviceRedirectUri(value: string): boolean {
  const url = new URL(value);
  if (url.protocol === 'https:' || url.protocol === 'http:')
    return LOOPBACK_HOSTS.has(url.hostname);
  return true;
}

/**
 * Checks one redirect URI (its length is the registration schema's): https anywhere; http only
 * on a loopback host (RFC 8252 §7.3); a private-use scheme with a dot, for native apps (RFC 8252
 * §7.1); never a fragment (RFC 6749 §3.1.2). Returns why it is refused, or undefined.
 */
export function checkRedirectUri(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'is not an absolute URI';
  }
  if (url.hash || value.includes('#')) return 'must not contain a fragment';
  if (url.protocol === 'https:') return url.hostname ? undefined : 'needs a host';
  if (url.protocol === 'http:') {
    return LOOPBACK_HOSTS.has(url.hostname)
      ? undefined
      : 'uses http on a host other than 127.0.0.1, [::1] or localhost; use https';
  }
  const scheme = url.protocol.slice(0, -1);
  return scheme.includes('.') && !/^(javascript|data|file|vbscript)$/i.test(scheme)
    ? undefined
    : 'must use https, http on a loopback host, or a private-use scheme such as com.example.app';
}

/**
 * True when a redirect URI given at authorization matches a registered one: exactly, or, for an
 * http loopback IP literal, with any port (RFC 8252 §7.3).
 */
export function matchesRedirectUri(registered: readonly string[], given: string): boolean {
  if (registered.includes(given)) return true;
  let url: URL;
  try {
    url = new URL(given);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' || (url.hostname !== '127.0.0.1' && url.hostname !== '[::1]'))
    return false;
  url.port = '';
  return registered.some((candidate) => {
    try {
      const other = new URL(candidate);
      other.port = '';
      return other.href === url.href;
    } catch {
      return false;
    }
  });
}

/**
 * Reads a scope parameter: known scopes only, each once; undefined when absent or empty.
 * @see RFC 6749 §3.3
 */
function readScope(value: string | undefined): OAuthResult<string[] | undefined> {
  if (value === undefined || value.trim() === '') return { ok: true, value: undefined };
  const scopes = value.trim().split(/ +/);
  const unknown = scopes.filter((scope) => !(OAUTH_SCOPES as readonly string[]).includes(scope));
  if (unknown.length > 0) {
    return refuse(
      'invalid_scope',
      `Unknown scope ${unknown.join(', ')}; this server knows ${OAUTH_SCOPES.join(' and ')}.`,
    );
  }
  return { ok: true, value: [...new Set(scopes)] };
}

/**
 * Checks that requested scopes are among the client's; returns the granted scope string.
 * @see RFC 6749 §3.3
 */
export function grantScope(requested: string | undefined, allowed: string): OAuthResult<string> {
  const scopes = readScope(requested);
  if (!scopes.ok) return scopes;
  if (!scopes.value) return { ok: true, value: allowed };
  const permitted = allowed.split(' ');
  const extra = scopes.value.filter((scope) => !permitted.includes(scope));
  if (extra.length > 0) {
    return refuse(
      'invalid_scope',
      `The scope ${extra.join(' ')} was not registered for this client (registered: ${allowed}).`,
    );
  }
  return { ok: true, value: scopes.value.join(' ') };
}

/**
 * Turns a registration request into the client to register: the body is validated with the
 * published ClientRegistrationRequestSchema, then values the server does not support are
 * replaced where RFC 7591 §3.2.1 allows (grant types it does not offer are dropped, the
 * authentication method is always `none`). Refuses with invalid_client_metadata or
 * invalid_redirect_uri. @see RFC 7591 §3.2.2
 */
export function readRegistration(body: unknown, now: number): OAuthResult<RegisteredClient> {
  const parsed = ClientRegistrationRequestSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.join('.') ?? '';
    return refuse(
      field.startsWith('redirect_uris') ? 'invalid_redirect_uri' : 'invalid_client_metadata',
      typeof body !== 'object' || body === null || Array.isArray(body)
        ? 'The registration body must be a JSON object.'
        : `${field || 'The body'}: ${issue?.message ?? 'is invalid'}.`,
    );
  }
  const input = parsed.data;
  const redirectUris = input.redirect_uris ?? [];
  for (const uri of redirectUris) {
    const problem = checkRedirectUri(uri);
    if (problem) return refuse('invalid_redirect_uri', `Redirect URI ${uri} ${problem}.`);
  }
  const asked = input.grant_types ?? [
    redirectUris.length > 0 ? 'authorization_code' : 'client_credentials',
  ];
  const grantTypes = SUPPORTED_GRANT_TYPES.filter((grant) => asked.includes(grant));
  if (grantTypes.length === 0) {
    return refuse(
      'invalid_client_metadata',
      `grant_types must include client_credentials or authorization_code; asked for ${asked.join(', ') || 'none'}.`,
    );
  }
  if (grantTypes.includes('authorization_code') && redirectUris.length === 0) {
    return refuse(
      'invalid_redirect_uri',
      'The authorization_code grant needs at least one redirect URI in redirect_uris.',
    );
  }
  const scope = readScope(input.scope);
  if (!scope.ok) return refuse('invalid_client_metadata', scope.refusal.description);
  return {
    ok: true,
    value: {
      clientName: input.client_name?.trim() || DEFAULT_CLIENT_NAME,
      grantTypes,
      redirectUris,
      scope: (scope.value ?? [...OAUTH_SCOPES]).join(' '),
      issuedAt: Math.floor(now / 1000),
    },
  };
}

const ClientIdClaimsSchema = z.object({
  name: z.string(),
  grants: z.array(z.enum(SUPPORTED_GRANT_TYPES)),
  redirects: z.array(z.string()),
  scope: z.string(),
  iat: z.number(),
});

/**
 * Issues a self-contained client_id: the registration, MACed (HS256) with the key derived for
 * client ids of this issuer from the newest signing key and named by its kid, so the token and
 * authorization endpoints need no storage and an altered, forged or foreign id is refused.
 * Refuses with invalid_client_metadata when the id would pass `clientIdLength`.
 * @see RFC 7591 §3.2.2
 */
export async function issueClientId(
  client: RegisteredClient,
  keys: OAuthKeys,
  issuer: string,
): Promise<OAuthResult<string>> {
  const { current } = keys.mac('client-id', issuer);
  const clientId = await new SignJWT({
    name: client.clientName,
    grants: [...client.grantTypes],
    redirects: [...client.redirectUris],
    scope: client.scope,
  })
    .setProtectedHeader({ alg: 'HS256', kid: current.kid })
    .setIssuedAt(client.issuedAt)
    .sign(current.key);
  if (clientId.length > REGISTRATION_LIMITS.clientIdLength) {
    return refuse(
      'invalid_client_metadata',
      `The registration is too large: its client_id would be ${clientId.length} characters, and client ids are limited to ${REGISTRATION_LIMITS.clientIdLength} so that authorization URLs and access tokens stay usable. Register fewer or shorter redirect URIs, or a shorter client_name.`,
    );
  }
  return { ok: true, value: clientId };
}

/**
 * Reads a client_id back, or refuses with invalid_client anything this issuer did not issue.
 * @see RFC 6749 §5.2
 */
export async function verifyClientId(
  clientId: string,
  keys: OAuthKeys,
  issuer: string,
): Promise<OAuthResult<RegisteredClient>> {
  const claims = ClientIdClaimsSchema.safeParse(
    await verifyMacToken(clientId, keys, 'client-id', issuer),
  );
  if (!claims.success) {
    return refuse(
      'invalid_client',
      'Unknown client_id: it was not issued by this server, was altered, or its key has been retired. Register again at /oauth/register.',
    );
  }
  return {
    ok: true,
    value: {
      clientName: claims.data.name,
      grantTypes: claims.data.grants,
      redirectUris: claims.data.redirects,
      scope: claims.data.scope,
      issuedAt: claims.data.iat,
    },
  };
}
