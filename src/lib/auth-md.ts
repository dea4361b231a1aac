import type { SiteContent } from '../schemas/site-content.ts';
import { buildAgentAuth } from './authorization-server-metadata.ts';
import type { ServiceUrls } from './service-urls.ts';
import { OAUTH_SCOPES, QUICKSTART_MCP_PROTOCOL_VERSION } from './service-versions.ts';

/**
 * Builds /auth.md: the prose companion of the discovery metadata, walking an agent through the
 * anonymous registration flow (SPEC §5.7) and repeating the agent_auth block (SPEC §5.6).
 */
export function buildAuthMd(content: SiteContent, urls: ServiceUrls): string {
  const name = content.company.alternateName;
  const registration = JSON.stringify({
    client_name: '<CLIENT_NAME>',
    grant_types: ['client_credentials'],
    token_endpoint_auth_method: 'none',
  });
  const initialize = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: {
      protocolVersion: QUICKSTART_MCP_PROTOCOL_VERSION,
      capabilities: {},
      clientInfo: { name: '<CLIENT_NAME>', version: '1.0.0' },
    },
  });
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
curl -s -X POST ${urls.oauthRegister} \\
  -H 'Content-Type: application/json' \\
  -d '${registration}'
\`\`\`

## 4. Get a token

Ask the token endpoint for a \`client_credentials\` token with the returned \`client_id\` and no
client secret (\`token_endpoint_auth_method\` \`none\`). The access token is a JWT you can verify
with the key set at ${urls.oauthJwks}.

\`\`\`sh
curl -s -X POST ${urls.oauthToken} \\
  -d grant_type=client_credentials \\
  -d client_id=<CLIENT_ID>
\`\`\`

## 5. Call the MCP endpoint

Call ${urls.mcp}, with or without the token:

\`\`\`sh
curl -s -X POST ${urls.mcp} \\
  -H 'Content-Type: application/json' \\
  -H 'Accept: application/json, text/event-stream' \\
  -H 'Authorization: Bearer <ACCESS_TOKEN>' \\
  -d '${initialize}'
\`\`\`

## Scopes

${OAUTH_SCOPES.map((scope) => `- \`${scope}\`: ${scope === 'mcp:read' ? 'read the public facts and documents' : 'call the read-only MCP tools'}.`).join('\n')}

Both scopes are labels. Every tool and resource is read-only and public, with or without them.

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
