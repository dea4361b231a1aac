import { byMethod } from '../http/methods.ts';
import type { PlainAnswer, PlainHandler, PlainRequest } from '../http/plain-http.ts';
import { noteRequest } from '../http/request-notes.ts';
import { readRequestBody, type BodyRules } from '../http/request-body.ts';
import type { TokenRequest, TokenResponse } from '../schemas/oauth.ts';
import { LIMITS } from '../service/limits.ts';
import { ACCESS_TOKEN_LIFETIME_SECONDS } from '../service/oauth-lifetimes.ts';
import { grantScope, type RegisteredClient } from './clients.ts';
import {
  answerRefusal,
  answerTooLarge,
  jsonAnswer,
  readContext,
  requireParameter,
  type OAuthContext,
  type OAuthEndpointOptions,
} from './endpoint-support.ts';
import { refuse, type OAuthResult } from './errors.ts';
import type { OAuthKeys } from './keys.ts';
import { readTokenRequest } from './token-request.ts';
import {
  issueAccessToken,
  readResources,
  readProcessRedemptions,
  redeemAuthorizationCode,
  type AuthorizationGrant,
  type CodeRedemptions,
} from './tokens.ts';

export interface TokenEndpointOptions extends OAuthEndpointOptions {
  /** Where redeemed codes are remembered; by default the process's (Redis with `REDIS_URL`). */
  readonly redemptions?: CodeRedemptions;
}

/** A token request is form-encoded, at most LIMITS.oauthBodyBytes. @see RFC 6749 §3.2 */
const TOKEN_BODY: BodyRules<'form'> = {
  mediaType: 'application/x-www-form-urlencoded',
  maxBytes: LIMITS.oauthBodyBytes,
  format: 'form',
};

/** What a token will say: its scope and its audience. */
interface Granted {
  readonly scope: string;
  readonly audience: readonly string[];
}

/**
 * POST /oauth/token (RFC 6749 §3.2), form-encoded: client_credentials for a registered public
 * client, and authorization_code with PKCE S256. Answers a JWT access token, never cached.
 */
export function createTokenHandler(options: TokenEndpointOptions): PlainHandler {
  const ctx = readContext(options);
  const redemptions = options.redemptions ?? readProcessRedemptions();
  const token: PlainHandler = async (request) => {
    const body = await readRequestBody(request, TOKEN_BODY);
    if (!body.ok) {
      if (body.reason === 'too_large') return answerTooLarge(ctx, request);
      const wrongType = refuse(
        'invalid_request',
        'Send the token request form-encoded, with Content-Type: application/x-www-form-urlencoded.',
      );
      return answerRefusal(ctx, request, wrongType.refusal);
    }
    const authenticated = refuseClientAuthentication(ctx, request);
    if (authenticated) return authenticated;
    const input = readTokenRequest(body.value, ctx.urls);
    if (!input.ok) return answerRefusal(ctx, request, input.refusal);
    const clientId = input.value.client_id;
    const client = await ctx.resolveClient(clientId, request.client);
    if (!client.ok) return answerRefusal(ctx, request, client.refusal);
    const keys = await ctx.keys();
    const now = ctx.seconds();
    const granted = await grantToken(input.value, client.value, keys, ctx, now, redemptions);
    if (!granted.ok) return answerRefusal(ctx, request, granted.refusal);
    const { scope, audience } = granted.value;
    const accessToken = await issueAccessToken({ clientId, scope, audience, now }, keys, ctx.urls);
    const answer: TokenResponse = {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: ACCESS_TOKEN_LIFETIME_SECONDS,
      scope,
    };
    return jsonAnswer(200, answer);
  };
  return byMethod(ctx.siteUrl, { POST: token });
}

/** An HTTP authentication scheme: a token (RFC 9110 §11.1, §5.6.2). */
const AUTH_SCHEME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/**
 * Refuses a token request that authenticates its client with an Authorization header (Basic, or
 * any other scheme): every client of this server is public (`token_endpoint_auth_method` none),
 * so a client that sends credentials expects an authentication this server never performs, and
 * ignoring them would let it believe they were checked. RFC 6749 §5.2: invalid_client, 401, and a
 * `WWW-Authenticate` challenge of the scheme the client used. Undefined when there is none.
 */
function refuseClientAuthentication(
  ctx: OAuthContext,
  request: PlainRequest,
): PlainAnswer | undefined {
  const credentials = request.header('authorization');
  if (credentials === undefined) return undefined;
  const given = credentials.trim().split(/[ \t]/, 1)[0] ?? '';
  const scheme = AUTH_SCHEME.test(given) ? given : 'Basic';
  const { refusal } = refuse(
    'invalid_client',
    `This server's clients are public (token_endpoint_auth_method none) and authenticate with no credentials: send client_id in the form body and no Authorization header (${scheme} was sent).`,
  );
  const answer = answerRefusal(ctx, request, refusal);
  return {
    ...answer,
    headers: {
      ...answer.headers,
      'WWW-Authenticate': `${scheme} realm="${ctx.issuer}"`,
      'Access-Control-Expose-Headers': 'WWW-Authenticate',
    },
  };
}

/**
 * Checks a token request against its client and grant, and returns what the token will say.
 * @see RFC 6749 §4.1.3, §4.4.2, RFC 8707 §2.2
 */
async function grantToken(
  input: TokenRequest,
  client: RegisteredClient,
  keys: OAuthKeys,
  { urls, issuer }: Pick<OAuthContext, 'urls' | 'issuer'>,
  now: number,
  redemptions: CodeRedemptions,
): Promise<OAuthResult<Granted>> {
  const grantType = input.grant_type;
  noteRequest({ grant: grantType });
  if (!client.grantTypes.includes(grantType)) {
    return refuse(
      'unauthorized_client',
      `This client registered for ${client.grantTypes.join(', ')}, not ${grantType}; register again with grant_types including ${grantType}.`,
    );
  }
  const resources = readResources(input.resource ?? [], urls);
  if (!resources.ok) return resources;
  if (grantType === 'client_credentials') {
    const scope = grantScope(input.scope, client.scope);
    if (!scope.ok) return scope;
    return { ok: true, value: { scope: scope.value, audience: resources.value ?? [urls.origin] } };
  }
  const code = requireParameter(input.code, 'code');
  if (!code.ok) return code;
  const codeVerifier = requireParameter(input.code_verifier, 'code_verifier');
  if (!codeVerifier.ok) return codeVerifier;
  // Scope and resource are checked inside the redemption, so a refusal keeps the code.
  return redeemAuthorizationCode(
    code.value,
    // RFC 6749 §4.1.3: redirect_uri is required only when the authorization request carried it.
    {
      clientId: input.client_id,
      redirectUri: input.redirect_uri,
      codeVerifier: codeVerifier.value,
    },
    keys,
    issuer,
    now,
    (grant) => {
      const scope = grantScope(input.scope, grant.scope);
      if (!scope.ok) return scope;
      const audience = grantAudience(resources.value, grant, urls.origin);
      if (!audience.ok) return audience;
      return { ok: true, value: { scope: scope.value, audience: audience.value } };
    },
    redemptions,
  );
}

/**
 * Checks the requested resources against those the authorization request named, and returns
 * the audience. @see RFC 8707 §2.2
 */
function grantAudience(
  resources: readonly string[] | undefined,
  grant: AuthorizationGrant,
  origin: string,
): OAuthResult<readonly string[]> {
  const extra = resources?.find(
    (resource) => grant.resources && !grant.resources.includes(resource),
  );
  if (extra) {
    return refuse(
      'invalid_target',
      `The resource ${extra} was not part of the authorization request.`,
    );
  }
  return { ok: true, value: resources ?? grant.resources ?? [origin] };
}
