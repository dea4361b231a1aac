import { byMethod } from '../http/methods.ts';
import type { PlainAnswer, PlainHandler, PlainRequest } from '../http/plain-http.ts';
import { problemAnswer } from '../http/problem.ts';
import { buildErrorTypeUrl } from '../service/urls.ts';
import {
  isDeviceRedirectUri,
  matchesRedirectUri,
  verifyClientId,
  type RegisteredClient,
} from './clients.ts';
import {
  APPROVAL_PARAMETER,
  buildConsentPage,
  checkApproval,
  isSameOriginNavigation,
  issueApproval,
  type ApprovedRequest,
} from './consent-page.ts';
import {
  grantScope,
  NO_STORE,
  readContext,
  readParameters,
  requireParameter,
  type OAuthContext,
  type OAuthEndpointOptions,
  type OAuthParameters,
} from './endpoint-support.ts';
import { OAuthRefusal } from './errors.ts';
import { issueAuthorizationCode, readResources } from './tokens.ts';

/** A refusal shown to the user agent instead of being redirected to the client. */
function shownRefusal(
  ctx: OAuthContext,
  request: PlainRequest,
  refusal: OAuthRefusal,
): PlainAnswer {
  return problemAnswer(ctx.siteUrl, {
    status: 400,
    title: 'Bad Request',
    code: refusal.error,
    detail: refusal.description,
    instance: request.url.pathname,
    hint: 'The error is shown here, not sent back to the client: the request names no valid client or redirect URI, or its redirect URI is a website that only a confirmed request may be sent to.',
    resolution:
      'Register the client at /oauth/register with its redirect URIs, then start again with its client_id, one of those URIs and every required parameter.',
  });
}

function redirectAnswer(location: URL): PlainAnswer {
  return { status: 302, headers: { Location: location.href, ...NO_STORE } };
}

/** The client and the redirect URI the answer goes to; refusals here are always shown. */
async function readClient(
  ctx: OAuthContext,
  params: OAuthParameters,
): Promise<{ client: RegisteredClient; clientId: string; redirectUri: string; given: boolean }> {
  const clientId = requireParameter(params.get('client_id'), 'client_id');
  const client = await verifyClientId(clientId, await ctx.keys(), ctx.issuer);
  const given = params.get('redirect_uri');
  if (given === undefined) {
    if (client.redirectUris.length !== 1) {
      throw new OAuthRefusal(
        'invalid_request',
        'redirect_uri is required: this client registered more than one (or none).',
      );
    }
    return { client, clientId, redirectUri: client.redirectUris[0] ?? '', given: false };
  }
  if (!matchesRedirectUri(client.redirectUris, given)) {
    throw new OAuthRefusal(
      'invalid_request',
      'redirect_uri is not one of the redirect URIs this client registered.',
    );
  }
  return { client, clientId, redirectUri: given, given: true };
}

/** Checks the rest of the authorization request; returns what the code will carry. */
function readRequest(
  ctx: OAuthContext,
  params: OAuthParameters,
  client: RegisteredClient,
  clientId: string,
  redirectUri: string,
): ApprovedRequest {
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
  return {
    clientId,
    redirectUri,
    codeChallenge: challenge,
    scope: grantScope(params.get('scope'), client.scope),
    resources: readResources(params.all('resource'), ctx.urls),
    state: params.get('state'),
  };
}

/**
 * GET /oauth/authorize: authorization code with PKCE (S256) for a registered redirect URI,
 * anonymous (no login, nothing personal shared). A redirect URI on the user's device (loopback
 * or private-use scheme, RFC 8252) gets the code, or the error, at once, with state and iss (RFC
 * 9207). Any other redirect URI is a website anyone could register, so the browser goes there
 * only after the user confirms it on a page of ours, and errors are shown, never redirected:
 * this origin is no open redirector. Errors about the client or the redirect URI are always
 * shown. @see RFC 6749 §4.1.2.1, RFC 9700 §4.11.2
 */
export function createAuthorizeHandler(options: OAuthEndpointOptions): PlainHandler {
  const ctx = readContext(options);
  const authorize: PlainHandler = async (request) => {
    let params: OAuthParameters;
    let target: Awaited<ReturnType<typeof readClient>>;
    try {
      params = readParameters(request.url.searchParams);
      target = await readClient(ctx, params);
    } catch (error) {
      if (error instanceof OAuthRefusal) return shownRefusal(ctx, request, error);
      throw error;
    }
    const { client, clientId, redirectUri, given } = target;
    const onDevice = isDeviceRedirectUri(redirectUri);
    const back = (values: Record<string, string>) => {
      const location = new URL(redirectUri);
      for (const [name, value] of Object.entries(values)) location.searchParams.append(name, value);
      const state = params.get('state');
      if (state !== undefined) location.searchParams.append('state', state);
      location.searchParams.append('iss', ctx.issuer);
      return redirectAnswer(location);
    };
    let approved: ApprovedRequest;
    try {
      approved = readRequest(ctx, params, client, clientId, redirectUri);
    } catch (error) {
      if (!(error instanceof OAuthRefusal)) throw error;
      if (!onDevice) return shownRefusal(ctx, request, error);
      return back({
        error: error.error,
        error_description: error.description,
        error_uri: buildErrorTypeUrl(ctx.siteUrl, error.error),
      });
    }
    const keys = await ctx.keys();
    const now = ctx.seconds();
    if (!onDevice) {
      const approval = params.get(APPROVAL_PARAMETER);
      const confirmed =
        approval !== undefined &&
        isSameOriginNavigation(request, ctx.issuer) &&
        (await checkApproval(approval, approved, keys, ctx.issuer, now));
      if (!confirmed) {
        const query = new URLSearchParams(request.url.searchParams);
        query.delete(APPROVAL_PARAMETER);
        query.append(APPROVAL_PARAMETER, await issueApproval(approved, keys, ctx.issuer, now));
        return buildConsentPage({
          clientName: client.clientName,
          redirectUri,
          issuer: ctx.issuer,
          confirmUrl: `${new URL(ctx.urls.oauthAuthorize).pathname}?${query.toString()}`,
        });
      }
    }
    const code = await issueAuthorizationCode(
      {
        clientId,
        redirectUri,
        redirectUriGiven: given,
        codeChallenge: approved.codeChallenge,
        scope: approved.scope,
        resources: approved.resources,
      },
      keys,
      ctx.issuer,
      now,
    );
    return back({ code });
  };
  return byMethod(ctx.siteUrl, { GET: authorize });
}
