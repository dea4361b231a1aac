import { exceedsJsonDepth, LIMITS } from '../lib/limits.ts';
import { MEDIA_TYPES } from '../lib/media-types.ts';
import { byMethod } from '../lib/methods.ts';
import type { PlainAnswer, PlainHandler, PlainRequest } from '../lib/plain-http.ts';
import { findErrorKind, problemAnswer } from '../lib/problem.ts';
import { buildErrorTypeUrl, buildServiceUrls, type ServiceUrls } from '../lib/service-urls.ts';
import {
  issueClientId,
  matchesRedirectUri,
  readRegistration,
  readScope,
  verifyClientId,
  type RegisteredClient,
} from './clients.ts';
import { OAuthRefusal, oauthErrorAnswer } from './errors.ts';
import { loadOAuthKeys, type OAuthKeys } from './keys.ts';
import { ACCESS_TOKEN_LIFETIME_SECONDS } from './lifetimes.ts';
import {
  issueAccessToken,
  issueAuthorizationCode,
  PKCE_VALUE,
  readResources,
  redeemAuthorizationCode,
} from './tokens.ts';

/** The largest registration or token request body read. */
export const MAX_OAUTH_BODY_BYTES = LIMITS.oauthBodyBytes;

export interface OAuthEndpointOptions {
  readonly siteUrl: string;
  /** The key set; loaded from the environment by default. */
  readonly keys?: () => Promise<OAuthKeys>;
  /** The clock, in milliseconds; tests freeze it. */
  readonly now?: () => number;
}

interface Context {
  readonly siteUrl: string;
  readonly urls: ServiceUrls;
  readonly keys: () => Promise<OAuthKeys>;
  readonly seconds: () => number;
}

function readContext(options: OAuthEndpointOptions): Context {
  const now = options.now ?? Date.now;
  return {
    siteUrl: options.siteUrl,
    urls: buildServiceUrls(options.siteUrl),
    keys: options.keys ?? loadOAuthKeys,
    seconds: () => Math.floor(now() / 1000),
  };
}

const NO_STORE = { 'Cache-Control': 'no-store', Pragma: 'no-cache' };

function jsonAnswer(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): PlainAnswer {
  return {
    status,
    headers: { 'Content-Type': MEDIA_TYPES.json, ...NO_STORE, ...headers },
    body: JSON.stringify(body),
  };
}

/**
 * Reads a body of the one media type an endpoint takes (throwing `wrongType` for any other), or
 * undefined when it passes MAX_OAUTH_BODY_BYTES.
 */
async function readBody(
  request: PlainRequest,
  mediaType: string,
  wrongType: OAuthRefusal,
): Promise<string | undefined> {
  const given = (request.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
  if (given !== mediaType) throw wrongType;
  return request.text(MAX_OAUTH_BODY_BYTES);
}

function tooLarge(ctx: Context, request: PlainRequest): PlainAnswer {
  return problemAnswer(ctx.siteUrl, {
    ...findErrorKind('payload_too_large'),
    instance: request.url.pathname,
    detail: `OAuth request bodies are limited to ${MAX_OAUTH_BODY_BYTES} bytes.`,
  });
}

/** Answers an OAuthRefusal as an OAuth error body; anything else propagates (500). */
async function answerRefusals(
  ctx: Context,
  request: PlainRequest,
  answer: () => Promise<PlainAnswer>,
): Promise<PlainAnswer> {
  try {
    return await answer();
  } catch (error) {
    if (error instanceof OAuthRefusal) {
      return oauthErrorAnswer(ctx.siteUrl, request.url.pathname, error);
    }
    throw error;
  }
}

/**
 * POST /oauth/register: anonymous dynamic client registration (RFC 7591). Answers 201 with the
 * self-contained client_id and every registered member, including the values the server chose.
 */
export function createRegisterHandler(options: OAuthEndpointOptions): PlainHandler {
  const ctx = readContext(options);
  const register: PlainHandler = (request) =>
    answerRefusals(ctx, request, async () => {
      const text = await readBody(
        request,
        'application/json',
        new OAuthRefusal(
          'invalid_client_metadata',
          'Send the registration as a JSON object with Content-Type: application/json.',
        ),
      );
      if (text === undefined) return tooLarge(ctx, request);
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        throw new OAuthRefusal(
          'invalid_client_metadata',
          'The registration body is not valid JSON.',
        );
      }
      if (exceedsJsonDepth(body)) {
        throw new OAuthRefusal(
          'invalid_client_metadata',
          `The registration nests arrays and objects more than ${LIMITS.jsonDepth} levels deep.`,
        );
      }
      const client = readRegistration(body, ctx.seconds() * 1000);
      const clientId = await issueClientId(client, await ctx.keys());
      return jsonAnswer(201, describeClient(clientId, client));
    });
  return byMethod(ctx.siteUrl, { POST: register });
}

/** The registration response (RFC 7591 §3.2.1). */
function describeClient(clientId: string, client: RegisteredClient) {
  return {
    client_id: clientId,
    client_id_issued_at: client.issuedAt,
    client_name: client.clientName,
    grant_types: [...client.grantTypes],
    token_endpoint_auth_method: 'none',
    ...(client.grantTypes.includes('authorization_code') ? { response_types: ['code'] } : {}),
    ...(client.redirectUris.length > 0 ? { redirect_uris: [...client.redirectUris] } : {}),
    scope: client.scope,
  };
}

/** Parameters that may appear once only (RFC 6749 §3.1, §3.2); `resource` may repeat. */
function readParameters(params: URLSearchParams): {
  get(name: string): string | undefined;
  all(name: string): string[];
} {
  const seen = new Set<string>();
  for (const name of params.keys()) {
    if (name !== 'resource' && seen.has(name)) {
      throw new OAuthRefusal('invalid_request', `The parameter ${name} is given more than once.`);
    }
    seen.add(name);
  }
  return {
    get: (name) => params.get(name) ?? undefined,
    all: (name) => params.getAll(name),
  };
}

function requireParameter(value: string | undefined, name: string): string {
  if (value === undefined || value === '') {
    throw new OAuthRefusal('invalid_request', `The ${name} parameter is required.`);
  }
  return value;
}

/** Checks that requested scopes are among the client's; returns the granted scope string. */
function grantScope(requested: string | undefined, allowed: string): string {
  const scopes = readScope(requested);
  if (!scopes) return allowed;
  const permitted = allowed.split(' ');
  const extra = scopes.filter((scope) => !permitted.includes(scope));
  if (extra.length > 0) {
    throw new OAuthRefusal(
      'invalid_scope',
      `The scope ${extra.join(' ')} was not registered for this client (registered: ${allowed}).`,
    );
  }
  return scopes.join(' ');
}

/**
 * POST /oauth/token (RFC 6749 §3.2), form-encoded: client_credentials for a registered public
 * client, and authorization_code with PKCE S256. Answers a JWT access token, never cached.
 */
export function createTokenHandler(options: OAuthEndpointOptions): PlainHandler {
  const ctx = readContext(options);
  const token: PlainHandler = (request) =>
    answerRefusals(ctx, request, async () => {
      const text = await readBody(
        request,
        'application/x-www-form-urlencoded',
        new OAuthRefusal(
          'invalid_request',
          'Send the token request form-encoded, with Content-Type: application/x-www-form-urlencoded.',
        ),
      );
      if (text === undefined) return tooLarge(ctx, request);
      const params = readParameters(new URLSearchParams(text));
      const grantType = requireParameter(params.get('grant_type'), 'grant_type');
      if (grantType !== 'client_credentials' && grantType !== 'authorization_code') {
        throw new OAuthRefusal(
          'unsupported_grant_type',
          `The grant type ${grantType} is not supported; use client_credentials or authorization_code.`,
        );
      }
      const clientId = requireParameter(params.get('client_id'), 'client_id');
      const keys = await ctx.keys();
      const client = await verifyClientId(clientId, keys);
      if (!client.grantTypes.includes(grantType)) {
        throw new OAuthRefusal(
          'unauthorized_client',
          `This client registered for ${client.grantTypes.join(', ')}, not ${grantType}; register again with grant_types including ${grantType}.`,
        );
      }
      const now = ctx.seconds();
      const resources = readResources(params.all('resource'), ctx.urls);
      let scope: string;
      let audience: readonly string[];
      if (grantType === 'client_credentials') {
        scope = grantScope(params.get('scope'), client.scope);
        audience = resources ?? [ctx.urls.origin];
      } else {
        const code = requireParameter(params.get('code'), 'code');
        const redirectUri = requireParameter(params.get('redirect_uri'), 'redirect_uri');
        const codeVerifier = requireParameter(params.get('code_verifier'), 'code_verifier');
        if (!PKCE_VALUE.test(codeVerifier)) {
          throw new OAuthRefusal(
            'invalid_request',
            'code_verifier must be 43 to 128 characters of A-Z, a-z, 0-9, -, ., _ and ~ (RFC 7636).',
          );
        }
        const grant = await redeemAuthorizationCode(
          code,
          { clientId, redirectUri, codeVerifier },
          keys,
          now,
        );
        scope = grantScope(params.get('scope'), grant.scope);
        if (resources && grant.resources) {
          const extra = resources.find((resource) => !grant.resources?.includes(resource));
          if (extra) {
            throw new OAuthRefusal(
              'invalid_target',
              `The resource ${extra} was not part of the authorization request.`,
            );
          }
        }
        audience = resources ?? grant.resources ?? [ctx.urls.origin];
      }
      const accessToken = await issueAccessToken(
        { clientId, scope, audience, now },
        keys,
        ctx.urls,
      );
      return jsonAnswer(200, {
        access_token: accessToken,
        token_type: 'Bearer',
        expires_in: ACCESS_TOKEN_LIFETIME_SECONDS,
        scope,
      });
    });
  return byMethod(ctx.siteUrl, { POST: token });
}

/** GET /oauth/jwks: the public keys, current and previous; cached for five minutes. */
export function createJwksHandler(options: OAuthEndpointOptions): PlainHandler {
  const ctx = readContext(options);
  return byMethod(ctx.siteUrl, {
    GET: async () => {
      const { jwks } = await ctx.keys();
      return {
        status: 200,
        headers: { 'Content-Type': MEDIA_TYPES.json, 'Cache-Control': 'public, max-age=300' },
        body: JSON.stringify(jwks),
      };
    },
  });
}

/** A refusal shown to the user agent, when there is no valid redirect URI to send it to. */
function shownRefusal(ctx: Context, request: PlainRequest, refusal: OAuthRefusal): PlainAnswer {
  return problemAnswer(ctx.siteUrl, {
    status: 400,
    title: 'Bad Request',
    code: refusal.error,
    detail: refusal.description,
    instance: request.url.pathname,
    hint: 'The authorization request names no valid client or redirect URI, so the error cannot be sent back to the client.',
    resolution:
      'Register the client at /oauth/register with its redirect URIs, then start again with its client_id and one of those URIs.',
  });
}

function redirectAnswer(location: URL): PlainAnswer {
  return { status: 302, headers: { Location: location.href, ...NO_STORE } };
}

/**
 * GET /oauth/authorize: authorization code with PKCE (S256) for a registered redirect URI,
 * approved at once (anonymous: no login, no consent, nothing personal shared). The answer
 * redirects with code, state and iss (RFC 9207), or with the error; errors about the client or
 * the redirect URI are shown instead.
 */
export function createAuthorizeHandler(options: OAuthEndpointOptions): PlainHandler {
  const ctx = readContext(options);
  const authorize: PlainHandler = async (request) => {
    let params: ReturnType<typeof readParameters>;
    let client: RegisteredClient;
    let redirectUri: string;
    let keys: OAuthKeys;
    try {
      params = readParameters(request.url.searchParams);
      const clientId = requireParameter(params.get('client_id'), 'client_id');
      keys = await ctx.keys();
      client = await verifyClientId(clientId, keys);
      const given = params.get('redirect_uri');
      if (given === undefined) {
        if (client.redirectUris.length !== 1) {
          throw new OAuthRefusal(
            'invalid_request',
            'redirect_uri is required: this client registered more than one (or none).',
          );
        }
        redirectUri = client.redirectUris[0] ?? '';
      } else if (matchesRedirectUri(client.redirectUris, given)) {
        redirectUri = given;
      } else {
        throw new OAuthRefusal(
          'invalid_request',
          'redirect_uri is not one of the redirect URIs this client registered.',
        );
      }
    } catch (error) {
      if (error instanceof OAuthRefusal) return shownRefusal(ctx, request, error);
      throw error;
    }
    const state = params.get('state');
    const back = (values: Record<string, string>) => {
      const location = new URL(redirectUri);
      for (const [name, value] of Object.entries(values)) location.searchParams.append(name, value);
      if (state !== undefined) location.searchParams.append('state', state);
      location.searchParams.append('iss', ctx.urls.origin);
      return redirectAnswer(location);
    };
    try {
      const responseType = requireParameter(params.get('response_type'), 'response_type');
      if (responseType !== 'code') {
        throw new OAuthRefusal(
          'unsupported_response_type',
          `response_type ${responseType} is not supported; use code.`,
        );
      }
      if (!client.grantTypes.includes('authorization_code')) {
        throw new OAuthRefusal(
          'unauthorized_client',
          'This client did not register the authorization_code grant.',
        );
      }
      const challenge = requireParameter(params.get('code_challenge'), 'code_challenge');
      if (params.get('code_challenge_method') !== 'S256') {
        throw new OAuthRefusal('invalid_request', 'code_challenge_method must be S256 (PKCE).');
      }
      if (!/^[A-Za-z0-9_-]{43}$/.test(challenge)) {
        throw new OAuthRefusal(
          'invalid_request',
          'code_challenge must be the base64url SHA-256 of the code verifier (43 characters).',
        );
      }
      const scope = grantScope(params.get('scope'), client.scope);
      const resources = readResources(params.all('resource'), ctx.urls);
      const code = await issueAuthorizationCode(
        {
          clientId: params.get('client_id') ?? '',
          redirectUri,
          codeChallenge: challenge,
          scope,
          resources,
        },
        keys,
        ctx.seconds(),
      );
      return back({ code });
    } catch (error) {
      if (error instanceof OAuthRefusal) {
        return back({
          error: error.error,
          error_description: error.description,
          error_uri: buildErrorTypeUrl(ctx.siteUrl, error.error),
        });
      }
      throw error;
    }
  };
  return byMethod(ctx.siteUrl, { GET: authorize });
}
