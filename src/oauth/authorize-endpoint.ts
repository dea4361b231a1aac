import { byMethod } from '../http/methods.ts';
import type { PlainAnswer, PlainHandler, PlainRequest } from '../http/plain-http.ts';
import { problemAnswer } from '../http/problem.ts';
import { buildErrorTypeUrl } from '../service/urls.ts';
import {
  grantScope,
  isDeviceRedirectUri,
  matchesRedirectUri,
  type RegisteredClient,
} from './clients.ts';
import {
  APPROVAL_PARAMETER,
  buildAuthorizationErrorPage,
  buildConsentPage,
  checkApproval,
  isSameOriginNavigation,
  issueApproval,
  type ApprovedRequest,
} from './consent-page.ts';
import {
  NO_STORE,
  readContext,
  readParameters,
  requireParameter,
  type OAuthContext,
  type OAuthEndpointOptions,
  type OAuthParameters,
} from './endpoint-support.ts';
import { refuse, type OAuthRefusal, type OAuthResult } from './errors.ts';
import { issueAuthorizationCode, readResources } from './tokens.ts';

/** The client and the redirect URI an authorization answer goes to. */
interface AuthorizationTarget {
  readonly client: RegisteredClient;
  readonly clientId: string;
  readonly redirectUri: string;
  /** Whether the request carried `redirect_uri` (RFC 6749 §4.1.3). */
  readonly given: boolean;
}

/**
 * Whether the request is a browser's navigation, which a person reads: `Sec-Fetch-Dest:
 * document`, or, from a browser that sends no fetch metadata, an Accept that names HTML and not
 * JSON. An agent or a script gets the problem details.
 * @see Fetch Metadata Request Headers §2.2
 */
function isPageNavigation(request: PlainRequest): boolean {
  const destination = request.header('sec-fetch-dest');
  if (destination !== undefined && destination !== '') return destination === 'document';
  const accept = request.header('accept') ?? '';
  return /\btext\/html\b/i.test(accept) && !/\bjson\b/i.test(accept);
}

/**
 * A refusal shown to the user agent instead of being redirected to the client: a page in words
 * for a person's browser, the problem details for anyone else.
 */
function shownRefusal(
  ctx: OAuthContext,
  request: PlainRequest,
  refusal: OAuthRefusal,
): PlainAnswer {
  if (isPageNavigation(request)) {
    return buildAuthorizationErrorPage({
      code: refusal.error,
      description: refusal.description,
      issuer: ctx.issuer,
      errorPageUrl: buildErrorTypeUrl(ctx.siteUrl, refusal.error),
    });
  }
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

/**
 * Sends the browser back to the client's redirect URI with `values`, the request's `state` and
 * our `iss`. @see RFC 6749 §4.1.2, RFC 9207 §2
 */
function redirectBack(
  ctx: OAuthContext,
  params: OAuthParameters,
  redirectUri: string,
  values: Record<string, string>,
): PlainAnswer {
  const location = new URL(redirectUri);
  for (const [name, value] of Object.entries(values)) location.searchParams.append(name, value);
  const state = params.get('state');
  if (state !== undefined) location.searchParams.append('state', state);
  location.searchParams.append('iss', ctx.issuer);
  return { status: 302, headers: { Location: location.href, ...NO_STORE } };
}

/** The client and the redirect URI the answer goes to; refusals here are always shown. */
async function readClient(
  ctx: OAuthContext,
  params: OAuthParameters,
  requester: string,
): Promise<OAuthResult<AuthorizationTarget>> {
  const clientId = requireParameter(params.get('client_id'), 'client_id');
  if (!clientId.ok) return clientId;
  const verified = await ctx.resolveClient(clientId.value, requester);
  if (!verified.ok) return verified;
  const client = verified.value;
  const given = params.get('redirect_uri');
  if (given === undefined) {
    if (client.redirectUris.length !== 1) {
      return refuse(
        'invalid_request',
        'redirect_uri is required: this client registered more than one (or none).',
      );
    }
    const redirectUri = client.redirectUris[0] ?? '';
    return { ok: true, value: { client, clientId: clientId.value, redirectUri, given: false } };
  }
  if (!matchesRedirectUri(client.redirectUris, given)) {
    return refuse(
      'invalid_request',
      'redirect_uri is not one of the redirect URIs this client registered.',
    );
  }
  return { ok: true, value: { client, clientId: clientId.value, redirectUri: given, given: true } };
}

/** Checks the rest of the authorization request; returns what the code will carry. */
function readRequest(
  ctx: OAuthContext,
  params: OAuthParameters,
  { client, clientId, redirectUri }: AuthorizationTarget,
): OAuthResult<ApprovedRequest> {
  const responseType = requireParameter(params.get('response_type'), 'response_type');
  if (!responseType.ok) return responseType;
  if (responseType.value !== 'code') {
    return refuse(
      'unsupported_response_type',
      `response_type ${responseType.value} is not supported; use code.`,
    );
  }
  if (!client.grantTypes.includes('authorization_code')) {
    return refuse(
      'unauthorized_client',
      'This client did not register the authorization_code grant.',
    );
  }
  const challenge = requireParameter(params.get('code_challenge'), 'code_challenge');
  if (!challenge.ok) return challenge;
  if (params.get('code_challenge_method') !== 'S256') {
    return refuse('invalid_request', 'code_challenge_method must be S256 (PKCE).');
  }
  if (!/^[A-Za-z0-9_-]{43}$/.test(challenge.value)) {
    return refuse(
      'invalid_request',
      'code_challenge must be the base64url SHA-256 of the code verifier (43 characters).',
    );
  }
  const scope = grantScope(params.get('scope'), client.scope);
  if (!scope.ok) return scope;
  const resources = readResources(params.all('resource'), ctx.urls);
  if (!resources.ok) return resources;
  return {
    ok: true,
    value: {
      clientId,
      redirectUri,
      codeChallenge: challenge.value,
      scope: scope.value,
      resources: resources.value,
      state: params.get('state'),
    },
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
    const params = readParameters(request.url.searchParams);
    if (!params.ok) return shownRefusal(ctx, request, params.refusal);
    const target = await readClient(ctx, params.value, request.client);
    if (!target.ok) return shownRefusal(ctx, request, target.refusal);
    const { client, clientId, redirectUri, given } = target.value;
    const onDevice = isDeviceRedirectUri(redirectUri);
    const approved = readRequest(ctx, params.value, target.value);
    if (!approved.ok) {
      const { error, description } = approved.refusal;
      if (!onDevice) return shownRefusal(ctx, request, approved.refusal);
      return redirectBack(ctx, params.value, redirectUri, {
        error,
        error_description: description,
        error_uri: buildErrorTypeUrl(ctx.siteUrl, error),
      });
    }
    const keys = await ctx.keys();
    const now = ctx.seconds();
    if (!onDevice) {
      const approval = params.value.get(APPROVAL_PARAMETER);
      const confirmed =
        approval !== undefined &&
        isSameOriginNavigation(request, ctx.issuer) &&
        (await checkApproval(approval, approved.value, keys, ctx.issuer, now));
      if (!confirmed) {
        const query = new URLSearchParams(request.url.searchParams);
        query.delete(APPROVAL_PARAMETER);
        query.append(
          APPROVAL_PARAMETER,
          await issueApproval(approved.value, keys, ctx.issuer, now),
        );
        return buildConsentPage({
          clientName: client.clientName,
          ...(client.metadataUrl ? { metadataUrl: client.metadataUrl } : {}),
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
        codeChallenge: approved.value.codeChallenge,
        scope: approved.value.scope,
        resources: approved.value.resources,
      },
      keys,
      ctx.issuer,
      now,
    );
    return redirectBack(ctx, params.value, redirectUri, { code });
  };
  return byMethod(ctx.siteUrl, { GET: authorize });
}
