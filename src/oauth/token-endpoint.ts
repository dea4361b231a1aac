import { byMethod } from '../http/methods.ts';
import type { PlainHandler } from '../http/plain-http.ts';
import { verifyClientId } from './clients.ts';
import {
  answerRefusals,
  grantScope,
  jsonAnswer,
  readBody,
  readContext,
  readParameters,
  requireParameter,
  tooLarge,
  type OAuthEndpointOptions,
} from './endpoint-support.ts';
import { OAuthRefusal } from './errors.ts';
import { ACCESS_TOKEN_LIFETIME_SECONDS } from '../service/oauth-lifetimes.ts';
import {
  issueAccessToken,
  PKCE_VALUE,
  readResources,
  redeemAuthorizationCode,
  type AuthorizationGrant,
} from './tokens.ts';

/**
 * Checks the requested resources against those the authorization request named, and returns
 * the audience. @see RFC 8707 §2.2
 */
function grantAudience(
  resources: readonly string[] | undefined,
  grant: AuthorizationGrant,
  origin: string,
): readonly string[] {
  if (resources && grant.resources) {
    const extra = resources.find((resource) => !grant.resources?.includes(resource));
    if (extra) {
      throw new OAuthRefusal(
        'invalid_target',
        `The resource ${extra} was not part of the authorization request.`,
      );
    }
  }
  return resources ?? grant.resources ?? [origin];
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
      const client = await verifyClientId(clientId, keys, ctx.issuer);
      if (!client.grantTypes.includes(grantType)) {
        throw new OAuthRefusal(
          'unauthorized_client',
          `This client registered for ${client.grantTypes.join(', ')}, not ${grantType}; register again with grant_types including ${grantType}.`,
        );
      }
      const now = ctx.seconds();
      const resources = readResources(params.all('resource'), ctx.urls);
      let granted: { scope: string; audience: readonly string[] };
      if (grantType === 'client_credentials') {
        granted = {
          scope: grantScope(params.get('scope'), client.scope),
          audience: resources ?? [ctx.urls.origin],
        };
      } else {
        const code = requireParameter(params.get('code'), 'code');
        // RFC 6749 §4.1.3: required only when the authorization request carried it.
        const redirectUri = params.get('redirect_uri');
        const codeVerifier = requireParameter(params.get('code_verifier'), 'code_verifier');
        if (!PKCE_VALUE.test(codeVerifier)) {
          throw new OAuthRefusal(
            'invalid_request',
            'code_verifier must be 43 to 128 characters of A-Z, a-z, 0-9, -, ., _ and ~ (RFC 7636).',
          );
        }
        // Scope and resource are checked inside the redemption, so a refusal keeps the code.
        granted = await redeemAuthorizationCode(
          code,
          { clientId, redirectUri: redirectUri === '' ? undefined : redirectUri, codeVerifier },
          keys,
          ctx.issuer,
          now,
          (grant) => ({
            scope: grantScope(params.get('scope'), grant.scope),
            audience: grantAudience(resources, grant, ctx.urls.origin),
          }),
        );
      }
      const accessToken = await issueAccessToken(
        { clientId, scope: granted.scope, audience: granted.audience, now },
        keys,
        ctx.urls,
      );
      return jsonAnswer(200, {
        access_token: accessToken,
        token_type: 'Bearer',
        expires_in: ACCESS_TOKEN_LIFETIME_SECONDS,
        scope: granted.scope,
      });
    });
  return byMethod(ctx.siteUrl, { POST: token });
}
