import type { SiteContent } from '../schemas/site-content.ts';
import { buildAgentAuth } from './authorization-server-metadata.ts';
import { LIMITS } from '../service/limits.ts';
import {
  BATCH_COUNTING,
  formatRateLimitPolicy,
  RATE_LIMITED_ENDPOINTS,
  type RateLimitPolicy,
} from '../service/rate-limit-policy.ts';
import type { ServiceUrls } from '../service/urls.ts';
import {
  ACCESS_TOKEN_LIFETIME_SECONDS,
  AUTHORIZATION_CODE_LIFETIME_SECONDS,
} from '../service/oauth-lifetimes.ts';
import { buildMcpCurl, buildQuickstartInitialize } from './mcp-quickstart.ts';
import { escapeMarkdownText } from '../service/escape-markdown.ts';
import { OAUTH_SCOPES } from '../service/versions.ts';

/**
 * The anonymous flow as shell commands (docs/spec.md §5.7 c-e), shared by auth.md and /developers; a
 * test runs them against the local server. <CLIENT_NAME>, <CLIENT_ID> and <ACCESS_TOKEN> are the
 * placeholders an agent fills in from the previous answers.
 */
export function buildAnonymousFlowCommands(urls: ServiceUrls) {
  const registration = JSON.stringify({
    client_name: '<CLIENT_NAME>',
    grant_types: ['client_credentials'],
    token_endpoint_auth_method: 'none',
  });
  return {
    register: `curl -s -X POST ${urls.oauthRegister} \\\n  -H 'Content-Type: application/json' \\\n  -d '${registration}'`,
    token: `curl -s -X POST ${urls.oauthToken} \\\n  -d grant_type=client_credentials \\\n  -d client_id=<CLIENT_ID>`,
    mcpWithToken: buildMcpCurl(urls.mcp, buildQuickstartInitialize('<CLIENT_NAME>'), [
      'Authorization: Bearer <ACCESS_TOKEN>',
    ]),
  };
}

/**
 * Builds /auth.md: the prose companion of the discovery metadata, walking an agent through the
 * anonymous registration flow (docs/spec.md §5.7) and repeating the agent_auth block (docs/spec.md §5.6).
 */
export function buildAuthMd(
  content: SiteContent,
  urls: ServiceUrls,
  rateLimit: RateLimitPolicy | undefined,
): string {
  const name = escapeMarkdownText(content.company.alternateName);
  const commands = buildAnonymousFlowCommands(urls);
  return `# auth.md

This service publishes ${name}'s public marketing facts for AI agents. It supports anonymous
agentic registration, and nothing more: **no authentication is required**. Every endpoint,
including the MCP endpoint, answers anonymous calls. A bearer token is optional and only labels
anonymous access; it is not a customer credential and unlocks nothing extra.

- Resource server and authorization server (the same origin): ${urls.origin}
- Protected resource metadata: ${urls.protectedResource}
- Authorization server metadata: ${urls.authorizationServer}

## 1. Discover

Read the protected resource metadata (RFC 9728). Its \`authorization_servers\` names the issuer,
its \`scopes_supported\` the scopes and \`bearer_methods_supported\` the header method:

\`\`\`sh
curl -s ${urls.protectedResource}
\`\`\`

Then read the authorization server metadata (RFC 8414). Its \`agent_auth\` block (repeated at the
end of this file) gives the register and claim endpoints:

\`\`\`sh
curl -s ${urls.authorizationServer}
\`\`\`

## 2. Check the claim endpoint (optional)

Registration is anonymous; \`claim_required\` is \`false\` and there is no claim ceremony.

\`\`\`sh
curl -s ${urls.oauthClaim}
\`\`\`

## 3. Register

Register with a free label for your agent (RFC 7591 dynamic client registration). The response
holds your \`client_id\`.

\`\`\`sh
${commands.register}
\`\`\`

## 4. Get a token

Ask the token endpoint for a \`client_credentials\` token with the returned \`client_id\` and no
client secret (\`token_endpoint_auth_method\` \`none\`). Add \`scope\` (\`mcp:read\`,
\`mcp:tools\`) and \`resource\` (RFC 8707: ${urls.origin} or ${urls.mcp}, the token's audience)
if you like. The MCP endpoint accepts a token for either; the A2A endpoint, one for the origin.

\`\`\`sh
${commands.token}
\`\`\`

The answer holds \`access_token\`, \`token_type\` (\`Bearer\`), \`expires_in\` (${ACCESS_TOKEN_LIFETIME_SECONDS} seconds)
and \`scope\`. The access token is a JWT (RFC 9068, \`typ\` \`at+jwt\`, ES256) with \`iss\`
${urls.origin}, \`sub\` and \`client_id\` your client_id, \`aud\`, \`scope\`, \`iat\`, \`exp\` and
\`jti\`; verify it with the key set at ${urls.oauthJwks}. There are no refresh tokens: ask again
when it expires.

## 5. Call the MCP endpoint

Call ${urls.mcp}, with or without the token:

\`\`\`sh
${commands.mcpWithToken}
\`\`\`

A token you send must verify: an expired, altered or foreign token gets \`401\` with
\`WWW-Authenticate: Bearer error="invalid_token", resource_metadata="${urls.protectedResourceMcp}"\`.
Drop the header or get a new token.

## MCP clients: authorization code with PKCE

MCP clients (Claude, Cursor, VS Code, the MCP Inspector, the SDKs) run the MCP authorization flow
on their own; it works here without a login:

1. Register with your \`redirect_uris\` (https, http on 127.0.0.1, [::1] or localhost with any
   port, or a private-use scheme such as \`com.example.app:/callback\`) and
   \`grant_types\` \`["authorization_code"]\`. Grant types this server does not offer (such as
   \`refresh_token\`) are dropped from the registration, and the answer says what was registered.
2. Send the user agent to ${urls.oauthAuthorize} with \`response_type=code\`, \`client_id\`,
   \`redirect_uri\`, \`code_challenge\` and \`code_challenge_method=S256\` (PKCE is required),
   and optionally \`state\`, \`scope\` and \`resource\`. A loopback or private-use redirect URI
   is answered at once: the redirect carries \`code\`, \`state\` and \`iss\` (RFC 9207). Any other
   redirect URI gets a page naming its host, and the redirect follows the user's click there;
   errors for such URIs are shown on that page, not redirected.
3. Within ${AUTHORIZATION_CODE_LIFETIME_SECONDS} seconds, POST \`grant_type=authorization_code\` with \`code\`, \`client_id\`,
   \`code_verifier\` and, if the authorization request carried it, the same \`redirect_uri\` to
   ${urls.oauthToken}. A code is redeemed once; a refused request does not use it up.

## Client ID metadata documents: no registration at all

An MCP client that publishes a client ID metadata document (an https URL whose JSON says
\`client_id\` (that same URL), \`client_name\`, \`redirect_uris\` and \`grant_types\`) may use that
URL as its \`client_id\` at ${urls.oauthAuthorize} and ${urls.oauthToken} without registering: the
authorization server metadata says \`client_id_metadata_document_supported: true\`. The server
fetches the document (https only, public addresses only, no redirects, at most
${LIMITS.clientMetadataBytes} bytes within ${LIMITS.clientMetadataTimeoutMs / 1000} seconds), checks that its \`client_id\` equals its URL and takes the
redirect URIs from it, and keeps it as its \`Cache-Control\` allows (at most
${LIMITS.clientMetadataMaxTtlSeconds} seconds). The client must be public (\`token_endpoint_auth_method\` \`none\`).

Which to use: a client with a stable https home (an MCP client product, a hosted agent) should
publish a metadata document, since every server that supports it then knows the client by one
URL and nothing is registered. A script, a local agent or a client with nowhere to publish
registers at ${urls.oauthRegister} (above); both kinds of client get the same anonymous tokens.

## Scopes

${OAUTH_SCOPES.map((scope) => `- \`${scope}\`: ${scope === 'mcp:read' ? 'read the public facts and documents' : 'call the read-only MCP tools'}.`).join('\n')}

Both scopes are labels. Every tool and resource is read-only and public, with or without them.

## Limits

${
  rateLimit
    ? `The ${RATE_LIMITED_ENDPOINTS} allow each client (by network address) ${rateLimit.limit} requests per
${rateLimit.windowSeconds} seconds, counted on each server instance; ${BATCH_COUNTING}. Every answer carries \`RateLimit-Policy\`
(for example \`${formatRateLimitPolicy(rateLimit)}\`) and \`RateLimit\` (the remaining quota \`r\` and
the seconds \`t\` until it resets). Past the limit the answer is \`429\` with \`Retry-After\`:
wait that many seconds. A token does not raise the limit.`
    : `The ${RATE_LIMITED_ENDPOINTS} apply no rate limit of their own.`
}

Bodies are limited to ${LIMITS.oauthBodyBytes} bytes at the OAuth endpoints and ${LIMITS.mcpBodyBytes} bytes at the MCP
endpoint (\`413\`); JSON may nest ${LIMITS.jsonDepth} levels deep. Every error is explained at
${urls.origin}/errors.

## Why a token without a client secret is safe here

RFC 6749 §4.4 meant the \`client_credentials\` grant for confidential clients. Here the token
authenticates nobody: it carries an anonymous client label, grants nothing that an anonymous
call does not already get, and exposes no customer data, so a public client may request it.
There are no user accounts, e-mail verification, logins, SSO, claim ceremonies or API keys.

## agent_auth

The same block is published in the authorization server metadata:

\`\`\`json
${JSON.stringify(buildAgentAuth(urls), null, 2)}
\`\`\`
`;
}
