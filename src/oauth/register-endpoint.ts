import { byMethod } from '../http/methods.ts';
import type { PlainAnswer, PlainHandler, PlainRequest } from '../http/plain-http.ts';
import { readRequestBody, type BodyRefusal, type BodyRules } from '../http/request-body.ts';
import type { ClientRegistrationResponse } from '../schemas/client-registration.ts';
import { LIMITS } from '../service/limits.ts';
import { MEDIA_TYPES } from '../service/media-types.ts';
import { issueClientId, readRegistration, type RegisteredClient } from './clients.ts';
import {
  answerRefusal,
  answerTooLarge,
  jsonAnswer,
  readContext,
  type OAuthContext,
  type OAuthEndpointOptions,
} from './endpoint-support.ts';
import { refuse } from './errors.ts';

/** A registration is one JSON object of at most LIMITS.oauthBodyBytes. @see RFC 7591 §3.1 */
const REGISTRATION_BODY: BodyRules<'json'> = {
  mediaType: MEDIA_TYPES.json,
  maxBytes: LIMITS.oauthBodyBytes,
  format: 'json',
};

/**
 * POST /oauth/register: anonymous dynamic client registration (RFC 7591). Answers 201 with the
 * self-contained client_id and every registered member, including the values the server chose.
 */
export function createRegisterHandler(options: OAuthEndpointOptions): PlainHandler {
  const ctx = readContext(options);
  const register: PlainHandler = async (request) => {
    const body = await readRequestBody(request, REGISTRATION_BODY);
    if (!body.ok) return answerBodyRefusal(ctx, request, body);
    const client = readRegistration(body.value, ctx.seconds() * 1000);
    if (!client.ok) return answerRefusal(ctx, request, client.refusal);
    const clientId = await issueClientId(client.value, await ctx.keys(), ctx.issuer);
    if (!clientId.ok) return answerRefusal(ctx, request, clientId.refusal);
    return jsonAnswer(201, describeClient(clientId.value, client.value));
  };
  return byMethod(ctx.siteUrl, { POST: register });
}

/**
 * A body the reader refused, answered as before the shared reader: 413 as a problem, the rest as
 * invalid_client_metadata. @see RFC 7591 §3.2.2
 */
function answerBodyRefusal(
  ctx: OAuthContext,
  request: PlainRequest,
  refusal: BodyRefusal,
): PlainAnswer {
  if (refusal.reason === 'too_large') return answerTooLarge(ctx, request);
  const description = {
    media_type: 'Send the registration as a JSON object with Content-Type: application/json.',
    malformed: 'The registration body is not valid JSON.',
    too_deep: `The registration nests arrays and objects more than ${LIMITS.jsonDepth} levels deep.`,
  }[refusal.reason];
  return answerRefusal(ctx, request, refuse('invalid_client_metadata', description).refusal);
}

/**
 * The registration response: every registered member, `redirect_uris` included even when empty
 * (the MCP SDKs require it). @see RFC 7591 §3.2.1
 */
function describeClient(clientId: string, client: RegisteredClient): ClientRegistrationResponse {
  return {
    client_id: clientId,
    client_id_issued_at: client.issuedAt,
    client_name: client.clientName,
    grant_types: [...client.grantTypes],
    token_endpoint_auth_method: 'none',
    ...(client.grantTypes.includes('authorization_code')
      ? { response_types: ['code' as const] }
      : {}),
    redirect_uris: [...client.redirectUris],
    scope: client.scope,
  };
}
