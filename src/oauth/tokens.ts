import { createHash, randomUUID } from 'node:crypto';
import { createLocalJWKSet, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import * as z from 'zod/mini';
import type { ServiceUrls } from '../service/urls.ts';
import { refuse, type OAuthResult } from './errors.ts';
import { SIGNING_ALGORITHM, verifyMacToken, type OAuthKeys } from './keys.ts';
import {
  ACCESS_TOKEN_LIFETIME_SECONDS,
  AUTHORIZATION_CODE_LIFETIME_SECONDS,
} from '../service/oauth-lifetimes.ts';
import { logToStderr } from '../http/problem.ts';
import { MemoryStore } from '../shared-state/memory-store.ts';
import { readProcessStore } from '../shared-state/process-store.ts';
import { isUnavailable, type SharedStore, type StoreLog } from '../shared-state/shared-store.ts';

/** The JWT `typ` of access tokens (RFC 9068 §2.1). */
const ACCESS_TOKEN_TYPE = 'at+jwt';

/** The resources a token may be for (RFC 8707): the origin and the MCP endpoint. */
export function listResources(urls: ServiceUrls): string[] {
  return [urls.origin, urls.mcp];
}

/**
 * Reads the `resource` parameters of a request (RFC 8707 §2): each must be one of ours; the
 * origin may be written with a trailing slash. Undefined when none is given.
 */
export function readResources(
  values: readonly string[],
  urls: ServiceUrls,
): OAuthResult<string[] | undefined> {
  if (values.length === 0) return { ok: true, value: undefined };
  const known = listResources(urls);
  const resources = values.map((value) => (value === `${urls.origin}/` ? urls.origin : value));
  const unknown = resources.find((value) => !known.includes(value));
  if (unknown !== undefined) {
    return refuse(
      'invalid_target',
      `Unknown resource ${unknown}; tokens are issued for ${known.join(' and ')}.`,
    );
  }
  return { ok: true, value: [...new Set(resources)] };
}

export interface AccessTokenRequest {
  readonly clientId: string;
  readonly scope: string;
  readonly audience: readonly string[];
  /** Seconds since the epoch. */
  readonly now: number;
}

/**
 * Signs an RFC 9068 access token (ES256, `typ: at+jwt`) with iss, sub and client_id (the
 * client), aud (the resources), scope, iat, exp and jti.
 */
export async function issueAccessToken(
  request: AccessTokenRequest,
  keys: OAuthKeys,
  urls: ServiceUrls,
): Promise<string> {
  return new SignJWT({ client_id: request.clientId, scope: request.scope })
    .setProtectedHeader({ alg: SIGNING_ALGORITHM, typ: ACCESS_TOKEN_TYPE, kid: keys.signing.kid })
    .setIssuer(urls.origin)
    .setSubject(request.clientId)
    .setAudience(
      request.audience.length === 1 ? (request.audience[0] ?? '') : [...request.audience],
    )
    .setIssuedAt(request.now)
    .setExpirationTime(request.now + ACCESS_TOKEN_LIFETIME_SECONDS)
    .setJti(randomUUID())
    .sign(keys.signing.key);
}

/** The JWKS of a key set as jose's key resolver, made once: it caches the imported keys. */
const keySets = new WeakMap<OAuthKeys, ReturnType<typeof createLocalJWKSet>>();
function readKeySet(keys: OAuthKeys): ReturnType<typeof createLocalJWKSet> {
  let keySet = keySets.get(keys);
  if (!keySet) {
    keySet = createLocalJWKSet(keys.jwks);
    keySets.set(keys, keySet);
  }
  return keySet;
}

/**
 * Verifies an access token for one of our resources: signature by a published key, ES256 only
 * (so `alg: none` and HMAC tricks fail), `typ: at+jwt`, our issuer, an audience among
 * `audiences`, and not expired (five seconds of clock skew allowed).
 */
export async function verifyAccessToken(
  token: string,
  keys: OAuthKeys,
  urls: ServiceUrls,
  audiences: readonly string[],
  now: number,
): Promise<JWTPayload> {
  const { payload } = await jwtVerify(token, readKeySet(keys), {
    algorithms: [SIGNING_ALGORITHM],
    typ: ACCESS_TOKEN_TYPE,
    issuer: urls.origin,
    audience: [...audiences],
    requiredClaims: ['exp', 'iat', 'sub', 'client_id', 'jti'],
    currentDate: new Date(now * 1000),
    clockTolerance: 5,
  });
  return payload;
}

/** What an authorization code is bound to. */
export interface AuthorizationGrant {
  readonly clientId: string;
  readonly redirectUri: string;
  /** Whether the authorization request carried `redirect_uri` (RFC 6749 §4.1.3). */
  readonly redirectUriGiven: boolean;
  readonly codeChallenge: string;
  readonly scope: string;
  readonly resources: readonly string[] | undefined;
}

const CodeClaimsSchema = z.object({
  client: z.string(),
  redirect_uri: z.string(),
  redirect_uri_given: z.optional(z.boolean()),
  challenge: z.string(),
  scope: z.string(),
  resources: z.optional(z.array(z.string())),
  jti: z.string(),
  exp: z.number(),
});

/** A digest of a client_id, so a code names its client without repeating the long id. */
function digestClientId(clientId: string): string {
  return createHash('sha256').update(clientId).digest('base64url');
}

/**
 * Issues an authorization code: a MACed (HS256) statement under this issuer's key binding
 * client, redirect URI, PKCE challenge, scope and resources, valid for one minute.
 */
export async function issueAuthorizationCode(
  grant: AuthorizationGrant,
  keys: OAuthKeys,
  issuer: string,
  now: number,
): Promise<string> {
  const { current } = keys.mac('authorization-code', issuer);
  return new SignJWT({
    client: digestClientId(grant.clientId),
    redirect_uri: grant.redirectUri,
    ...(grant.redirectUriGiven ? { redirect_uri_given: true } : {}),
    challenge: grant.codeChallenge,
    scope: grant.scope,
    ...(grant.resources ? { resources: [...grant.resources] } : {}),
  })
    .setProtectedHeader({ alg: 'HS256', kid: current.kid })
    .setJti(randomUUID())
    .setExpirationTime(now + AUTHORIZATION_CODE_LIFETIME_SECONDS)
    .sign(current.key);
}

/**
 * Where redeemed codes are remembered, by jti, until they expire: `claim` is true for the first
 * redemption only.
 */
export type CodeRedemptions = Pick<SharedStore, 'claim'>;

let processRedemptions: CodeRedemptions | undefined;

/**
 * The process's redeemed codes: in the shared store when `REDIS_URL` names one, so a code is
 * redeemed once across every instance; else in this instance's memory (100,000 codes at most),
 * so a replay is refused by this instance only (see docs/oauth.md).
 */
export function readProcessRedemptions(log: StoreLog = logToStderr): CodeRedemptions {
  return (processRedemptions ??= readProcessStore(log) ?? new MemoryStore({ maxKeys: 100_000 }));
}

const invalidGrant = (detail: string) => refuse('invalid_grant', detail);

/** What a client presents with an authorization code at the token endpoint. */
export interface PresentedCode {
  readonly clientId: string;
  /** Undefined when the token request carries no `redirect_uri`. */
  readonly redirectUri: string | undefined;
  readonly codeVerifier: string;
}

/**
 * Redeems an authorization code for the client that presents it with the PKCE verifier (RFC
 * 7636 §4.6, S256) and, when the authorization request carried one, the same redirect URI (RFC
 * 6749 §4.1.3). `accept` checks the rest of the token request against the grant; the code is
 * marked used (in `redemptions`) only once everything passed, so a refused request leaves it
 * redeemable. Refuses with invalid_grant a code that is forged, foreign, expired, already used,
 * for another client or redirect URI, or whose challenge the verifier does not meet, or when
 * `redemptions` cannot say whether it was used; and with whatever `accept` refuses.
 */
export async function redeemAuthorizationCode<T>(
  code: string,
  presented: PresentedCode,
  keys: OAuthKeys,
  issuer: string,
  now: number,
  accept: (grant: AuthorizationGrant) => OAuthResult<T>,
  redemptions: CodeRedemptions = readProcessRedemptions(),
): Promise<OAuthResult<T>> {
  const parsed = CodeClaimsSchema.safeParse(
    await verifyMacToken(code, keys, 'authorization-code', issuer, new Date(now * 1000)),
  );
  if (!parsed.success) {
    return invalidGrant(
      'The authorization code is invalid or has expired; start the authorization again.',
    );
  }
  const claims = parsed.data;
  if (claims.client !== digestClientId(presented.clientId)) {
    return invalidGrant('The authorization code was issued to another client.');
  }
  const redirectUriGiven = claims.redirect_uri_given === true;
  if (redirectUriGiven && presented.redirectUri === undefined) {
    return refuse(
      'invalid_request',
      'The redirect_uri parameter is required: the authorization request carried one.',
    );
  }
  if (presented.redirectUri !== undefined && claims.redirect_uri !== presented.redirectUri) {
    return invalidGrant('redirect_uri differs from the one the authorization request used.');
  }
  const challenge = createHash('sha256').update(presented.codeVerifier).digest('base64url');
  if (challenge !== claims.challenge) {
    return invalidGrant('The code_verifier does not match the code_challenge (S256).');
  }
  const accepted = accept({
    clientId: presented.clientId,
    redirectUri: claims.redirect_uri,
    redirectUriGiven,
    codeChallenge: claims.challenge,
    scope: claims.scope,
    resources: claims.resources,
  });
  if (!accepted.ok) return accepted;
  const first = await redemptions.claim(`code:${claims.jti}`, Math.max(1, claims.exp - now));
  if (isUnavailable(first)) {
    // Fails closed: a code that cannot be proven unused is not exchanged.
    return invalidGrant(
      'The authorization server could not check in time that this code is unused, so it refuses it; start the authorization again.',
    );
  }
  if (!first) return invalidGrant('The authorization code has already been used.');
  return accepted;
}
