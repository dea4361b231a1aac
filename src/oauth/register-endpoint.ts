import { exceedsJsonDepth, LIMITS } from '../service/limits.ts';
import { byMethod } from '../http/methods.ts';
import type { PlainHandler } from '../http/plain-http.ts';
import { issueClientId, readRegistration, type RegisteredClient } from './clients.ts';
import {
  answerRefusals,
  jsonAnswer,
  readBody,
  readContext,
  tooLarge,
  type OAuthEndpointOptions,
} from './endpoint-support.ts';
import { OAuthRefusal } from './errors.ts';

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
      const clientId = await issueClientId(client, await ctx.keys(), ctx.issuer);
      return jsonAnswer(201, describeClient(clientId, client));
    });
  return byMethod(ctx.siteUrl, { POST: register });
}

/**
 * The registration response: every registered member, `redirect_uris` included even when empty
 * (the MCP SDKs require it). @see RFC 7591 §3.2.1
 */
function describeClient(clientId: string, client: RegisteredClient) {
  return {
    client_id: clientId,
    client_id_issued_at: client.issuedAt,
    client_name: client.clientName,
    grant_types: [...client.grantTypes],
    token_endpoint_auth_method: 'none',
    ...(client.grantTypes.includes('authorization_code') ? { response_types: ['code'] } : {}),
    redirect_uris: [...client.redirectUris],
    scope: client.scope,
  };
}
