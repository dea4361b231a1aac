import { SignJWT } from 'jose';
import * as z from 'zod/mini';
import { OAUTH_SCOPES } from '../service/versions.ts';
import { OAuthRefusal } from './errors.ts';
import { verifyMacToken, type OAuthKeys } from './keys.ts';

/** Grant types a client can register for; others asked for (refresh_token, ...) are dropped. */
export const SUPPORTED_GRANT_TYPES = ['client_credentials', 'authorization_code'] as const;
export type GrantType = (typeof SUPPORTED_GRANT_TYPES)[number];

/**
 * Bounds that keep a self-contained client_id short. `clientIdLength` bounds the whole id: it
 * travels in the query of /oauth/authorize (8,192 characters at most, with the redirect URI
 * and PKCE values) and twice in every access token (`sub` and `client_id`, base64url-encoded,
 * within the 16 KiB request head), so a longer registration could never be used.
 */
export const REGISTRATION_LIMITS = {
  redirectUris: 10,
  redirectUriLength: 2000,
  clientNameLength: 200,
  clientIdLength: 2500,
} as const;

/** The default label of a client that registers without one. */
export const DEFAULT_CLIENT_NAME = 'Anonymous agent';

/** A registered client, as its client_id carries it. */
export interface RegisteredClient {
  readonly clientName: string;
  readonly grantTypes: readonly GrantType[];
  readonly redirectUris: readonly string[];
  readonly scope: string;
  /** Seconds since the epoch. */
  readonly issuedAt: number;
}

/**
 * The registration request as accepted (RFC 7591 §2): every member optional, unknown members
 * ignored. Values are checked further in `readRegistration`.
 */
const RegistrationInputSchema = z.object({
  client_name: z.optional(z.string().check(z.maxLength(REGISTRATION_LIMITS.clientNameLength))),
  grant_types: z.optional(z.array(z.string()).check(z.maxLength(10))),
  response_types: z.optional(z.array(z.string()).check(z.maxLength(10))),
  token_endpoint_auth_method: z.optional(z.string()),
  redirect_uris: z.optional(
    z.array(z.string()).check(z.maxLength(REGISTRATION_LIMITS.redirectUris)),
  ),
  scope: z.optional(z.string().check(z.maxLength(200))),
});

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
 * Checks one redirect URI: https anywhere; http only on a loopback host (RFC 8252 §7.3); a
 * private-use scheme with a dot, for native apps (RFC 8252 §7.1); never a fragment (RFC 6749
 * §3.1.2). Returns why it is refused, or undefined.
 */
export function checkRedirectUri(value: string): string | undefined {
  if (value.length > REGISTRATION_LIMITS.redirectUriLength) {
    return `is longer than ${REGISTRATION_LIMITS.redirectUriLength} characters`;
  }
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

/** Reads a scope parameter: known scopes only, each once; undefined when absent or empty. */
export function readScope(value: string | undefined): string[] | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const scopes = value.trim().split(/ +/);
  const unknown = scopes.filter((scope) => !(OAUTH_SCOPES as readonly string[]).includes(scope));
  if (unknown.length > 0) {
    throw new OAuthRefusal(
      'invalid_scope',
      `Unknown scope ${unknown.join(', ')}; this server knows ${OAUTH_SCOPES.join(' and ')}.`,
    );
  }
  return [...new Set(scopes)];
}

/**
 * Turns a registration request into the client to register, replacing values the server does
 * not support where RFC 7591 §3.2.1 allows: grant types it does not offer are dropped and the
 * authentication method is always `none`. Throws OAuthRefusal (invalid_client_metadata or
 * invalid_redirect_uri).
 */
export function readRegistration(body: unknown, now: number): RegisteredClient {
  const parsed = RegistrationInputSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.join('.') ?? '';
    throw new OAuthRefusal(
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
    if (problem) throw new OAuthRefusal('invalid_redirect_uri', `Redirect URI ${uri} ${problem}.`);
  }
  const asked = input.grant_types ?? [
    redirectUris.length > 0 ? 'authorization_code' : 'client_credentials',
  ];
  const grantTypes = SUPPORTED_GRANT_TYPES.filter((grant) => asked.includes(grant));
  if (grantTypes.length === 0) {
    throw new OAuthRefusal(
      'invalid_client_metadata',
      `grant_types must include client_credentials or authorization_code; asked for ${asked.join(', ') || 'none'}.`,
    );
  }
  if (grantTypes.includes('authorization_code') && redirectUris.length === 0) {
    throw new OAuthRefusal(
      'invalid_redirect_uri',
      'The authorization_code grant needs at least one redirect URI in redirect_uris.',
    );
  }
  if (input.response_types && input.response_types.some((type) => type !== 'code')) {
    throw new OAuthRefusal('invalid_client_metadata', 'response_types may only contain code.');
  }
  let scope: string[] | undefined;
  try {
    scope = readScope(input.scope);
  } catch (error) {
    if (error instanceof OAuthRefusal)
      throw new OAuthRefusal('invalid_client_metadata', error.description);
    throw error;
  }
  const clientName = input.client_name?.trim() || DEFAULT_CLIENT_NAME;
  return {
    clientName,
    grantTypes,
    redirectUris,
    scope: (scope ?? [...OAUTH_SCOPES]).join(' '),
    issuedAt: Math.floor(now / 1000),
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
 * Throws OAuthRefusal(invalid_client_metadata) when the id would pass `clientIdLength`.
 * @see RFC 7591 §3.2.2
 */
export async function issueClientId(
  client: RegisteredClient,
  keys: OAuthKeys,
  issuer: string,
): Promise<string> {
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
    throw new OAuthRefusal(
      'invalid_client_metadata',
      `The registration is too large: its client_id would be ${clientId.length} characters, and client ids are limited to ${REGISTRATION_LIMITS.clientIdLength} so that authorization URLs and access tokens stay usable. Register fewer or shorter redirect URIs, or a shorter client_name.`,
    );
  }
  return clientId;
}

/**
 * Reads a client_id back, or throws OAuthRefusal(invalid_client) for anything this issuer did
 * not issue.
 */
export async function verifyClientId(
  clientId: string,
  keys: OAuthKeys,
  issuer: string,
): Promise<RegisteredClient> {
  try {
    const claims = ClientIdClaimsSchema.parse(
      await verifyMacToken(clientId, keys, 'client-id', issuer),
    );
    return {
      clientName: claims.name,
      grantTypes: claims.grants,
      redirectUris: claims.redirects,
      scope: claims.scope,
      issuedAt: claims.iat,
    };
  } catch {
    throw new OAuthRefusal(
      'invalid_client',
      'Unknown client_id: it was not issued by this server, was altered, or its key has been retired. Register again at /oauth/register.',
    );
  }
}
