import { createLocalJWKSet, jwtVerify } from 'jose';
import {
  AgentAuthSchema,
  AuthorizationServerMetadataSchema,
} from '../schemas/authorization-server-metadata.ts';
import { ClaimMetadataSchema } from '../schemas/claim-metadata.ts';
import { ClientRegistrationResponseSchema } from '../schemas/client-registration.ts';
import { JsonWebKeySetSchema, TokenResponseSchema } from '../schemas/oauth.ts';
import { ProtectedResourceMetadataSchema } from '../schemas/protected-resource-metadata.ts';
import type { AuditCheck } from './audit-check.ts';
import { expectDocument, getJson, parseWith } from './audit-expectations.ts';
import { charsetOf, parseJson } from './audit-http.ts';
import { SPEC } from './check-sources.ts';

/** docs/spec.md's OAuth discovery and the anonymous flow: metadata, auth.md, a registration, a token. */
export const SPEC_OAUTH_CHECKS: readonly AuditCheck[] = [
  {
    id: 'protected-resource',
    title: 'Protected resource metadata (RFC 9728) for the origin and the MCP endpoint',
    sources: [SPEC('§5.3-5.4'), 'RFC 9728', 'isitagentready oauthProtectedResource'],
    fix: 'Serve both documents as application/json with resource, authorization_servers = [origin], scopes mcp:read and mcp:tools, bearer method header.',
    async run(context, scope) {
      for (const [path, resource] of [
        ['/.well-known/oauth-protected-resource', context.origin],
        ['/.well-known/oauth-protected-resource/mcp', `${context.origin}/mcp`],
      ] as const) {
        const metadata = parseWith(
          scope,
          path,
          ProtectedResourceMetadataSchema,
          await getJson(context, scope, path),
        );
        if (!metadata) continue;
        scope.expect(
          metadata.resource === resource,
          `${path}: resource is ${metadata.resource}, not ${resource}`,
        );
        scope.expect(
          metadata.authorization_servers?.[0] === context.origin,
          `${path}: authorization_servers is not [${context.origin}]`,
        );
        scope.expect(
          ['mcp:read', 'mcp:tools'].every((s) => metadata.scopes_supported?.includes(s)),
          `${path}: scopes lack mcp:read or mcp:tools`,
        );
        scope.expect(
          metadata.bearer_methods_supported?.includes('header') === true,
          `${path}: bearer method header missing`,
        );
      }
    },
  },
  {
    id: 'authorization-server',
    title: 'Authorization server metadata (RFC 8414) with its agent_auth block, and the key set',
    sources: [SPEC('§5.4-5.6'), 'RFC 8414', 'isitagentready oauthDiscovery'],
    fix: 'Serve /.well-known/oauth-authorization-server with issuer = origin, the authorize, token, jwks and register endpoints and the agent_auth block; /oauth/jwks must list the signing keys.',
    async run(context, scope) {
      const path = '/.well-known/oauth-authorization-server';
      const metadata = parseWith(
        scope,
        path,
        AuthorizationServerMetadataSchema,
        await getJson(context, scope, path),
      );
      if (!metadata) return;
      const { issuer, authorization_endpoint, token_endpoint, jwks_uri, registration_endpoint } =
        metadata;
      if (
        !issuer ||
        !authorization_endpoint ||
        !token_endpoint ||
        !jwks_uri ||
        !registration_endpoint
      ) {
        scope.fail('issuer, authorization, token, jwks or registration endpoint missing');
        return;
      }
      scope.expect(
        metadata.issuer === context.origin,
        `issuer is ${metadata.issuer}, not ${context.origin}`,
      );
      scope.expect(
        metadata.grant_types_supported?.includes('client_credentials') === true,
        'client_credentials is not a supported grant',
      );
      parseWith(scope, 'agent_auth', AgentAuthSchema, metadata.agent_auth);
      const jwks = parseWith(
        scope,
        jwks_uri,
        JsonWebKeySetSchema,
        await getJson(context, scope, jwks_uri),
      );
      scope.expect((jwks?.keys.length ?? 0) > 0, 'the key set is empty');
      context.state.authorizationServer = {
        issuer,
        token_endpoint,
        jwks_uri,
        registration_endpoint,
      };
      scope.note(`issuer ${metadata.issuer}; ${jwks?.keys.length ?? 0} signing key(s)`);
    },
  },
  {
    id: 'auth-md',
    title: 'auth.md: H1 "auth.md" and the complete agent_auth block',
    sources: [SPEC('§4, §5.6'), 'isitagentready authMd', 'WorkOS auth.md'],
    fix: 'Serve /auth.md as text/markdown whose H1 is "auth.md" and which repeats the agent_auth block (skill, register_uri, claim_uri, anonymous method) in a JSON code block.',
    async run(context, scope) {
      const response = await context.http.get(`${context.origin}/auth.md`, 'text/markdown');
      if (!expectDocument(scope, response, ['text/markdown'])) return;
      scope.expect(charsetOf(response) === 'utf-8', '/auth.md has no charset=utf-8');
      scope.expect(
        /^# auth\.md\s*$/m.test(response.text.split('\n')[0] ?? ''),
        'the H1 is not "# auth.md"',
      );
      const block = [...response.text.matchAll(/```json\n([\s\S]*?)\n```/g)]
        .map((match) => parseJson(match[1] ?? ''))
        .find((value) => typeof value === 'object' && value !== null && 'register_uri' in value);
      const agentAuth = parseWith(scope, 'the agent_auth block of auth.md', AgentAuthSchema, block);
      if (agentAuth) {
        scope.expect(
          agentAuth.skill === `${context.origin}/auth.md`,
          `agent_auth.skill is ${agentAuth.skill}`,
        );
        const claim = parseWith(
          scope,
          agentAuth.claim_uri,
          ClaimMetadataSchema,
          await getJson(context, scope, agentAuth.claim_uri),
        );
        scope.expect(
          claim?.claim_required === false,
          'the claim endpoint does not say claim_required: false',
        );
      }
    },
  },
  {
    id: 'oauth-anonymous-flow',
    title: 'Anonymous registration and a client_credentials token that verifies with the key set',
    sources: [SPEC('§5.5, §5.7'), 'RFC 7591', 'RFC 6749 §4.4', 'RFC 9068'],
    fix: 'POST /oauth/register must return a client_id for the anonymous body; POST /oauth/token with grant_type=client_credentials and that client_id must return a JWT signed by a key of /oauth/jwks.',
    async run(context, scope) {
      const server = context.state.authorizationServer;
      if (!scope.expect(server !== undefined, 'needs the authorization server metadata')) return;
      if (!server) return;
      const registered = await context.http.request(server.registration_endpoint, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({
          client_name: 'agent-facts-audit',
          grant_types: ['client_credentials'],
          token_endpoint_auth_method: 'none',
        }),
      });
      if (readProblemCode(registered.text) === 'signing_keys_missing') {
        scope.fail(
          'OAUTH_SIGNING_KEYS is missing at run time: the functions answer signing_keys_missing; set it for the Production and Preview environments (not only the build), then redeploy',
        );
        return;
      }
      scope.expect(
        registered.status === 201 || registered.status === 200,
        `registration answered ${registered.status}`,
      );
      const client = parseWith(
        scope,
        'the registration',
        ClientRegistrationResponseSchema,
        parseJson(registered.text),
      );
      if (!client) return;
      const tokenAnswer = await context.http.request(server.token_endpoint, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          Accept: 'application/json',
        },
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: client.client_id,
        }).toString(),
      });
      scope.expect(tokenAnswer.status === 200, `the token endpoint answered ${tokenAnswer.status}`);
      const token = parseWith(scope, 'the token', TokenResponseSchema, parseJson(tokenAnswer.text));
      if (!token) return;
      const jwks = JsonWebKeySetSchema.parse(
        parseJson((await context.http.get(server.jwks_uri, 'application/json')).text),
      );
      try {
        const { payload } = await jwtVerify(
          token.access_token,
          createLocalJWKSet(jwks as Parameters<typeof createLocalJWKSet>[0]),
          { issuer: server.issuer },
        );
        scope.note(
          `registered; the ${String(payload.scope ?? '')} token verifies with ${server.jwks_uri}`,
        );
        context.state.accessToken = token.access_token;
      } catch (error) {
        scope.fail(`the access token does not verify with ${server.jwks_uri}: ${String(error)}`);
      }
    },
  },
];

/** The `code` of an RFC 9457 problem body, if the text is one. */
function readProblemCode(text: string): string | undefined {
  const body = parseJson(text);
  return typeof body === 'object' &&
    body !== null &&
    'code' in body &&
    typeof body.code === 'string'
    ? body.code
    : undefined;
}
