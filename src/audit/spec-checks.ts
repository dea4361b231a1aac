import { createLocalJWKSet, jwtVerify } from 'jose';
import { ApiCatalogLinksetSchema } from '../schemas/api-catalog.ts';
import {
  AgentAuthSchema,
  AuthorizationServerMetadataSchema,
} from '../schemas/authorization-server-metadata.ts';
import { ClaimMetadataSchema } from '../schemas/claim-metadata.ts';
import { ClientRegistrationResponseSchema } from '../schemas/client-registration.ts';
import { JsonRpcResponseSchema } from '../schemas/json-rpc.ts';
import { McpEndpointMetadataSchema } from '../schemas/mcp-endpoint-metadata.ts';
import { JsonWebKeySetSchema, TokenResponseSchema } from '../schemas/oauth.ts';
import { OverviewSchema } from '../schemas/overview.ts';
import { ProblemSchema } from '../schemas/problem.ts';
import { ProtectedResourceMetadataSchema } from '../schemas/protected-resource-metadata.ts';
import type { AuditCheck, AuditContext, CheckScope } from './audit-check.ts';
import { charsetOf, mediaTypeOf, parseJson, type AuditResponse } from './audit-http.ts';

const SPEC = (section: string) => `SPEC.md ${section}`;

/** Fails with the first issues of a zod result; returns the data when it parses. */
export function parseWith<T>(
  scope: CheckScope,
  what: string,
  schema: {
    safeParse(
      value: unknown,
    ):
      | { success: true; data: T }
      | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
  },
  value: unknown,
): T | undefined {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = result.error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.map(String).join('.') || '(root)'}: ${issue.message}`)
    .join('; ');
  scope.fail(`${what} does not match its schema: ${issues}`);
  return undefined;
}

/** Expects a 200 with the media type; fails a JSON/text path answered with HTML (a soft 404). */
export function expectDocument(
  scope: CheckScope,
  response: AuditResponse,
  mediaTypes: readonly string[],
): boolean {
  const type = mediaTypeOf(response);
  if (
    !scope.expect(response.status === 200, `${response.url} answered ${response.status}, not 200`)
  )
    return false;
  return scope.expect(
    mediaTypes.includes(type),
    `${response.url} is ${type || 'untyped'}${type === 'text/html' ? ' (a soft 404)' : ''}, not ${mediaTypes.join(' or ')}`,
  );
}

async function getJson(
  context: AuditContext,
  scope: CheckScope,
  path: string,
  types = ['application/json'],
) {
  const response = await context.http.get(new URL(path, context.origin).href, types.join(', '));
  if (!expectDocument(scope, response, types)) return undefined;
  const json = parseJson(response.text);
  scope.expect(json !== undefined, `${response.url} is not valid JSON`);
  return json;
}

function mcpPost(context: AuditContext, endpoint: string, body: unknown, token?: string) {
  return context.http.request(endpoint, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
}

/** Reads a JSON-RPC result from a JSON or single-event SSE answer. */
function readRpcResult(scope: CheckScope, response: AuditResponse, method: string) {
  if (!scope.expect(response.status === 200, `${method} answered ${response.status}`))
    return undefined;
  const text =
    mediaTypeOf(response) === 'text/event-stream'
      ? response.text
          .split('\n')
          .filter((line) => line.startsWith('data:'))
          .map((line) => line.slice(5).trim())
          .join('')
      : response.text;
  const message = parseWith(scope, `${method} answer`, JsonRpcResponseSchema, parseJson(text));
  if (!message) return undefined;
  if (message.error) {
    scope.fail(`${method} failed: ${message.error.code} ${message.error.message}`);
    return undefined;
  }
  return message.result as Record<string, unknown> | undefined;
}

/** The checks of SPEC.md's surfaces, walked as an agent discovers them. */
export const SPEC_CHECKS: readonly AuditCheck[] = [
  {
    id: 'llms-txt',
    title: 'llms.txt follows llmstxt.org and every link on this origin resolves',
    sources: [SPEC('§4'), 'llmstxt.org', 'agent-ready.dev llms-txt'],
    fix: 'Serve /llms.txt as text/plain; charset=utf-8: one H1, a "> " summary, H2 sections of "- [name](url): notes" and a final "## Optional" section (src/documents/llms-txt.ts).',
    async run(context, scope) {
      const response = await context.http.get(`${context.origin}/llms.txt`);
      if (!expectDocument(scope, response, ['text/plain', 'text/markdown'])) return;
      const lines = response.text.split('\n');
      scope.expect(/^# \S/.test(lines[0] ?? ''), 'the first line is not an H1');
      scope.expect(
        lines.some((line) => /^> \S/.test(line)),
        'no "> " summary line',
      );
      const sections = lines.filter((line) => line.startsWith('## '));
      scope.expect(sections.length >= 2, 'fewer than two H2 sections');
      scope.expect(sections.includes('## Optional'), 'no "## Optional" section');
      const links = [...response.text.matchAll(/^- \[[^\]]+\]\(([^)\s]+)\)/gm)].map(
        (m) => m[1] ?? '',
      );
      scope.expect(links.length > 0, 'no link entries');
      const own = [...new Set(links.filter((href) => href.startsWith(context.origin)))];
      const broken: string[] = [];
      await Promise.all(
        own.map(async (href) => {
          const answer = await context.http.get(href);
          if (answer.status !== 200) broken.push(`${href} (${answer.status})`);
        }),
      );
      scope.expect(broken.length === 0, `links that do not resolve: ${broken.join(', ')}`);
      scope.note(
        `${sections.length} sections, ${links.length} links, ${own.length} on this origin resolve`,
      );
      const full = await context.http.get(`${context.origin}/llms-full.txt`);
      if (expectDocument(scope, full, ['text/plain', 'text/markdown'])) {
        scope.expect(/^# \S/.test(full.text), '/llms-full.txt does not open with an H1');
      }
    },
  },
  {
    id: 'api-catalog',
    title: 'API catalog is an RFC 9727 linkset whose targets resolve',
    sources: [SPEC('§2 ApiCatalogLinkset'), 'RFC 9727', 'isitagentready apiCatalog'],
    fix: 'Serve /.well-known/api-catalog as application/linkset+json with a non-empty linkset of anchored entries (src/documents/api-catalog.ts, vercel.json Content-Type).',
    async run(context, scope) {
      const json = await getJson(context, scope, '/.well-known/api-catalog', [
        'application/linkset+json',
      ]);
      const catalog = parseWith(scope, 'the API catalog', ApiCatalogLinksetSchema, json);
      if (!catalog) return;
      scope.expect(catalog.linkset.length > 0, 'the linkset is empty');
      const targets = catalog.linkset.flatMap((entry) => [
        ...(entry['service-desc'] ?? []),
        ...(entry['service-meta'] ?? []),
      ]);
      scope.expect(targets.length > 0, 'no service-desc or service-meta targets');
      for (const target of new Set(targets.map((t) => t.href))) {
        const answer = await context.http.get(target, 'application/json');
        scope.expect(
          answer.status === 200 && mediaTypeOf(answer) !== 'text/html',
          `${target} does not answer JSON (${answer.status})`,
        );
      }
      const openapi = catalog.linkset[0]?.['service-desc']?.[0]?.href;
      if (openapi) {
        const document = parseJson((await context.http.get(openapi, 'application/json')).text) as
          { openapi?: string } | undefined;
        scope.expect(
          /^3\.1\./.test(document?.openapi ?? ''),
          `${openapi} is not an OpenAPI 3.1 document`,
        );
      }
      scope.note(
        `${catalog.linkset.length} APIs: ${catalog.linkset.map((entry) => entry.anchor).join(', ')}`,
      );
    },
  },
  {
    id: 'rest-v1',
    title: 'REST v1: the overview and both OpenAPI documents',
    sources: [SPEC('§2 Overview'), SPEC('§4 REST v1')],
    fix: 'Serve /api/v1/overview (Overview), /openapi.json and /api/v1/openapi.json (OpenAPI 3.1) as application/json.',
    async run(context, scope) {
      const overview = parseWith(
        scope,
        '/api/v1/overview',
        OverviewSchema,
        await getJson(context, scope, '/api/v1/overview'),
      );
      for (const path of ['/openapi.json', '/api/v1/openapi.json']) {
        const document = (await getJson(context, scope, path)) as { openapi?: string } | undefined;
        scope.expect(/^3\.1\./.test(document?.openapi ?? ''), `${path} is not OpenAPI 3.1`);
      }
      if (overview) {
        scope.expect(
          overview.links.mcp === `${context.origin}/mcp`,
          `overview.links.mcp is ${overview.links.mcp}, not this origin's /mcp`,
        );
        scope.note(`${overview.name}, API ${overview.apiVersion}`);
      }
    },
  },
  {
    id: 'problem-details',
    title: 'Unknown API paths answer RFC 9457 problem details',
    sources: [SPEC('§7'), 'RFC 9457'],
    fix: 'Rewrite unknown /api/* paths to a function that answers 404 application/problem+json with code not_found (vercel.json, api/not-found.ts).',
    async run(context, scope) {
      const path = '/api/v1/no-such-resource';
      const response = await context.http.get(`${context.origin}${path}`, 'application/json');
      scope.expect(response.status === 404, `${path} answered ${response.status}, not 404`);
      scope.expect(
        mediaTypeOf(response) === 'application/problem+json',
        `${path} is ${mediaTypeOf(response)}, not application/problem+json`,
      );
      const problem = parseWith(scope, 'the problem', ProblemSchema, parseJson(response.text));
      if (!problem) return;
      scope.expect(
        problem.code === 'not_found' && problem.title === 'Not Found',
        `problem is ${problem.code}/${problem.title}`,
      );
      scope.expect(problem.instance === path, `instance is ${problem.instance}, not ${path}`);
      scope.expect(
        problem.type === `${context.origin}/errors/not_found`,
        `type is ${problem.type}`,
      );
      const page = await context.http.get(problem.type, 'text/html');
      scope.expect(page.status === 200, `the problem type ${problem.type} does not resolve`);
    },
  },
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
  {
    id: 'mcp-endpoint',
    title: 'MCP endpoint: metadata, initialize and tools/list (anonymous and with the token)',
    sources: [SPEC('§2 McpEndpointMetadata'), SPEC('§4 MCP'), 'MCP streamable HTTP'],
    fix: 'GET /mcp must answer McpEndpointMetadata; POST /mcp must answer initialize and tools/list with read-only tools, with or without the bearer token.',
    async run(context, scope) {
      const endpoint = `${context.origin}/mcp`;
      parseWith(
        scope,
        'GET /mcp',
        McpEndpointMetadataSchema,
        await getJson(context, scope, '/mcp'),
      );
      const init = readRpcResult(
        scope,
        await mcpPost(context, endpoint, {
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: {
            protocolVersion: '2024-11-05',
            capabilities: {},
            clientInfo: { name: 'agent-facts-audit', version: '1.0.0' },
          },
        }),
        'initialize',
      );
      const serverInfo = init?.serverInfo as { name?: string; version?: string } | undefined;
      if (
        scope.expect(
          typeof serverInfo?.name === 'string' && typeof serverInfo.version === 'string',
          'initialize has no serverInfo name and version',
        ) &&
        serverInfo?.name &&
        serverInfo.version
      ) {
        context.state.serverInfo = { name: serverInfo.name, version: serverInfo.version };
        context.state.mcpEndpoint = endpoint;
      }
      const list = readRpcResult(
        scope,
        await mcpPost(context, endpoint, {
          jsonrpc: '2.0',
          id: 2,
          method: 'tools/list',
          params: {},
        }),
        'tools/list',
      );
      const tools = (list?.tools ?? []) as {
        name: string;
        annotations?: { readOnlyHint?: boolean };
      }[];
      scope.expect(tools.length > 0, 'tools/list is empty');
      const writable = tools.filter(
        (tool) => tool.annotations && tool.annotations.readOnlyHint !== true,
      );
      scope.expect(
        writable.length === 0,
        `tools not marked read-only: ${writable.map((t) => t.name).join(', ')}`,
      );
      context.state.toolNames = tools.map((tool) => tool.name);
      if (context.state.accessToken) {
        readRpcResult(
          scope,
          await mcpPost(
            context,
            endpoint,
            { jsonrpc: '2.0', id: 3, method: 'tools/list', params: {} },
            context.state.accessToken,
          ),
          'tools/list with the bearer token',
        );
      }
      scope.note(
        `${serverInfo?.name ?? '?'} ${serverInfo?.version ?? ''}: ${tools.length} read-only tools`,
      );
    },
  },
];
